import Foundation

/// Turns record ids into URL-safe path segments.
public enum Slug {
    /// Longest slug galgen produces.
    public static let maxLength = 80

    /// A URL-safe form of `text`: lowercase ASCII letters, digits and single hyphens.
    ///
    /// Letters with accents lose the accent (`é` → `e`); everything else becomes a hyphen.
    /// When nothing is left (an id in another script), the slug is `item-` plus the first 10 hex
    /// digits of the text's SHA-256: stable, and unique enough that a clash is reported.
    /// - Parameter text: The raw id.
    /// - Returns: A non-empty slug of at most ``maxLength`` characters.
    public static func make(_ text: String) -> String {
        // ASCII text (most ids) decomposes to itself and has no marks: made byte by byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ascii(text) }
        var out = ""
        var length = 0  // out is ASCII: its length in characters is its length in bytes
        var pendingHyphen = false
        let decomposed = text.decomposedStringWithCanonicalMapping
        for scalar in decomposed.unicodeScalars {
            let v = scalar.value
            var ascii: UInt32?
            switch v {
            case 0x30...0x39, 0x61...0x7A: ascii = v
            case 0x41...0x5A: ascii = v + 32
            default:
                // Accents split off by the decomposition vanish; anything else separates words.
                if scalar.properties.generalCategory == .nonspacingMark { continue }
            }
            guard let ascii, let s = Unicode.Scalar(ascii) else {
                pendingHyphen = true
                continue
            }
            if length + (pendingHyphen ? 2 : 1) > maxLength { break }
            if pendingHyphen && !out.isEmpty {
                out.append("-")
                length += 1
            }
            pendingHyphen = false
            out.unicodeScalars.append(s)
            length += 1
        }
        if out.isEmpty { return "item-" + String(ContentHash.sha256Hex(text).prefix(10)) }
        return out
    }

    /// ``make(_:)`` of an ASCII `text`, the same rules on its bytes.
    private static func ascii(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(min(text.utf8.count, maxLength))
        var pendingHyphen = false
        for byte in text.utf8 {
            let kept: UInt8
            switch byte {
            case 0x30...0x39, 0x61...0x7A: kept = byte
            case 0x41...0x5A: kept = byte + 32
            default:
                pendingHyphen = true
                continue
            }
            if out.count + (pendingHyphen ? 2 : 1) > maxLength { break }
            if pendingHyphen && !out.isEmpty { out.append(UInt8(ascii: "-")) }
            pendingHyphen = false
            out.append(kept)
        }
        if out.isEmpty { return "item-" + String(ContentHash.sha256Hex(text).prefix(10)) }
        return String(decoding: out, as: UTF8.self)
    }
}
