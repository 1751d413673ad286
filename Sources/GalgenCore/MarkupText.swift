/// Text for HTML and XML content and attribute values, for the markup galgen writes by hand (feeds,
/// sitemaps, a description's pictures); templates escape through the template engine.
public enum MarkupText {
    /// Escapes `&`, `<`, `>`, `"` and `'`; drops the characters XML 1.0 forbids (C0 controls but tab
    /// and line ends, U+FFFE, U+FFFF), which would make a page or feed not well-formed.
    /// - Parameters:
    ///   - text: Any string.
    ///   - apostrophe: What `'` becomes: `&#39;` in pages (the validator reads only the five named
    ///     entities HTML and XML share), `&apos;` in XML files.
    public static func escape(_ text: String, apostrophe: String = "&#39;") -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            default:
                let v = scalar.value
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { continue }
                if v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
