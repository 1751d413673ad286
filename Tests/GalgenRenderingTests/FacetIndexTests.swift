import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import Testing

/// The filters' postings (docs/search.md, "Filters"): counts and postings equal to what the records
/// say, both encodings read back, the manifest well-formed, the files deterministic, the page's controls escaped.
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

    @Test func eachValueIsWrittenTheSmallerWay() {
        let sparse = [3, 900, 4000], dense = Array(stride(from: 0, to: 8000, by: 3))
        #expect(FacetPostings.encode(sparse, count: 8000).first == FacetPostings.Encoding.deltas.rawValue)
        #expect(FacetPostings.encode(dense, count: 8000).first == FacetPostings.Encoding.bitmap.rawValue)
        #expect(FacetPostings.encode(dense, count: 8000).count == 1 + 1000)
        for list in [sparse, dense, [], [0], [127, 128, 16_511, 16_512, 3_000_000]] {
            #expect(FacetPostings.decode(FacetPostings.encode(list, count: 3_000_001)) == list)
        }
        #expect(FacetPostings.decode([9, 1]) == nil && FacetPostings.decode([0, 0x80]) == nil)
    }

    @Test func filesAreDeterministic() {
        let one = FacetIndex(collections: [Self.collection(count: 2000)], numbers: [0])
        let two = FacetIndex(collections: [Self.collection(count: 2000)], numbers: [0])
        #expect(one.files.map(\.path) == two.files.map(\.path))
        #expect(one.files.map(\.data) == two.files.map(\.data))
        let other = FacetIndex(collections: [Self.collection(count: 2000, seed: 2)], numbers: [0])
        #expect(one.manifests != other.manifests)
    }

    @Test func theGalleryPageOffersEachValueWithItsCountEscaped() throws {
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"pageSize": 20, "sources": []}"#.utf8), sourceName: "c"), path: "/site/config.json")
        let collection = Self.collection(count: 300)
        let r = try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: .builtin),
                                 assets: try AssetSet(theme: .builtin))
        let html = r.render(r.plan().first { $0.path == "apps/index.html" }!).html
        #expect(html.contains(#"<form class="filters" hidden="hidden" autocomplete="off" aria-label="Filters" data-filters="search/filters/0-"#))
        #expect(!html.contains("<b>\"Rock\""))
        let hostileCount = Self.expected(collection)[0].first { $0.token == Self.hostile }!.indexes.count
        #expect(html.contains("&lt;/script&gt;&lt;b&gt;"))
        #expect(html.contains("(\(hostileCount))</option>"))
        #expect(html.contains(#"<option value="0-1">0–1 ("#) && html.contains(#"<option value="5-">5 or more ("#))
        #expect(html.contains(#"<option value="4-">4 or more ("#))
        #expect(html.contains(#"<label for="filter-price">Price</label>"#))
        #expect(html.contains(#"<button type="button" class="filters-clear">Clear filters</button>"#))
        #expect(!html.contains(#"class="browse""#) && !r.plan().contains { $0.path.contains("/by-") })
        let plain = Collection(name: "apps", title: "apps", items: collection.items, fields: Self.fields)
        let r2 = try SiteRenderer(config: config, collections: [plain], templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
        #expect(!r2.render(r2.plan().first { $0.path == "apps/index.html" }!).html.contains(#"class="filters""#))
    }

    /// `"pages": true`: each value of that filter gets gallery pages listing exactly its items, linked from
    /// the collection's pages; without it there are none (they are opt-in).
    @Test func browsePagesListEachValuesItemsOnlyWhenAsked() throws {
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"pageSize": 20, "sources": []}"#.utf8), sourceName: "c"), path: "/site/config.json")
        var collection = Self.collection(count: 300)
        collection.filters[0].pages = true
        let r = try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: .builtin),
                                 assets: try AssetSet(theme: .builtin))
        let plan = r.plan()
        let expected = Self.expected(collection)[0]
        let firstPages = plan.filter { $0.path.hasPrefix("apps/by-genre/") && !$0.path.contains("/page/") }
        #expect(firstPages.count == expected.count)
        let gallery = r.render(plan.first { $0.path == "apps/index.html" }!).html
        #expect(gallery.contains(#"<details class="browse">"#) && gallery.contains("Browse by Genre"))
        let games = expected.first { $0.token == "Games" }!.indexes
        let pages = plan.filter { $0.path.hasPrefix("apps/by-genre/games/") }
        #expect(pages.count == (games.count + 19) / 20)
        #expect(gallery.contains(#"by-genre/games/">Games (\#(games.count))</a>"#))
        var listed: [String] = []
        for spec in pages {
            let html = r.render(spec).html
            listed += html.components(separatedBy: #"data-key=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(listed == games.map { "k\($0)" })
    }

    /// A gallery.mustache ejected before the controls were rendered once per collection (`{{> filters}}`
    /// instead of `{{{filtersHTML}}}`) still renders every gallery page the same, byte for byte.
    @Test func anOlderGalleryTemplateWithThePartialRendersTheSamePages() throws {
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"pageSize": 20, "sources": []}"#.utf8), sourceName: "c"), path: "/site/config.json")
        var collection = Self.collection(count: 300)
        collection.filters[0].pages = true
        let builtin = Theme.builtin
        var replaced = false
        let older = Theme(files: builtin.files.map { file in
            guard file.path == "gallery.mustache" else { return file }
            let text = String(decoding: file.data, as: UTF8.self)
            let old = text.replacingOccurrences(of: "{{#filtersHTML}}\n{{{filtersHTML}}}\n{{/filtersHTML}}\n", with: "{{> filters}}\n")
            replaced = old != text
            var copy = file
            copy.data = Data(old.utf8)
            return copy
        })
        #expect(replaced, "gallery.mustache writes {{{filtersHTML}}}")
        let current = try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: builtin),
                                       assets: try AssetSet(theme: builtin))
        let ejected = try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: older),
                                       assets: try AssetSet(theme: older))
        let pages = current.plan().filter { if case .gallery = $0.kind { true } else { false } }
        #expect(pages.count == 15)
        for spec in pages {
            let html = current.render(spec).html
            #expect(html.contains(#"<details class="browse">"#) && html.contains("<option value=\"5-\">"))
            #expect(html == ejected.render(spec).html, "\(spec.path)")
        }
    }
}
