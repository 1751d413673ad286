import Foundation

/// The words of a text for the search index, as docs/search.md defines them (the browser's
/// `search-core.js` makes the same ones): lower-case, NFKD, nonspacing marks dropped (but the kana
/// voicing marks), NFC, a few letters folded, runs of letters and digits, CJK runs as bigrams,
/// each term cut to 64 UTF-8 bytes.
///
/// Most titles are ASCII: those are split byte by byte and never reach Foundation.
public enum SearchTokenizer {
    /// Terms longer than this many UTF-8 bytes are cut (on a scalar boundary).
    public static let maxTermBytes = 64
    /// The first scalar of a title term: it sorts before every word.
    public static let titleTermMark: UInt8 = 0x01

    /// The terms of a text in order of occurrence, duplicates kept.
    /// - Parameter text: Any text.
    public static func terms(_ text: String) -> [String] {
        var buffer = TermBuffer()
        tokenize(text, into: &buffer)
        return buffer.indices.map { buffer.string($0) }
    }

    /// The title term of a title: U+0001 and its terms joined by single spaces; nil when the title
    /// has no terms.
    /// - Parameter title: A document's title.
    public static func titleTerm(_ title: String) -> String? {
        let terms = terms(title)
        return terms.isEmpty ? nil : "\u{1}" + terms.joined(separator: " ")
    }

    /// Appends the terms of `text` to `buffer`.
    public static func tokenize(_ text: String, into buffer: inout TermBuffer) {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            tokenizeASCII(bytes, into: &buffer)
            return true
        }
        switch ascii {
        case true?: return
        case false?: tokenizeUnicode(text, into: &buffer)
        case nil:
            let bytes = Array(text.utf8)
            if bytes.contains(where: { $0 >= 0x80 }) {
                tokenizeUnicode(text, into: &buffer)
            } else {
                bytes.withUnsafeBufferPointer { tokenizeASCII($0, into: &buffer) }
            }
        }
    }

    /// ASCII only: lower-case letters and digits in runs; NFKD and the rest change nothing here.
    private static func tokenizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout TermBuffer) {
        var length = 0
        for b in bytes {
            var c = b
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): c = b | 0x20
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            default:
                if length > 0 { buffer.endTerm(); length = 0 }
                continue
            }
            if length < maxTermBytes { buffer.bytes.append(c) }
            length += 1
        }
        if length > 0 { buffer.endTerm() }
    }

    /// Any text: steps 1 to 7 of docs/search.md.
    private static func tokenizeUnicode(_ text: String, into buffer: inout TermBuffer) {
        let decomposed = lowercased(text).decomposedStringWithCompatibilityMapping
        var kept = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark || scalar.value == 0x3099 || scalar.value == 0x309A {
            kept.append(scalar)
        }
        let composed = String(kept).precomposedStringWithCanonicalMapping
        var run = Run()
        for scalar in composed.unicodeScalars {
            if let folded = fold(scalar) {
                if run.cjk { run.flush(into: &buffer) }
                for b in folded.utf8 { run.append(Unicode.Scalar(b)) }
            } else if isCJK(scalar.value) && isLetterOrDigit(scalar) {
                if !run.cjk { run.flush(into: &buffer) }
                run.cjk = true
                run.append(scalar)
            } else if isLetterOrDigit(scalar) {
                if run.cjk { run.flush(into: &buffer) }
                run.append(scalar)
            } else {
                run.flush(into: &buffer)
            }
        }
        run.flush(into: &buffer)
    }

    /// Unicode default lower-casing, as JavaScript's `toLowerCase()` does it, Final_Sigma included:
    /// a capital sigma that ends a word becomes `ς` (Swift's `lowercased()` always gives `σ`).
    static func lowercased(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if scalar.value < 0x80 {
                let b = UInt8(scalar.value)
                out.append(Unicode.Scalar(b >= 0x41 && b <= 0x5A ? b | 0x20 : b))
            } else if scalar.value == 0x3A3 {
                out.append(isFinalSigma(scalars, at: i) ? "\u{3C2}" : "\u{3C3}")
            } else {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(out)
    }

    /// Unicode's Final_Sigma condition: a cased letter before (past case-ignorable ones), none after.
    private static func isFinalSigma(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0 && scalars[before].properties.isCaseIgnorable { before -= 1 }
        guard before >= 0, scalars[before].properties.isCased else { return false }
        var after = index + 1
        while after < scalars.count && scalars[after].properties.isCaseIgnorable { after += 1 }
        return after == scalars.count || !scalars[after].properties.isCased
    }

    /// Step 4: the letters NFKD leaves whole.
    private static func fold(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0xF8: "o"  // ø
        case 0x111, 0xF0: "d"  // đ ð
        case 0x142: "l"  // ł
        case 0x127: "h"  // ħ
        case 0x131: "i"  // ı
        case 0xDF: "ss"  // ß
        case 0xE6: "ae"  // æ
        case 0x153: "oe"  // œ
        case 0xFE: "th"  // þ
        default: nil
        }
    }

    /// General Category L* or N*.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }

    /// The code point ranges docs/search.md calls CJK (Han, kana, Hangul).
    static func isCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3040...0x30FF,
             0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF,
             0xF900...0xFAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// The run of letters and digits being read: alphabetic (one term) or CJK (bigrams).
    private struct Run {
        var scalars: [Unicode.Scalar] = []
        var cjk = false

        mutating func append(_ scalar: Unicode.Scalar) { scalars.append(scalar) }

        mutating func flush(into buffer: inout TermBuffer) {
            defer { scalars.removeAll(keepingCapacity: true); cjk = false }
            guard !scalars.isEmpty else { return }
            if cjk {
                if scalars.count == 1 { buffer.append(scalars[0]); buffer.endTerm(); return }
                for i in 1..<scalars.count {
                    buffer.append(scalars[i - 1])
                    buffer.append(scalars[i])
                    buffer.endTerm()
                }
                return
            }
            var length = 0
            for scalar in scalars {
                let size = UTF8.width(scalar)
                if length + size > SearchTokenizer.maxTermBytes { break }
                buffer.append(scalar)
                length += size
            }
            buffer.endTerm()
        }
    }
}

/// Terms one after another in one byte array (no string per term): the tokeniser's output.
public struct TermBuffer: Sendable {
    /// The terms' UTF-8 bytes, back to back.
    public var bytes: [UInt8] = []
    /// Where each term ends in ``bytes``.
    public var ends: [Int] = []

    /// An empty buffer.
    public init() {}

    /// The terms' numbers.
    public var indices: Range<Int> { ends.indices }

    /// Where term `i` is in ``bytes``.
    public func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    /// Term `i` as a string.
    public func string(_ i: Int) -> String { String(decoding: bytes[range(i)], as: UTF8.self) }

    /// Ends the term being written.
    public mutating func endTerm() { ends.append(bytes.count) }

    /// Appends a scalar's UTF-8 bytes to the term being written.
    public mutating func append(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        switch v {
        case ..<0x80:
            bytes.append(UInt8(v))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | v >> 6))
            bytes.append(UInt8(0x80 | v & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | v >> 12))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | v >> 18))
            bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Forgets every term, keeping the memory.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}
