/// Makes record text safe to put into HTML as text: no control characters, no noncharacters,
/// white space collapsed, length capped. Escaping itself happens in the templates.
enum TextCleaner {
    static let maxLength = 300

    /// The cleaned text and whether it had to be cut.
    static func clean(_ text: String, maxLength: Int = TextCleaner.maxLength) -> (text: String, truncated: Bool) {
        if isClean(text, maxLength: maxLength) { return (text, false) }
        return rebuilt(text, maxLength: maxLength)
    }

    /// ``clean(_:maxLength:)`` made scalar by scalar (what it returns for a text that is not clean already).
    static func rebuilt(_ text: String, maxLength: Int) -> (text: String, truncated: Bool) {
        var out = String.UnicodeScalarView()
        var space = false
        var count = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let isControl = v < 0x20 || (0x7F...0x9F).contains(v)
            let isNonCharacter = (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE
            if isControl || scalar.properties.isWhitespace {
                space = true
                continue
            }
            if isNonCharacter { continue }
            if space && !out.isEmpty {
                out.append(" ")
                count += 1
            }
            space = false
            if count >= maxLength { return (String(out) + "…", true) }
            out.append(scalar)
            count += 1
        }
        return (String(out), false)
    }

    /// Whether `clean` would return the text as it is: no control character, noncharacter or white space but
    /// single spaces between words, at most ``maxLength`` scalars long. Decided on the bytes for ASCII (most
    /// record text; a million records are read on every build), on the scalars otherwise, without Unicode's
    /// property tables for the scalars no White_Space can be.
    private static func isClean(_ text: String, maxLength: Int) -> Bool {
        var previous: UInt8 = 0x20  // a leading space is not clean
        var count = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return isCleanScalars(text, maxLength: maxLength) }
            guard byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20) else { return false }
            previous = byte
            count += 1
        }
        return count <= maxLength && previous != 0x20
    }

    private static func isCleanScalars(_ text: String, maxLength: Int) -> Bool {
        var afterSpace = true  // a leading space is not clean
        var count = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else if v > 0x20 && v < 0x7F {
                afterSpace = false
            } else if v < 0xA0 || isWhiteSpace(v) || (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE {
                return false  // C0 and C1 controls (U+0085 among them), other white space, noncharacters
            } else {
                afterSpace = false
            }
            count += 1
        }
        return count <= maxLength && !afterSpace
    }

    /// Unicode's White_Space scalars from U+00A0 on (the property's whole list; `TextCleanerTests` checks it
    /// against the standard library's tables for every scalar).
    static func isWhiteSpace(_ v: UInt32) -> Bool {
        v == 0xA0 || v == 0x1680 || (0x2000...0x200A).contains(v) || v == 0x2028 || v == 0x2029 || v == 0x202F || v == 0x205F
            || v == 0x3000
    }
}
