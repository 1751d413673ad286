/// Makes record text safe to put into HTML as text: no control characters, no noncharacters,
/// white space collapsed, length capped. Escaping itself happens in the templates.
enum TextCleaner {
    static let maxLength = 300

    /// The cleaned text and whether it had to be cut.
    static func clean(_ text: String) -> (text: String, truncated: Bool) {
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
}
