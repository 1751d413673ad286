public import GalgenConfig
import GalgenCore
import CICUShim
import Synchronization

/// Field values in the site language's formats through ICU (the config's `"fieldFormat": "locale"`):
/// `1 juni 2015`, `1 234,5`, `4,99 US$`, `3:35` in the locale's digits, `4,5 / 5`. Always in UTC
/// (a date-time shows the wall-clock time it was written with), so a build gives the same bytes on
/// every machine with the same ICU; the ICU version is part of the page keys for that reason.
///
/// One per build: the ICU formatters inside are opened once and reused. Calls are serialised by a
/// lock (ICU's date formats are not safe for concurrent use), so it may be shared, but formatting
/// is meant to happen in one pass (see `SiteRenderer`).
// @unchecked: the ICU handle is only used with `lock` held.
public final class LocaleFormatter: @unchecked Sendable {
    private let handle: OpaquePointer?
    private let lock = Mutex(())
    /// The BCP 47 tag it formats for.
    public let language: String

    /// Opens ICU's formats for a language.
    /// - Parameter language: A BCP 47 tag, e.g. `sv`, `de`, `pt-BR` (unknown ones get ICU's root formats).
    public init(language: String) {
        var status: Int32 = 0
        self.language = language
        handle = gg_formatter_open(language, &status)
    }

    deinit { gg_formatter_close(handle) }

    /// The text a field's value shows in this locale; the plain text for text, URL and e-mail
    /// fields, for prices written as text (`Free`), and wherever ICU could not format the value.
    /// - Parameters:
    ///   - value: The value, as ``FieldReader`` read it.
    ///   - spec: Its field.
    /// - Returns: The text to show.
    public func text(of value: FieldValue, as spec: FieldSpec) -> String {
        let formatted: String?
        switch spec.type {
        case .text, .url, .email:
            formatted = nil
        case .number:
            // The text is the number as written when it is a plain decimal (`4.50`): its decimals are kept.
            formatted = decimal(value.text, fractionDigits: Self.fractionDigits(of: value.text))
        case .date:
            formatted = date(value, time: spec.showsTime)
        case .duration:
            formatted = value.number.flatMap { n in call { gg_format_duration($0, Int64(n.rounded()), $1, $2) } }
        case .rating:
            formatted = value.number.flatMap { n -> String? in
                guard let shown = decimal(FieldReader.decimal(n, places: 6), fractionDigits: -1),
                      let top = decimal(FieldReader.decimal(spec.max, places: 6), fractionDigits: -2) else { return nil }
                return shown + " / " + top
            }
        case .currency:
            // Numeric prices only (their text is the plain format's); `Free` or `$4.99` written as text stay.
            formatted = value.number.flatMap { number -> String? in
                guard value.text == FieldReader.price(number, currency: spec.currency) else { return nil }
                let amount = FieldReader.decimal(number, places: 6)
                guard let code = spec.currency else { return decimal(amount, fractionDigits: 2) }
                return call { gg_format_currency($0, amount, code, $1, $2) }
            }
        }
        return formatted ?? value.text
    }

    /// A whole number with the locale's digits and grouping (`1 234` in Swedish), e.g. for counts.
    /// - Parameter n: The number.
    /// - Returns: Its text; plain digits if ICU could not format it.
    public func integer(_ n: Int) -> String {
        decimal(String(n), fractionDigits: 0) ?? String(n)
    }

    /// The numbering system ICU uses by default for a language (`latn`, `arab` for `ar`).
    /// - Parameter language: A BCP 47 tag.
    /// - Returns: ICU's name of the system.
    public static func defaultNumberingSystem(language: String) -> String {
        var out = [CChar](repeating: 0, count: 32)
        gg_default_numbering_system(language, &out, out.count)
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A plain decimal (`-1234.50`) with exactly `fractionDigits` decimals, or at most `-fractionDigits`.
    private func decimal(_ text: String, fractionDigits: Int) -> String? {
        guard Self.isPlainDecimal(text) else { return nil }
        return call { gg_format_decimal($0, text, Int32(fractionDigits), $1, $2) }
    }

    /// A date at the precision it was written with (`2015`, `2015-06`, `2015-06-01`, with its time
    /// when it has one and `time` is true).
    private func date(_ value: FieldValue, time: Bool) -> String? {
        guard let iso = value.datetime else { return nil }
        let written = iso.split(separator: "-", omittingEmptySubsequences: false)
        let parts = written.compactMap { Int64($0) }
        guard parts.count == written.count, (1...3).contains(parts.count) else { return nil }
        let year = parts[0], month = parts.count > 1 ? parts[1] : 1, day = parts.count > 2 ? parts[2] : 1
        var millis = Double(CivilDate.days(year: year, month: month, day: day)) * 86_400_000
        var precision = Int32(parts.count - 1)
        if parts.count == 3, time, let minute = value.minuteOfDay {
            millis += Double(minute) * 60_000
            precision = Int32(GG_DATE_DAY_TIME)
        }
        return call { gg_format_date($0, millis, precision, $1, $2) }
    }

    /// Runs one formatting call with the formatter and an output buffer; nil when it failed.
    private func call(_ body: (OpaquePointer, UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        guard let formatter = handle else { return nil }
        return lock.withLock { _ -> String? in
            var out = [CChar](repeating: 0, count: 512)
            let length = out.withUnsafeMutableBufferPointer { body(formatter, $0.baseAddress!, Int32($0.count)) }
            guard length >= 0 else { return nil }
            return String(decoding: out[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Digits after the point in a plain decimal.
    static func fractionDigits(of text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: point, to: text.endIndex) - 1
    }

    /// An optional `-`, digits, and at most one `.` followed by digits: what ICU's decimal parser takes.
    static func isPlainDecimal(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasPrefix("-") { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }
}
