import Foundation
import GalgenCore
import GalgenRecords
import GalgenSearch
import GalgenSiteModel
import Testing

/// The files of docs/search.md, read back as the browser reads them.
struct SearchIndexTests {
    private static let hostile = #"</script><script>alert("x")</script> & O'Brien مرحبا 🦊"#

    private static func collection(_ name: String, _ titles: [(String, String?)], slug: (Int) -> String = { "k\($0)" }) -> Collection {
        Collection(name: name, title: name.capitalized, items: titles.enumerated().map { i, t in
            Item(record: Record(id: "\(i)", slug: slug(i), title: t.0, subtitle: t.1, origin: "t"), image: nil)
        })
    }

    /// Titles with many shared and many distinct words, some long, some not ASCII.
    private static func people(_ count: Int) -> Collection {
        collection("people", (0..<count).map { i in
            let title = i % 7 == 0 ? "Émile Zola \(i)" : i % 11 == 0 ? "東京都 \(i % 50)" : "Person \(i) word\(i % 300)"
            return (title, i % 3 == 0 ? "City \(i % 97) " + String(repeating: "x", count: i % 90) : nil)
        })
    }

    /// The parsed files of an index, by path.
    private struct Read {
        let index: JSONValue
        let files: [String: SiteFile]

        init(_ search: SearchIndex) throws {
            var files: [String: SiteFile] = [:]
            for file in search.files { files[file.path] = file }
            self.files = files
            index = try JSONDocument(data: try #require(files[SearchIndex.indexPath]).data, sourceName: "index").root.value
        }

        func strings(_ a: String, _ b: String) -> [String] {
            guard case .array(let list)? = index[a]?.value[b]?.value else { return [] }
            return list.compactMap(\.value.scalarText)
        }

        func json(_ path: String) throws -> JSONValue {
            let file = try #require(files[path], "\(path)")
            return try JSONDocument(data: file.data, sourceName: path).root.value
        }

        /// Each term fragment: its terms, the ids of each, and its size in bytes.
        func termFragments() throws -> [(terms: [String], ids: [[Int]], size: Int)] {
            try strings("terms", "hashes").enumerated().map { i, hash in
                let path = "search/terms/\(i)-\(hash).json"
                let value = try json(path)
                guard case .array(let t)? = value["t"]?.value, case .array(let p)? = value["p"]?.value else { throw Failure() }
                let ids = p.map { node -> [Int] in
                    guard case .array(let deltas) = node.value else { return [] }
                    var id = 0
                    return deltas.map { id += Int($0.value.scalarText ?? "") ?? -1_000_000; return id }
                }
                return (t.compactMap(\.value.scalarText), ids, try #require(files[path]).data.count)
            }
        }
    }

    private struct Failure: Error {}

    /// Code point order: UTF-8 bytes.
    private static func precedes(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

    /// What every document's terms should be, straight from the tokeniser.
    private static func expectedPostings(_ collections: [Collection]) -> [String: [Int]] {
        var postings: [String: [Int]] = [:]
        var id = 0
        for item in collections.flatMap(\.items) {
            var terms = Set(SearchTokenizer.terms(item.record.title) + SearchTokenizer.terms(item.record.subtitle ?? ""))
            if let title = SearchTokenizer.titleTerm(item.record.title) { terms.insert(title) }
            for term in terms { postings[term, default: []].append(id) }
            id += 1
        }
        return postings
    }

    @Test func termFragmentsHoldEveryTermOnceInOrderWithItsDocuments() throws {
        let collections = [Self.people(6_000)]
        let read = try Read(SearchIndex(collections: collections, pageSize: 60, itemPages: true))
        let first = read.strings("terms", "first")
        let fragments = try read.termFragments()
        #expect(fragments.count > 10)
        #expect(first.count == fragments.count && first.first == "")
        var all: [String] = []
        var decoded: [String: [Int]] = [:]
        for (i, fragment) in fragments.enumerated() {
            #expect(!fragment.terms.isEmpty)
            #expect(fragment.terms.count == fragment.ids.count)
            // Fragment i holds the terms t with first[i] <= t < first[i + 1].
            if i > 0 { #expect(fragment.terms.first == first[i]) }
            if i + 1 < first.count { #expect(fragment.terms.allSatisfy { Self.precedes($0, first[i + 1]) }) }
            #expect(fragment.size <= SearchIndex.fragmentBytes || fragment.terms.count == 1, "fragment \(i): \(fragment.size) bytes")
            all += fragment.terms
            for (term, ids) in zip(fragment.terms, fragment.ids) { decoded[term] = ids }
        }
        #expect(zip(all, all.dropFirst()).allSatisfy { Self.precedes($0, $1) })
        #expect(decoded == Self.expectedPostings(collections))
        // Fragments are filled: all but the last are more than half full.
        #expect(fragments.dropLast().allSatisfy { $0.size > SearchIndex.fragmentBytes / 2 })
    }

    @Test func aTermBiggerThanAFragmentIsAFragmentOfItsOwn() throws {
        // "common" is in 20,000 documents: its postings alone are about 40 KB.
        let collections = [Self.collection("c", (0..<20_000).map { ("common \($0)", nil) })]
        let read = try Read(SearchIndex(collections: collections, pageSize: 60, itemPages: true))
        let fragments = try read.termFragments()
        let big = try #require(fragments.first { $0.terms.contains("common") })
        #expect(big.terms == ["common"] && big.size > SearchIndex.fragmentBytes)
        #expect(big.ids == [Array(0..<20_000)])
        #expect(fragments.filter { $0.terms != ["common"] }.allSatisfy { $0.size <= SearchIndex.fragmentBytes })
    }

    @Test func documentShardsAndOffsetsOfTwoCollections() throws {
        let a = Self.collection("a", (0..<300).map { ("Alpha \($0)", $0 == 5 ? "Sub" : nil) })
        let empty = Self.collection("empty", [])
        let b = Self.collection("b", [(Self.hostile, "x & y"), ("Beta", nil)])
        let search = SearchIndex(collections: [a, empty, b], pageSize: 48, itemPages: false)
        #expect(search.collectionNumbers == [0, nil, 1])
        let read = try Read(search)
        guard case .array(let listed)? = read.index["collections"]?.value else { Issue.record("no collections"); return }
        #expect(listed.map { $0.value["base"]?.value.scalarText } == ["a/", "b/"])
        #expect(listed.map { $0.value["offset"]?.value.scalarText } == ["0", "300"])
        #expect(listed.map { $0.value["count"]?.value.scalarText } == ["300", "2"])
        #expect(listed.map { $0.value["title"]?.value.scalarText } == ["A", "B"])
        #expect(listed.allSatisfy { $0.value["pageSize"]?.value.scalarText == "48" && $0.value["itemPages"]?.value.scalarText == "false" })
        #expect(read.index["version"]?.value.scalarText == "1")
        #expect(read.index["docs"]?.value["size"]?.value.scalarText == String(SearchIndex.docsPerShard))
        let hashes = read.strings("docs", "hashes")
        #expect(hashes.count == 3)  // 302 documents, 128 a shard
        var rows: [[String?]] = []
        for (n, hash) in hashes.enumerated() {
            guard case .array(let docs) = try read.json("search/docs/\(n)-\(hash).json") else { Issue.record("shard \(n)"); return }
            #expect(docs.count == (n < 2 ? 128 : 46))
            for doc in docs {
                guard case .array(let fields) = doc.value else { continue }
                rows.append(fields.map { if case .null = $0.value { nil } else { $0.value.scalarText } })
            }
        }
        #expect(rows.count == 302)
        #expect(rows[5] == ["k5", "Alpha 5", "Sub"] && rows[6] == ["k6", "Alpha 6", nil])
        #expect(rows[300] == ["k0", Self.hostile, "x & y"] && rows[301] == ["k1", "Beta", nil])
        // The hostile title cannot close a script or inject markup in any file.
        for file in search.files {
            let text = String(decoding: file.data, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"), "\(file.path)")
        }
        // Its words and its title term are found, for document 300.
        let postings = Dictionary(uniqueKeysWithValues: try read.termFragments().flatMap { zip($0.terms, $0.ids) })
        #expect(postings["brien"] == [300] && postings["script"] == [300] && postings["alpha"] == Array(0..<300))
        #expect(postings["\u{1}beta"] == [301])
        #expect(postings["\u{1}script script alert x script o brien مرحبا"] == [300])
    }

    @Test func keyFragmentsMapEveryKeyToItsIdsAndNeverSplitAKey() throws {
        // The same keys in two collections, after one other key: the pair key-01023 (ids 1024 and
        // 3173) falls on the first fragment boundary and must stay together.
        let count = SearchIndex.keysPerFragment + 100
        let a = Self.collection("a", (0...count).map { ("T \($0)", nil) }, slug: { $0 == 0 ? "a-first" : String(format: "key-%05d", $0 - 1) })
        let b = Self.collection("b", (0..<count).map { ("U \($0)", nil) }, slug: { String(format: "key-%05d", $0) })
        let read = try Read(SearchIndex(collections: [a, b], pageSize: 60, itemPages: true))
        let first = read.strings("keys", "first")
        let hashes = read.strings("keys", "hashes")
        #expect(first.first == "" && first.count == hashes.count && hashes.count == 3)
        var pairs: [(String, Int)] = []
        var sizes: [Int] = []
        for (i, hash) in hashes.enumerated() {
            let value = try read.json("search/keys/\(i)-\(hash).json")
            guard case .array(let k)? = value["k"]?.value, case .array(let d)? = value["d"]?.value else { Issue.record("keys \(i)"); return }
            let keys = k.compactMap(\.value.scalarText)
            #expect(keys.count == d.count)
            sizes.append(keys.count)
            if i > 0 { #expect(keys.first == first[i]) }
            pairs += zip(keys, d.compactMap { Int($0.value.scalarText ?? "") })
        }
        #expect(sizes == [SearchIndex.keysPerFragment + 1, SearchIndex.keysPerFragment, 2 * count + 1 - 2 * SearchIndex.keysPerFragment - 1])
        let expected = [("a-first", 0)]
            + (0..<count).flatMap { [(String(format: "key-%05d", $0), $0 + 1), (String(format: "key-%05d", $0), count + 1 + $0)] }
        #expect(pairs.map(\.0) == expected.map(\.0) && pairs.map(\.1) == expected.map(\.1))
        // Each fragment ends where its keys end: the next one starts with another key.
        #expect(Set(first).count == first.count)
    }

    @Test func sameInputSameBytesAndNamesCarryTheHash() throws {
        let make = { SearchIndex(collections: [Self.people(3_000), Self.collection("b", [("Zoë", "Ærø")])], pageSize: 60, itemPages: true) }
        let a = make(), b = make()
        #expect(a.files.map(\.path) == b.files.map(\.path))
        #expect(a.files.map(\.data) == b.files.map(\.data))
        #expect(a.files.map(\.key) == b.files.map(\.key))
        #expect(a.files.first?.path == SearchIndex.indexPath)
        for file in a.files.dropFirst() {
            let hash = String(ContentHash.sha256Hex(file.data).prefix(10))
            #expect(file.path.hasSuffix("-\(hash).json"), "\(file.path)")
            #expect(file.key == OutputKey(digesting: file.data))
        }
    }

    @Test func noItemsNoFiles() {
        let search = SearchIndex(collections: [Self.collection("a", [])], pageSize: 60, itemPages: true)
        #expect(search.files.isEmpty && search.collectionNumbers == [nil])
        #expect(SearchIndex(collections: [], pageSize: 60, itemPages: true).files.isEmpty)
    }

    @Test func titlesWithoutTermsHaveNoTitleTerm() throws {
        let read = try Read(SearchIndex(collections: [Self.collection("a", [("— · —", "Sub"), ("", nil)])], pageSize: 60, itemPages: true))
        let terms = try read.termFragments().flatMap(\.terms)
        #expect(terms == ["sub"])
    }
}
