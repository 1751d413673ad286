/// Dates as EXIF and XMP store them, checked and written as ISO 8601.
enum MetadataDate {
    /// An EXIF date (`2019:05:04 13:22:01`) with its offset (`+02:00`) as `2019-05-04T13:22:01+02:00`; the
    /// offset is left out when absent or malformed. Nil for impossible or blank dates (`0000:00:00 00:00:00`).
    static func exif(_ text: String?, offset: String?) -> String? {
        guard let text, let date = parse(Array(text.utf8)) else { return nil }
        return date + (offset.flatMap { zone(Array($0.utf8)) } ?? "")
    }

    /// An XMP date (ISO 8601: `2019-05-04T13:22:01.25+02:00`, `2019-05-04T13:22`, `2019-05-04`; exiftool's
    /// `2019:05:04 13:22:01+02:00` too) as `2019-05-04T13:22:01+02:00`, or a bare `2019-05-04`. Nil if impossible.
    static func xmp(_ text: String?) -> String? {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        if bytes.count == 10, let day = calendarDate(bytes) { return day }
        guard bytes.count >= 16 else { return nil }
        // Seconds are optional in XMP: pad "THH:MM" to "THH:MM:00" before the shared parser.
        var padded = bytes
        if bytes.count == 16 || bytes[16] != UInt8(ascii: ":") { padded.insert(contentsOf: Array(":00".utf8), at: 16) }
        guard let date = parse(padded) else { return nil }
        var rest = padded[19...]
        if rest.first == UInt8(ascii: ".") { rest = rest.drop(while: { $0 == UInt8(ascii: ".") || (48...57).contains($0) }) }
        if rest.isEmpty { return date }
        if rest.elementsEqual("Z".utf8) { return date + "Z" }
        return zone(Array(rest)).map { date + $0 } ?? date
    }

    /// `YYYY?MM?DD?HH:MM:SS` at the start of `b` (separators `:` or `-`, then ` ` or `T`), checked.
    private static func parse(_ b: [UInt8]) -> String? {
        guard b.count >= 19, let day = calendarDate(Array(b[0..<10])),
              b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19]),
              hour < 24, minute < 60, second <= 60 else { return nil }
        return day + "T" + String(decoding: b[11..<19], as: UTF8.self)
    }

    /// `YYYY-MM-DD` (or with `:`) checked against the calendar, as `YYYY-MM-DD`.
    private static func calendarDate(_ b: [UInt8]) -> String? {
        guard b.count == 10, b[4] == b[7], b[4] == UInt8(ascii: ":") || b[4] == UInt8(ascii: "-"),
              let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
              year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let text = String(decoding: b, as: UTF8.self)
        return text.replacingColons()
    }

    /// A UTC offset `±HH:MM` (or `±HHMM`), normalised to `±HH:MM`; nil when malformed or out of range.
    private static func zone(_ raw: [UInt8]) -> String? {
        let b = raw.filter { $0 != UInt8(ascii: " ") && $0 != 0 }
        guard b.count == 6 || b.count == 5, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-") else { return nil }
        let minutesAt = b.count == 6 ? 4 : 3
        guard b.count == 5 || b[3] == UInt8(ascii: ":"), let hours = number(b[1..<3]),
              let minutes = number(b[minutesAt..<minutesAt + 2]), hours <= 14, minutes < 60 else { return nil }
        return String(UnicodeScalar(b[0])) + String(decoding: b[1..<3], as: UTF8.self) + ":"
            + String(decoding: b[minutesAt..<minutesAt + 2], as: UTF8.self)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for d in digits {
            guard (48...57).contains(d) else { return nil }
            value = value * 10 + Int(d - 48)
        }
        return digits.isEmpty ? nil : value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

private extension String {
    func replacingColons() -> String {
        String(map { $0 == ":" ? "-" : $0 })
    }
}
