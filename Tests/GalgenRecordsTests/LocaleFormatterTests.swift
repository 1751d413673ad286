import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import Testing

/// Locale field formats through ICU (`"fieldFormat": "locale"`): each type in Swedish, German,
/// French, Japanese, Arabic and English as CLDR specifies them (ICU separates with U+00A0 and, in
/// French groups, U+202F), always in UTC and at the precision the value was written with.
struct LocaleFormatterTests {
    private static let nbsp = "\u{A0}", narrowNbsp = "\u{202F}"

    /// The value read by ``FieldReader`` from JSON text, shown by a formatter for `language`.
    private func shown(_ json: String, _ type: FieldType, _ language: String, configure: (inout FieldSpec) -> Void = { _ in }) -> String? {
        var spec = FieldSpec(name: "f", path: FieldPath("")!, type: type)
        configure(&spec)
        let node = try! JSONDocument(data: Data("[\(json)]".utf8), sourceName: "t.json").root
        guard case .array(let items) = node.value, let value = try? FieldReader.read(items[0], as: spec) else { return nil }
        return LocaleFormatter(language: language).text(of: value, as: spec)
    }

    @Test func datesInEachLanguage() {
        let expected = ["sv": "1 juni 2015", "de": "1. Juni 2015", "fr": "1 juin 2015", "ja": "2015年6月1日", "en": "June 1, 2015"]
        for (language, text) in expected {
            #expect(shown(#""2015-06-01""#, .date, language) == text, "\(language)")
        }
        // As precise as written: a year, a month.
        #expect(shown(#""2015""#, .date, "sv") == "2015")
        #expect(shown(#""2015-06""#, .date, "sv") == "juni 2015" && shown(#""2015-06""#, .date, "de") == "Juni 2015")
        // Unix seconds are a date and a time in UTC; milliseconds too.
        #expect(shown("1433116800", .date, "de") == "1. Juni 2015 um 00:00")
        // Before 1582 the calendar is still Gregorian (ISO 8601's), not ICU's default Julian switch.
        #expect(shown(#""1500-03-01""#, .date, "sv") == "1 mars 1500")
    }

