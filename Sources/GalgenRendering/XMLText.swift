/// XML text for the files galgen writes besides pages: sitemaps and feeds.
enum XMLText {
    /// Escapes text for XML content and attribute values; characters XML 1.0 forbids are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Characters XML 1.0 forbids never reach a feed.
                let v = ch.value
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { continue }
                if v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
