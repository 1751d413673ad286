import GalgenCore

/// Reads `Retry-After` (RFC 9110 §10.2.3): either delay seconds or an HTTP date.
public enum RetryAfter {
    /// The wait the header asks for, or nil when it is absent or unreadable.
    /// - Parameters:
    ///   - value: The header value.
    ///   - now: Current time, seconds since 1970 (for the date form).
    public static func delay(_ value: String, now: Double) -> Duration? {
        let text = value.trimmingWhitespace
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let seconds = Int(text) else { return nil }
            return .seconds(seconds)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        return .milliseconds(Int64(max(0, (date - now) * 1000).rounded(.up)))
    }
}

/// The preferred HTTP date form, IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    /// Seconds since 1970, or nil when the text is not an IMF-fixdate.
    /// - Parameter text: The header value.
    public static func parse(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", parts[0].count == 4, parts[0].hasSuffix(","),
            let day = Int(parts[1]), parts[1].count == 2, let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), parts[3].count == 4
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]),
            (1...31).contains(day), (0...23).contains(h), (0...59).contains(m), (0...60).contains(s)
        else { return nil }
        let days = Int(CivilDate.days(year: Int64(year), month: Int64(month + 1), day: Int64(day)))
        return Double(days * 86_400 + h * 3_600 + m * 60 + s)
    }

    /// Formats seconds since 1970 as an IMF-fixdate.
    /// - Parameter seconds: Seconds since 1970.
    public static func format(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let rest = total - days * 86_400
        let (year, month, day) = CivilDate.date(days: Int64(days))
        let weekday = weekdays[((days % 7) + 7) % 7]
        let two = CivilDate.two, r = Int64(rest)
        return "\(weekday), \(two(day)) \(months[Int(month) - 1]) \(year) \(two(r / 3600)):\(two(r % 3600 / 60)):\(two(r % 60)) GMT"
    }
}
