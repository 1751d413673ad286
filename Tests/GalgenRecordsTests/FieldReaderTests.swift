import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import Testing

/// Extra fields: each type read, checked and shown the same way on every machine; bad values
/// named in the report and left out, never shown raw.
struct FieldReaderTests {
    private func read(_ json: String, _ type: FieldType, configure: (inout FieldSpec) -> Void = { _ in }) -> Result<FieldValue?, FieldReader.Rejection> {
        var spec = FieldSpec(name: "f", path: FieldPath("")!, type: type)
        configure(&spec)
        let node = try! JSONDocument(data: Data("[\(json)]".utf8), sourceName: "t.json").root
        guard case .array(let items) = node.value else { fatalError() }
        do throws(FieldReader.Rejection) { return .success(try FieldReader.read(items[0], as: spec)) } catch { return .failure(error) }
    }

    private func value(_ json: String, _ type: FieldType, configure: (inout FieldSpec) -> Void = { _ in }) -> FieldValue? {
        guard case .success(let v) = read(json, type, configure: configure) else { return nil }
        return v
    }

    private func rejected(_ json: String, _ type: FieldType, configure: (inout FieldSpec) -> Void = { _ in }) -> String? {
        guard case .failure(let why) = read(json, type, configure: configure) else { return nil }
        return why.reason
    }

    @Test func textIsCleanedAndListsAreJoined() {
        #expect(value(#""  Photo \u0007 editing  ""#, .text)?.text == "Photo editing")
        #expect(value(#"["Fiction", "Sea stories"]"#, .text)?.text == "Fiction, Sea stories")
        #expect(value("42", .text)?.text == "42")
        #expect(value(#""   ""#, .text) == nil && value("null", .text) == nil)
        #expect(rejected(#"{"a": 1}"#, .text)?.contains("object") == true)
        // Long descriptions are kept up to 5,000 characters (titles stop at 300).
        let long = String(repeating: "word ", count: 2000)
        #expect(value("\"\(long)\"", .text)?.text.count == FieldReader.maxTextLength + 1)
    }

    @Test func numbersKeepHowTheyAreWrittenAndCompareAsNumbers() {
        #expect(value("1234", .number) == FieldValue(text: "1234", number: 1234))
        #expect(value(#""4.50""#, .number) == FieldValue(text: "4.50", number: 4.5))
        #expect(value("1e3", .number) == FieldValue(text: "1000", number: 1000))
        #expect(rejected(#""many""#, .number)?.contains("not a number") == true)
        #expect(rejected("true", .number) != nil)
    }

