import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenSearch
import GalgenSiteModel
import Testing

/// The filters' postings (docs/search.md, "Filters"): counts and postings equal to what the records
/// say, both encodings read back, the manifest well-formed, the files deterministic. (The page's controls:
/// GalgenRenderingTests' `FilterPagesTests`.)
struct FacetIndexTests {
    static let hostile = #"</script><b>"Rock" & 'Roll'</b>"#
    static let genres = ["Games", "Music", "Books", hostile, "Ärzte", "Zoo"]
    static let fields = [FieldSpec(name: "genre", path: FieldPath("g")!), FieldSpec(name: "price", path: FieldPath("p")!, type: .number),
                         FieldSpec(name: "rating", path: FieldPath("r")!, type: .rating)]
    static let filters = [FilterSpec(field: "genre"), FilterSpec(field: "price", kind: .ranges([0, 1, 5])),
                          FilterSpec(field: "rating", kind: .atLeast([3, 4])), FilterSpec(field: "subtitle")]

    /// Item i: a genre (none for every 13th), a price from −1 to 9.99 (none for every 17th), a rating 0–5.
    static func collection(_ name: String = "apps", count: Int, seed: Int = 1) -> Collection {
        var items: [Item] = []
        var state = UInt64(seed)
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for i in 0..<count {
            var record = Record(id: "\(i)", slug: "k\(i)", title: "Item \(i)", subtitle: i % 4 == 0 ? "Sub \(i % 3)" : nil, origin: "t")
            let genre = i % 13 == 0 ? nil : genres[next() % genres.count]
            let price = i % 17 == 0 ? nil : Double(next() % 1100 - 100) / 100
            let rating = Double(next() % 51) / 10
            record.fields = [genre.map { FieldValue(text: $0) }, price.map { FieldValue(text: String($0), number: $0) },
                             FieldValue(text: "\(rating) / 5", number: rating)]
            items.append(Item(record: record, image: nil))
        }
        var collection = Collection(name: name, title: name, items: items, fields: fields)
        collection.filters = filters
        return collection
    }

    /// What the records say each value of each filter holds.
    static func expected(_ c: Collection) -> [[(token: String, indexes: [Int])]] {
        let items = Array(c.items.enumerated())
        let genre = Set(items.compactMap { $0.element.record.fields[0]?.text }).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let price = { (i: Item) in i.record.fields[1]?.number }, rating = { (i: Item) in i.record.fields[2]?.number ?? -1 }
        let subtitles = Set(items.compactMap { $0.element.record.subtitle }).sorted()
        return [
            genre.map { g in (g, items.filter { $0.element.record.fields[0]?.text == g }.map(\.offset)) },
            [("0-1", 0.0, 1.0), ("1-5", 1, 5), ("5-", 5, .infinity)].map { t, lo, hi in
                (t, items.filter { price($0.element).map { $0 >= lo && $0 < hi } ?? false }.map(\.offset))
            },
            [("3-", 3.0), ("4-", 4)].map { t, lo in (t, items.filter { rating($0.element) >= lo }.map(\.offset)) },
            subtitles.map { s in (s, items.filter { $0.element.record.subtitle == s }.map(\.offset)) },
        ]
    }

    @Test func countsAndPostingsAreWhatTheRecordsSay() throws {
        let collections = [Self.collection("a", count: 5000), Collection(name: "empty", title: "E", items: []), Self.collection("b", count: 333, seed: 9)]
        let facets = FacetIndex(collections: collections, numbers: [0, nil, 1])
        let files = Dictionary(uniqueKeysWithValues: facets.files.map { ($0.path, $0) })
        #expect(facets.manifests[1] == nil && facets.filters[1].isEmpty)
        for c in [0, 2] {
            let expected = Self.expected(collections[c])
            #expect(facets.filters[c].count == 4)
            for (f, filter) in facets.filters[c].enumerated() {
                #expect(filter.values.map(\.token) == expected[f].map(\.token))
                for (value, want) in zip(filter.values, expected[f]) {
                    #expect(value.count == want.indexes.count, "\(filter.spec.field)=\(value.token)")
                    let bytes = [UInt8](try #require(files[value.path]).data)
                    #expect(FacetPostings.decode(bytes) == want.indexes, "\(filter.spec.field)=\(value.token)")
                }
            }
            // The manifest lists the same values, counts and files.
            let manifestPath = try #require(facets.manifests[c])
            let manifest = try JSONDocument(data: try #require(files[manifestPath]).data, sourceName: "m").root.value
            guard case .array(let list)? = manifest["filters"]?.value else { Issue.record("no filters"); continue }
            #expect(list.count == 4)
            #expect(manifest["count"]?.value.scalarText == String(collections[c].items.count))
            guard case .array(let values)? = list[0].value["values"]?.value else { Issue.record("no values"); continue }
            #expect(values.count == facets.filters[c][0].values.count)
            for (node, value) in zip(values, facets.filters[c][0].values) {
                guard case .array(let row) = node.value else { Issue.record("not a row"); continue }
                #expect(row.map { $0.value.scalarText } == [value.token, String(value.count), value.path])
            }
        }
    }

    @Test func filesAreDeterministic() {
        let one = FacetIndex(collections: [Self.collection(count: 2000)], numbers: [0])
        let two = FacetIndex(collections: [Self.collection(count: 2000)], numbers: [0])
        #expect(one.files.map(\.path) == two.files.map(\.path))
        #expect(one.files.map(\.data) == two.files.map(\.data))
        // Other items: the manifest keeps its name (every gallery page names it), its bytes differ.
        let other = FacetIndex(collections: [Self.collection(count: 2000, seed: 2)], numbers: [0])
        #expect(one.manifests == other.manifests && one.manifests == ["search/filters/0.json"])
        let manifest = { (f: FacetIndex) in f.files.first { $0.path == "search/filters/0.json" }?.data }
        #expect(manifest(one) != nil && manifest(one) != manifest(other))
    }
}
