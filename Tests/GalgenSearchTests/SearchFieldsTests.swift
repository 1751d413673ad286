import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenSearch
import GalgenSiteModel
import Testing

/// Searchable extra fields (`"search": true`): their shown texts add terms to the index and ride in the
/// document shards, labelled in index.json; without any, the index is what it was.
struct SearchFieldsTests {
    /// A collection of apps with a genre (searchable when asked), a developer (never) and a home page link.
    private static func apps(searchGenre: Bool, searchLink: Bool = false, withFields: Bool = true) -> Collection {
        var genre = FieldSpec(name: "genre", path: FieldPath("g")!)
        genre.search = searchGenre
        var link = FieldSpec(name: "home", label: "Home page", path: FieldPath("h")!, type: .url)
        link.search = searchLink
        let developer = FieldSpec(name: "developer", path: FieldPath("d")!)
        let rows: [(String, String?, String?, String?)] = [
            ("Chess Pro", "Strategy", "Kasparov Soft", "chess.example/pro"),
            ("Café Finder", "Food & Drink", "Bistro Labs", nil),
            ("Maps", nil, "Atlas Crème", "maps.example"),
            ("Strategy Guide", "Books", nil, nil),
        ]
        let items = rows.enumerated().map { i, row in
            var record = Record(id: "\(i)", slug: "a\(i)", title: row.0, origin: "t")
            if withFields {
                record.fields = [row.1.map { FieldValue(text: $0) }, row.2.map { FieldValue(text: $0) },
                                 row.3.map { FieldValue(text: $0, href: "https://" + $0) }]
            }
            return Item(record: record, image: nil)
        }
        return Collection(name: "apps", title: "Apps", items: items, fields: withFields ? [genre, developer, link] : [])
    }

    private static let people = Collection(name: "people", title: "People", items: [
        Item(record: Record(id: "p", slug: "p", title: "Ann", subtitle: "Strategy consultant", origin: "t"), image: nil),
    ])

    /// The files of an index by path, and its term postings.
    private struct Read {
        let files: [String: Data]
        let index: JSONValue

        init(_ search: SearchIndex) throws {
            files = Dictionary(uniqueKeysWithValues: search.files.map { ($0.path, $0.data) })
            index = try JSONDocument(data: try #require(files[SearchIndex.indexPath]), sourceName: "index").root.value
        }

        func json(_ path: String) throws -> JSONValue {
            try JSONDocument(data: try #require(files[path], "\(path)"), sourceName: path).root.value
        }

        func list(_ value: JSONValue?) -> [JSONValue] {
            guard case .array(let nodes)? = value else { return [] }
            return nodes.map(\.value)
        }

        /// Every term with the ids of its documents.
        func postings() throws -> [String: [Int]] {
            var out: [String: [Int]] = [:]
            for (i, hash) in list(index["terms"]?.value["hashes"]?.value).compactMap(\.scalarText).enumerated() {
                let fragment = try json("search/terms/\(i)-\(hash).json")
                let terms = list(fragment["t"]?.value).compactMap(\.scalarText)
                for (term, deltas) in zip(terms, list(fragment["p"]?.value)) {
                    var id = 0
                    out[term] = list(deltas).map { id += Int($0.scalarText ?? "") ?? -1_000; return id }
                }
            }
            return out
        }

        /// Every document's row, in id order (null as nil).
        func rows() throws -> [[String?]] {
            try list(index["docs"]?.value["hashes"]?.value).compactMap(\.scalarText).enumerated().flatMap { n, hash in
                list(try json("search/docs/\(n)-\(hash).json")).map { row in
                    list(row).map { if case .null = $0 { nil } else { $0.scalarText } }
                }
            }
        }

        /// Each collection's `fields` member (nil when left out).
        func labels() -> [[String]?] {
            list(index["collections"]?.value).map { c in
                c["fields"].map { list($0.value).compactMap(\.scalarText) }
            }
        }
    }

    @Test func aSearchableFieldsTermsAreIndexedAndANonSearchableFieldsAreNot() throws {
        let read = try Read(SearchIndex(collections: [Self.apps(searchGenre: true), Self.people], pageSize: 60, itemPages: true))
        let postings = try read.postings()
        // Genre words (case- and diacritic-folded by the tokeniser) find their documents.
        #expect(postings["strategy"] == [0, 3, 4])  // Chess Pro's genre, a title, a subtitle
        #expect(postings["food"] == [1] && postings["drink"] == [1] && postings["books"] == [3])
        // The developer and the link are not searchable: none of their words is a term.
        for word in ["kasparov", "soft", "bistro", "labs", "atlas", "creme", "example"] {
            #expect(postings[word] == nil, "\(word)")
        }
        // A field never joins the title term.
        #expect(postings["\u{1}chess pro"] == [0] && postings.keys.allSatisfy { !$0.hasPrefix("\u{1}chess pro ") })
        #expect(read.labels() == [["Genre"], nil])
        let rows = try read.rows()
        #expect(rows == [["a0", "Chess Pro", nil, "Strategy"], ["a1", "Café Finder", nil, "Food & Drink"],
                         ["a2", "Maps", nil, nil], ["a3", "Strategy Guide", nil, "Books"],
                         ["p", "Ann", "Strategy consultant"]])
    }

    @Test func aSearchableLinkAddsTheWordsOfItsShownText() throws {
        let read = try Read(SearchIndex(collections: [Self.apps(searchGenre: false, searchLink: true)], pageSize: 60, itemPages: true))
        let postings = try read.postings()
        #expect(postings["example"] == [0, 2] && postings["pro"] == [0] && postings["maps"] == [2])
        #expect(postings["strategy"] == [3] && postings["https"] == nil)  // the shown text, not the href
        #expect(read.labels() == [["Home page"]])
        #expect(try read.rows()[1] == ["a1", "Café Finder", nil, nil])
    }

    @Test func withoutASearchableFieldTheIndexIsByteForByteWhatItWas() throws {
        let plain = SearchIndex(collections: [Self.apps(searchGenre: false, withFields: false), Self.people], pageSize: 60, itemPages: true)
        let fields = SearchIndex(collections: [Self.apps(searchGenre: false), Self.people], pageSize: 60, itemPages: true)
        #expect(plain.files.map(\.path) == fields.files.map(\.path))
        #expect(plain.files.map(\.data) == fields.files.map(\.data))
        // The format of before: rows of three, no "fields" member.
        let read = try Read(fields)
        #expect(try read.rows().allSatisfy { $0.count == 3 } && read.labels() == [nil, nil])
        let index = String(decoding: try #require(read.files[SearchIndex.indexPath]), as: UTF8.self)
        #expect(!index.contains("\"fields\""))
        // A searchable field changes the files.
        let searched = SearchIndex(collections: [Self.apps(searchGenre: true), Self.people], pageSize: 60, itemPages: true)
        #expect(searched.files.map(\.data) != fields.files.map(\.data))
    }

    @Test func albumsOfOneSourceEachCarryTheirLabels() throws {
        var a = Self.apps(searchGenre: true)
        a.name = "apps/a"
        var b = a
        b.name = "apps/b"
        let read = try Read(SearchIndex(collections: [a, Self.people, b], pageSize: 60, itemPages: false))
        #expect(read.labels() == [["Genre"], nil, ["Genre"]])
        #expect(try read.postings()["drink"] == [1, 6])
    }
}