    @Test func datesAreISOAndTimeOrdered() {
        let day = value(#""2015-06-01""#, .date)
        #expect(day?.text == "2015-06-01" && day?.datetime == "2015-06-01" && day?.number == 1_433_116_800)
        // The date as written is shown; the offset moves only the instant.
        let late = value(#""2015-06-01T23:30:00-02:00""#, .date)
        #expect(late?.text == "2015-06-01" && late?.number == 1_433_116_800 + 86_400 + 5400)
        #expect(value(#""2008-07-11T07:00:00Z""#, .date)?.number == 1_215_759_600)
        #expect(value(#""1993-07-20T09:44:18.674Z""#, .date)?.text == "1993-07-20")
        #expect(value(#""2015""#, .date)?.text == "2015" && value(#""2015-06""#, .date)?.text == "2015-06")
        #expect(value("0", .date)?.text == "1970-01-01")
        #expect(value("1433116800000", .date)?.text == "2015-06-01", "milliseconds since 1970")
        #expect(value("-86400", .date)?.text == "1969-12-31")
        #expect(value(#""1600-02-29""#, .date)?.number == Double(CivilDate.days(year: 1600, month: 2, day: 29) * 86_400))
        for bad in [#""2015-02-30""#, #""2015-13-01""#, #""June 1, 2015""#, #""2015-06-01T25:00""#, #""2015-06-01Tjunk""#, "true"] {
            #expect(rejected(bad, .date)?.contains("not a date") == true, "\(bad)")
        }
        // Round trip through the civil-date arithmetic across four centuries.
        for days in stride(from: Int64(-150_000), through: 150_000, by: 997) {
            let (y, m, d) = CivilDate.date(days: days)
            #expect(CivilDate.days(year: y, month: m, day: d) == days)
        }
    }

    @Test func urlsAreSchemeCheckedAndEmailsBecomeMailto() {
        #expect(value(#""https://example.org/app/""#, .url) == FieldValue(text: "example.org/app", href: "https://example.org/app/"))
        #expect(rejected(#""javascript:alert(1)""#, .url)?.contains("javascript") == true)
        #expect(rejected(#""//evil.example/x""#, .url) != nil)
        #expect(value(#""ann.lee@example.com""#, .email) == FieldValue(text: "ann.lee@example.com", href: "mailto:ann.lee@example.com"))
        #expect(value(#""josé@exämple.de""#, .email)?.href == "mailto:josé@exämple.de")
        for bad in [#""ann""#, #""a@b""#, #""a@@b.c""#, #""a b@c.d""#, #""a@b.c\"><script>""#, #""<x>@y.z""#, #""a@.b.c""#] {
            #expect(rejected(bad, .email) != nil, "\(bad)")
        }
    }

    @Test func durationsRatingsAndPrices() {
        #expect(value("75", .duration)?.text == "1:15")
        #expect(value("3725", .duration)?.text == "1:02:05")
        #expect(value("215000", .duration) { $0.unit = .ms } == FieldValue(text: "3:35", number: 215))
        #expect(rejected("-5", .duration) != nil)
        #expect(value("4.46", .rating)?.text == "4.5 / 5")
        #expect(value("4", .rating)?.number == 4)
        #expect(value("8.25", .rating) { $0.max = 10 }?.text == "8.3 / 10")
        #expect(rejected("6", .rating)?.contains("from 0 to 5") == true)
        #expect(value("4.99", .currency) { $0.currency = "USD" } == FieldValue(text: "4.99 USD", number: 4.99))
        #expect(value("12", .currency)?.text == "12.00")
        #expect(value(#""$1,299.00""#, .currency) == FieldValue(text: "$1,299.00", number: 1299))
        #expect(value(#""Free""#, .currency) == FieldValue(text: "Free", number: 0))
        #expect(value(#""3.5""#, .currency)?.text == "3.50")
    }

    @Test func mappedRecordsCarryTheirFieldsAndNameTheBadOnes() throws {
        let mapping = FieldMapping(id: FieldPath("id")!, title: [FieldPath("t")!], extra: [
            FieldSpec(name: "released", path: FieldPath("r")!, type: .date),
            FieldSpec(name: "site", path: FieldPath("u")!, type: .url),
            FieldSpec(name: "genre", path: FieldPath("g")!),
        ])
        let config = SourceConfig(name: "apps", title: "Apps", kind: .json, origin: .file("/s/a.json"), items: FieldPath("")!, fields: mapping)
        let doc = try JSONDocument(data: Data(#"[{"id": 1, "t": "A", "r": "2020-01-02", "u": "javascript:x", "g": "Tools"}, {"id": 2, "t": "B"}]"#.utf8),
                                   sourceName: "a.json")
        let set = try JSONRecordSource(config: config, baseDirectory: "/s", fileSystem: LocalFileSystem()).map(doc)
        #expect(set.records[0].fields == [FieldValue(text: "2020-01-02", datetime: "2020-01-02", number: 1_577_923_200), nil, FieldValue(text: "Tools")])
        #expect(set.records[1].fields == [nil, nil, nil])
        #expect(set.diagnostics.map(\.code) == ["record.bad-field"])
        #expect(set.diagnostics[0].message.contains("\"site\"") && set.diagnostics[0].subject.contains("a.json:1:2"))
    }
}
