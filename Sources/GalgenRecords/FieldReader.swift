public import GalgenConfig
public import GalgenCore

/// Reads one extra field of a record by its ``FieldSpec``: the value checked for its type and
/// formatted the same way on every machine (no locale-dependent number or date formatting).
public enum FieldReader {
    /// Longest text a field keeps (descriptions run long; titles are capped at 300).
    public static let maxTextLength = 5000

    /// Why a value was not used.
    public struct Rejection: Error, Sendable, Hashable {
        /// What was wrong, for the build report.
        public var reason: String
    }

    /// The field's value in `node` (a record's value at the field's path).
    /// - Parameters:
    ///   - node: The value.
    ///   - spec: The field.
    /// - Returns: The value, or nil for null and empty text; throws when the value is not of the field's type.
    public static func read(_ node: JSONNode, as spec: FieldSpec) throws(Rejection) -> FieldValue? {
        if case .null = node.value { return nil }
        switch spec.type {
        case .text:
            return try text(node).map { FieldValue(text: $0) }
        case .number:
            guard let (number, written) = numberOf(node) else { throw Rejection(reason: "\(describe(node)) is not a number") }
            return FieldValue(text: written, number: number)
        case .date:
            guard let date = date(node) else {
                throw Rejection(reason: "\(describe(node)) is not a date (ISO 8601 such as 2015-06-01 or 2015-06-01T07:00:00Z, or Unix seconds)")
            }
            return FieldValue(text: date.text, datetime: date.text, number: date.seconds, minuteOfDay: date.minute)
        case .url:
            guard case .string(let raw) = node.value else { throw Rejection(reason: "\(describe(node)) is not a URL") }
            if raw.trimmingWhitespace.isEmpty { return nil }
            guard let url = WebURL.httpURL(raw) else {
                let scheme = WebURL.scheme(of: raw.trimmingWhitespace).map { " (scheme \"\($0):\")" } ?? ""
                throw Rejection(reason: "the value is not an absolute http(s) URL\(scheme)")
            }
            return FieldValue(text: TextCleaner.clean(shortURL(url), maxLength: 300).text, href: url)
        case .email:
            guard case .string(let raw) = node.value else { throw Rejection(reason: "\(describe(node)) is not an e-mail address") }
            let address = raw.trimmingWhitespace
            if address.isEmpty { return nil }
            guard isEmail(address) else { throw Rejection(reason: "\"\(TextCleaner.clean(address, maxLength: 80).text)\" is not an e-mail address") }
            return FieldValue(text: address, href: "mailto:" + address)
        case .duration:
            guard let (number, _) = numberOf(node), number >= 0, number < 1e12 else {
                throw Rejection(reason: "\(describe(node)) is not a length of time in \(spec.unit == .ms ? "milliseconds" : "seconds")")
            }
            let seconds = spec.unit == .ms ? number / 1000 : number
            return FieldValue(text: clock(seconds), number: seconds)
        case .rating:
            guard let (number, _) = numberOf(node), number >= 0, number <= spec.max else {
                throw Rejection(reason: "\(describe(node)) is not a rating from 0 to \(decimal(spec.max, places: 2))")
            }
            return FieldValue(text: "\(decimal(number, places: 1)) / \(decimal(spec.max, places: 2))", number: number)
        case .currency:
            if case .string(let raw) = node.value {
                guard let shown = try text(node) else { return nil }
                if Double(raw.trimmingWhitespace) == nil {
                    return FieldValue(text: shown, number: amount(in: shown))
                }
            }
            guard let (number, _) = numberOf(node) else { throw Rejection(reason: "\(describe(node)) is not a price") }
            return FieldValue(text: price(number, currency: spec.currency), number: number)
        }
    }

    private static func describe(_ node: JSONNode) -> String {
        if let text = node.value.scalarText { return "\"\(TextCleaner.clean(text, maxLength: 40).text)\"" }
        return node.value.kindName
    }

    /// Strings, numbers and booleans as they are; an array of them joined with `, ` (iTunes' `genres`).
    private static func text(_ node: JSONNode) throws(Rejection) -> String? {
        let raw: String
        switch node.value {
        case .array(let items):
            var parts: [String] = []
            for item in items {
                guard let part = item.value.scalarText else { throw Rejection(reason: "the list holds \(item.value.kindName), not text") }
                parts.append(part)
            }
            raw = parts.joined(separator: ", ")
        case .object: throw Rejection(reason: "the value is an object, not text")
        default: raw = node.value.scalarText ?? ""
        }
        let cleaned = TextCleaner.clean(raw, maxLength: maxTextLength).text
        return cleaned.isEmpty ? nil : cleaned
    }

