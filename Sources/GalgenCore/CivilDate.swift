/// Proleptic Gregorian calendar arithmetic in UTC, with no locale or time-zone database, so dates
/// read from records and written into feeds are the same on every machine (H. Hinnant's algorithms).
public enum CivilDate {
    /// Days since 1970-01-01 of a date.
    /// - Parameters:
    ///   - year: The year.
    ///   - month: 1–12.
    ///   - day: 1–31.
    public static func days(year y0: Int64, month m: Int64, day d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The year, month and day of a day number since 1970-01-01.
    /// - Parameter days: Days since 1970-01-01 (negative before).
    public static func date(days z0: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// `2015-06-01T07:00:00Z` (RFC 3339, UTC, whole seconds) for seconds since 1970.
    public static func timestamp(_ seconds: Double) -> String {
        let whole = Int64(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let rest = whole - days * 86_400
        let (y, m, d) = date(days: days)
        return "\(isoDate(y, m, d))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }

    /// `2015-06-01`.
    public static func isoDate(_ year: Int64, _ month: Int64, _ day: Int64) -> String { "\(four(year))-\(two(month))-\(two(day))" }

    /// Two digits, zero-padded.
    public static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Four digits, zero-padded.
    public static func four(_ n: Int64) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