    @Test func dateTimesShowTheWallClockTimeAsWritten() {
        // The wall-clock time of the value's own offset, not converted to the machine's zone or to UTC (ICU formats in UTC).
        // CLDR 46 (ICU 76, the ICU Foundation links) joins a Swedish date and time without "kl.".
        #expect(shown(#""2015-06-01T23:30:00-02:00""#, .date, "sv") == "1 juni 2015 23:30")
        #expect(shown(#""2015-06-01T07:00:00Z""#, .date, "de") == "1. Juni 2015 um 07:00")
        #expect(shown(#""2015-06-01T07:00""#, .date, "fr") == "1 juin 2015 à 07:00")
        #expect(shown(#""2015-06-01T07:00:00Z""#, .date, "sv") { $0.showsTime = false } == "1 juni 2015", "\"time\": false")
        let en = shown(#""2015-06-01T19:05:30+05:30""#, .date, "en")
        #expect(en?.hasPrefix("June 1, 2015") == true && en?.contains("7:05") == true && en?.hasSuffix("PM") == true, "\(en ?? "nil")")
    }

    @Test func timeWrittenWithADateIsKept() throws {
        let spec = FieldSpec(name: "f", path: FieldPath("")!, type: .date)
        for (json, time) in [(#""2015-06-01T23:30:59-02:00""#, Int16(23 * 60 + 30)), (#""2015-06-01""#, nil), ("-86399", 0), ("90000", 60)] {
            let node = try JSONDocument(data: Data("[\(json)]".utf8), sourceName: "t.json").root
            guard case .array(let items) = node.value else { Issue.record("not an array"); continue }
            #expect(try FieldReader.read(items[0], as: spec)?.minuteOfDay == time, "\(json)")
        }
    }

    @Test func numbersKeepTheirWrittenDecimalsAndGroupAsTheLocaleDoes() {
        #expect(shown("1234.5", .number, "sv") == "1\(Self.nbsp)234,5")
        #expect(shown("1234.5", .number, "fr") == "1\(Self.narrowNbsp)234,5")
        #expect(shown("1234.5", .number, "de") == "1.234,5")
        #expect(shown("1234.5", .number, "en") == "1,234.5" && shown("1234.5", .number, "ja") == "1,234.5")
        #expect(shown(#""4.50""#, .number, "sv") == "4,50", "trailing zeros as written")
        #expect(shown("-0.125", .number, "de") == "-0,125")
        #expect(shown("1e3", .number, "sv") == "1\(Self.nbsp)000")
        #expect(LocaleFormatter(language: "sv").integer(1_234_567) == "1\(Self.nbsp)234\(Self.nbsp)567")
        #expect(LocaleFormatter(language: "en").integer(1234) == "1,234")
    }

    @Test func pricesWithTheCurrencyOfTheField() {
        let usd: (inout FieldSpec) -> Void = { $0.currency = "USD" }
        #expect(shown("4.99", .currency, "sv", configure: usd) == "4,99\(Self.nbsp)US$")
        #expect(shown("4.99", .currency, "de", configure: usd) == "4,99\(Self.nbsp)$")
        #expect(shown("4.99", .currency, "fr", configure: usd) == "4,99\(Self.nbsp)$US")
        #expect(shown("4.99", .currency, "en", configure: usd) == "$4.99" && shown("4.99", .currency, "ja", configure: usd) == "$4.99")
        #expect(shown("1234.5", .currency, "de") { $0.currency = "EUR" } == "1.234,50\(Self.nbsp)€")
        // The currency's own decimals (yen has none); no code: two decimals, as the plain format.
        #expect(shown("500", .currency, "en") { $0.currency = "JPY" } == "¥500")
        #expect(shown("4.5", .currency, "sv") == "4,50")
        // A price written as text stays as written.
        #expect(shown(#""Free""#, .currency, "sv", configure: usd) == "Free")
        #expect(shown(#""$1,299.00""#, .currency, "de", configure: usd) == "$1,299.00")
        #expect(shown(#""4.99""#, .currency, "sv", configure: usd) == "4,99\(Self.nbsp)US$", "a number in a string is a number")
    }

    @Test func durationsInCLDRsNumericPattern() {
        #expect(shown("215", .duration, "sv") == "3:35" && shown("3725", .duration, "de") == "1:02:05")
        #expect(shown("215000", .duration, "en") { $0.unit = .ms } == "3:35")
        // Finnish and Danish separate with a full stop (CLDR's durationUnits).
        #expect(shown("3725", .duration, "fi") == "1.02.05" && shown("215", .duration, "da") == "3.35")
    }

    @Test func ratingsAsLocalNumbers() {
        #expect(shown("4.5", .rating, "sv") == "4,5 / 5" && shown("4.5", .rating, "en") == "4.5 / 5")
        #expect(shown("4.45", .rating, "de") == "4,5 / 5", "halves round up, as the plain format")
        #expect(shown("7", .rating, "fr") { $0.max = 10 } == "7 / 10")
    }

    @Test func arabicUsesICUsDefaultDigits() throws {
        // Which digits `ar` uses is CLDR's choice (Arabic-Indic in CLDR 42); the text must be in them and
        // read back to the same values.
        let system = LocaleFormatter.defaultNumberingSystem(language: "ar")
        let zero: UInt32 = switch system {
        case "arab": 0x660
        case "latn": 0x30
        default: 0
        }
        try #require(zero != 0, "unexpected numbering system \(system)")
        func ascii(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.compactMap { s in
                (zero...(zero + 9)).contains(s.value) ? Unicode.Scalar(s.value - zero + 0x30) : s
            }))
        }
        let date = try #require(shown(#""2015-06-01""#, .date, "ar"))
        #expect(date.contains("يونيو") && ascii(date).contains("1") && ascii(date).contains("2015"), "\(date)")
        #expect(ascii(try #require(shown("215", .duration, "ar"))) == "3:35")
        let number = try #require(shown("1234.5", .number, "ar"))
        let digits = ascii(number).filter(\.isASCII).filter(\.isNumber)
        #expect(digits == "12345", "\(number)")
        #expect(system != "arab" || number == "١٬٢٣٤٫٥", "Arabic separators U+066C, U+066B: \(number)")
        let price = try #require(shown("4.99", .currency, "ar") { $0.currency = "USD" })
        #expect(ascii(price).contains(system == "arab" ? "4٫99" : "4.99") && price.contains("US$"), "\(price)")
    }

    @Test func textURLsAndEmailsAreNotChanged() {
        #expect(shown(#""1234.5""#, .text, "sv") == "1234.5")
        #expect(shown(#""https://example.org/a/""#, .url, "sv") == "example.org/a")
        #expect(shown(#""a@example.org""#, .email, "de") == "a@example.org")
    }
}
