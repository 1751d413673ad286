/// Makes record text safe to put into HTML as text: no control characters, no noncharacters,
/// white space collapsed, length capped. Escaping itself happens in the templates.
enum TextCleaner {
    static let maxLength = 300

    /// The cleaned text and whether it had to be cut.
    static func clean(_ text: String, maxLength: Int = TextCleaner.maxLength) -> (text: String, truncated: Bool) {
        if isClean(text, maxLength: maxLength) { return (text, false) }
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

    /// Whether `clean` would return the text as it is, decided on its bytes: printable ASCII, single
    /// spaces between words, at most ``maxLength`` long (most record text; a million records are
    /// read on every build).
    private static func isClean(_ text: String, maxLength: Int) -> Bool {
        var previous: UInt8 = 0x20  // a leading space is not clean
        var count = 0
        for byte in text.utf8 {
            guard byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20) else { return false }
            previous = byte
            count += 1
        }
        return count <= maxLength && previous != 0x20
    }
}
