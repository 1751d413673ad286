import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenTestSupport
import Testing

/// Sorting: the site language's collation for text, numbers and dates as such, missing values last
/// in both orders, ties in source order.
struct RecordOrderTests {
    static let fields = [FieldSpec(name: "price", path: FieldPath("p")!, type: .currency),
                         FieldSpec(name: "released", path: FieldPath("r")!, type: .date),
                         FieldSpec(name: "genre", path: FieldPath("g")!)]

    private func record(_ title: String, price: Double? = nil, released: Double? = nil, genre: String? = nil, id: String? = nil) -> Record {
        var r = Record(id: id ?? title, slug: Slug.make(id ?? title), title: title, origin: "t")
        r.fields = [price.map { FieldValue(text: "\($0)", number: $0) }, released.map { FieldValue(text: "d", number: $0) },
                    genre.map { FieldValue(text: $0) }]
        return r
    }

    private func sorted(_ records: [Record], _ keys: [SortSpec], language: String = "en") -> [String] {
        var records = records
        RecordOrder.sort(&records, by: keys, fields: Self.fields, language: language)
        return records.map(\.title)
    }

    @Test func textFollowsTheLanguagesCollation() {
        let words = ["Zebra", "äpple", "Apple", "Ärger", "élan", "eagle", "Łódź", "Lodz", "abc", "Ábc"].map { record($0) }
        // English: accents are secondary differences, so ä sorts with a.
        #expect(sorted(words, [SortSpec(by: "title")]) == ["abc", "Ábc", "Apple", "äpple", "Ärger", "eagle", "élan", "Lodz", "Łódź", "Zebra"])
        // Swedish: å, ä, ö are letters after z.
        #expect(sorted(words, [SortSpec(by: "title")], language: "sv") == ["abc", "Ábc", "Apple", "eagle", "élan", "Lodz", "Łódź", "Zebra", "äpple", "Ärger"])
        #expect(sorted(words, [SortSpec(by: "title", order: .desc)]).first == "Zebra")
    }

    @Test func nonLatinScriptsAndDigitRuns() {
        let mixed = ["東京", "Ωmega", "Alpha", "Берлин", "Athens", "Αθήνα"].map { record($0) }
        // Root order groups scripts: Latin, Greek, Cyrillic, then Han.
        #expect(sorted(mixed, [SortSpec(by: "title")]) == ["Alpha", "Athens", "Αθήνα", "Ωmega", "Берлин", "東京"])
        let numbered = ["item 10", "item 2", "item 1"].map { record($0) }
        #expect(sorted(numbered, [SortSpec(by: "title")]) == ["item 1", "item 2", "item 10"])
        // An unknown language tag falls back to the root collation rather than failing.
        #expect(sorted(numbered, [SortSpec(by: "title")], language: "xx-unknown") == ["item 1", "item 2", "item 10"])
    }

    @Test func numbersAndDatesCompareAsSuch() {
        let apps = [record("a", price: 10), record("b", price: 9.5), record("c", price: 100), record("d", price: 0)]
        #expect(sorted(apps, [SortSpec(by: "price")]) == ["d", "b", "a", "c"])
        #expect(sorted(apps, [SortSpec(by: "price", order: .desc)]) == ["c", "a", "b", "d"])
        let days = [record("old", released: -86_400 * 400), record("new", released: 1_700_000_000), record("mid", released: 0)]
        #expect(sorted(days, [SortSpec(by: "released", order: .desc)]) == ["new", "mid", "old"])
    }

    @Test func missingValuesComeLastInBothOrdersAndTiesKeepSourceOrder() {
        let list = [record("n1"), record("x", price: 2), record("n2"), record("y", price: 1), record("z", price: 2)]
        #expect(sorted(list, [SortSpec(by: "price")]) == ["y", "x", "z", "n1", "n2"])
        #expect(sorted(list, [SortSpec(by: "price", order: .desc)]) == ["x", "z", "y", "n1", "n2"])
        // A second key decides ties of the first.
        let genres = [record("b", genre: "Rock"), record("a", genre: "Jazz"), record("c", genre: "Rock"), record("a2", genre: "Jazz")]
        #expect(sorted(genres, [SortSpec(by: "genre"), SortSpec(by: "title", order: .desc)]) == ["a2", "a", "c", "b"])
        // No keys: source order, untouched.
        #expect(sorted(genres, []) == ["b", "a", "c", "a2"])
    }

    @Test func orderIsDeterministicWhateverTheInputOrder() {
        var random = SeededRandom(seed: 7)
        let base = (0..<500).map { i in record("Name \(random.below(50))", price: random.below(3) == 0 ? nil : Double(random.below(20)), id: "id\(i)") }
        var records = base
        RecordOrder.sort(&records, by: [SortSpec(by: "price"), SortSpec(by: "title")], fields: Self.fields, language: "en")
        // Sorted: every neighbour pair is in order (missing prices last).
        for (a, b) in zip(records, records.dropFirst()) {
            let pa = a.fields[0]?.number ?? .infinity, pb = b.fields[0]?.number ?? .infinity
            #expect(pa <= pb)
        }
        var again = records
        RecordOrder.sort(&again, by: [SortSpec(by: "price"), SortSpec(by: "title")], fields: Self.fields, language: "en")
        #expect(again.map(\.id) == records.map(\.id))
    }
}