    /// A JSON number, or a string holding one; with the text to show (as written when it is plain decimal).
    private static func numberOf(_ node: JSONNode) -> (Double, String)? {
        let written: String
        switch node.value {
        case .number(let text): written = text
        case .string(let text): written = text.trimmingWhitespace
        default: return nil
        }
        guard let value = Double(written), value.isFinite else { return nil }
        let plain = written.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D } && written.utf8.count <= 24
        return (value, plain ? written : decimal(value, places: 6))
    }

    /// `value` rounded to `places` decimals, without trailing zeros unless `keepZeros`.
    static func decimal(_ value: Double, places: Int, keepZeros: Bool = false) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        guard abs(value) * scale < 9e15 else { return String(Int64(value.rounded())) }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale)
        var frac = scaled % Int64(scale), digits = places
        if !keepZeros {
            while digits > 0 && frac % 10 == 0 {  // trailing zeros dropped as numbers, not characters
                frac /= 10
                digits -= 1
            }
        }
        var fraction = digits == 0 && !keepZeros ? "" : String(frac)
        fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `75` → `1:15`, `3725` → `1:02:05`.
    static func clock(_ seconds: Double) -> String {
        let total = Int64(seconds.rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        let two = CivilDate.two
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// The first number in a price text (`$1,299.00` → 1299); `Free` (any case) is 0.
    static func amount(in text: String) -> Double? {
        if text.lowercased().contains("free") { return 0 }
        var digits = ""
        var started = false
        for ch in text {
            if ch.isASCII && ch.isNumber { digits.append(ch); started = true }
            else if started && ch == "." { digits.append(ch) }
            else if started && ch == "," { continue }
            else if started { break }
        }
        return Double(digits)
    }

    /// `https://example.org/a/` → `example.org/a`.
    private static func shortURL(_ url: String) -> String {
        var text = Substring(url)
        if let range = text.range(of: "://") { text = text[range.upperBound...] }
        if text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    /// One `@`, a local part and a dotted domain, nothing a mail client or an attribute would misread.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, parts[1].count <= 253, text.count <= 254 else { return false }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else { return false }
        let localAllowed = Set("!#$%&'*+-/=?^_`{|}~.")
        for scalar in parts[0].unicodeScalars {
            guard scalar.value > 0x7F || (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)))
                    || localAllowed.contains(Character(scalar)) else { return false }
        }
        for scalar in domain.unicodeScalars {
            guard scalar.value > 0x7F || scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
                    || scalar == "-" || scalar == "." else { return false }
        }
        return true
    }

    // MARK: - Dates

    /// A date: its text (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as precise as written), its time in
    /// seconds since 1970 (UTC; the offset applied when one is written), and the wall-clock time
    /// written with it, in minutes after midnight (UTC for Unix seconds; nil for a date alone).
    static func date(_ node: JSONNode) -> (text: String, seconds: Double, minute: Int16?)? {
        switch node.value {
        case .number(let text):
            guard let value = Double(text), value.isFinite, abs(value) < 1e14 else { return nil }
            // Past ~5000 AD in seconds reads as milliseconds (JavaScript's Date.now()).
            let seconds = abs(value) >= 1e11 ? value / 1000 : value
            let days = Int64((seconds / 86_400).rounded(.down))
            let (y, m, d) = CivilDate.date(days: days)
            let minute = Int16(((seconds - Double(days) * 86_400) / 60).rounded(.down))
            return (CivilDate.isoDate(y, m, d), seconds, min(minute, 1439))
        case .string(let text):
            return parseISO(text.trimmingWhitespace)
        default:
            return nil
        }
    }

    private static func parseISO(_ text: String) -> (text: String, seconds: Double, minute: Int16?)? {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int64? {
            guard i + n <= b.count else { return nil }
            var v: Int64 = 0
            for k in i..<(i + n) {
                guard b[k] >= 0x30 && b[k] <= 0x39 else { return nil }
                v = v * 10 + Int64(b[k] - 0x30)
            }
            i += n
            return v
        }
        func eat(_ c: UInt8) -> Bool {
            if i < b.count && b[i] == c { i += 1; return true }
            return false
        }
        guard let year = digits(4) else { return nil }
        var month: Int64 = 1, day: Int64 = 1
        var precision = 0
        if eat(0x2D) {
            guard let m = digits(2), (1...12).contains(m) else { return nil }
            month = m
            precision = 1
            if eat(0x2D) {
                guard let d = digits(2), d >= 1, d <= daysIn(month: m, year: year) else { return nil }
                day = d
                precision = 2
            }
        }
        var seconds = Double(CivilDate.days(year: year, month: month, day: day) * 86_400)
        var minute: Int16?
        if precision == 2 && (eat(0x54) || eat(0x20)) {
            guard let h = digits(2), h < 24, eat(0x3A), let mi = digits(2), mi < 60 else { return nil }
            var s: Double = 0
            if eat(0x3A) {
                guard let sec = digits(2), sec <= 60 else { return nil }
                s = Double(sec)
                if eat(0x2E) || eat(0x2C) {
                    let start = i
                    while i < b.count && b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
                    guard i > start else { return nil }
                    s += Double("0." + String(decoding: b[start..<i], as: UTF8.self)) ?? 0
                }
            }
            seconds += Double(h * 3600 + mi * 60) + s
            minute = Int16(h * 60 + mi)
            if eat(0x5A) || eat(0x7A) {
                // UTC
            } else if i < b.count && (b[i] == 0x2B || b[i] == 0x2D) {
                let sign: Double = b[i] == 0x2B ? 1 : -1
                i += 1
                guard let oh = digits(2), oh < 24 else { return nil }
                _ = eat(0x3A)
                let om = digits(2) ?? 0
                seconds -= sign * Double(oh * 3600 + om * 60)
            }
        }
        guard i == b.count else { return nil }
        // The date shown is the one written, whatever its offset: what readers of the record expect.
        let shown = precision == 0 ? CivilDate.four(year) : precision == 1 ? CivilDate.four(year) + "-" + CivilDate.two(month)
            : CivilDate.isoDate(year, month, day)
        return (shown, seconds, minute)
    }

    /// A numeric price as the plain format shows it: two decimals and the code, `4.99 USD`.
    static func price(_ amount: Double, currency: String?) -> String {
        decimal(amount, places: 2, keepZeros: true) + (currency.map { " " + $0 } ?? "")
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
