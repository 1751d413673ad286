/// Checks for URLs that come from records and end up in `href` or `src` attributes.
public enum WebURL {
    /// `text` trimmed, when it is an absolute `http` or `https` URL with a host; nil otherwise.
    ///
    /// Rejects `javascript:`, `data:`, `file:`, protocol-relative `//host` and anything with
    /// control characters or spaces, which browsers would strip or reinterpret.
    /// - Parameter text: A URL from a record.
    public static func httpURL(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        let lower = trimmed.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = trimmed.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = trimmed.dropFirst(7)
        } else {
            return nil
        }
        guard let first = rest.first, first != "/", first != "?", first != "#" else { return nil }
        for scalar in trimmed.unicodeScalars where scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "\\" {
            return nil
        }
        return trimmed
    }

    /// The scheme of `text` (lowercased, without the colon), or nil when it has none.
    /// - Parameter text: A URL or path.
    public static func scheme(of text: String) -> String? {
        // On the UTF-8 bytes: a scheme is ASCII, and most texts asked about (local paths) have no
        // colon, which a walk over Characters would find only after segmenting the whole text.
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = bytes[..<colon]
        func letter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        guard let first = candidate.first, letter(first),
            candidate.allSatisfy({ letter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return nil }
        return String(decoding: candidate, as: UTF8.self).lowercased()
    }
}

extension String {
    /// The string without leading and trailing white space and newlines.
    public var trimmingWhitespace: String {
        // Printable ASCII at both ends: nothing to trim (no Unicode property lookups).
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
