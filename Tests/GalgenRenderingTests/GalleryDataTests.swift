import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSiteModel
import Testing

struct GalleryDataTests {
    private static let hostile = #"</script><script>alert("x")</script> & O'Brien مرحبا 🦊"#

    private func collection(_ count: Int, name: String = "people") -> Collection {
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 200),
                                         ImageVariant(path: "img/a-320.jpg", width: 320, height: 400)], facts: ImageFacts(width: 320, height: 400, averageColor: "#123456"))
        return Collection(name: name, title: "People", items: (0..<count).map { i in
            Item(record: Record(id: "id\(i)", slug: "k\(i)", title: i == 2 ? Self.hostile : "Person \(i)",
                                subtitle: i == 0 ? "Lyon, France" : nil, origin: "t"),
                 image: i == 1 ? nil : image)
        })
    }

    private func parse(_ file: GalleryData.File) throws -> JSONValue {
        try JSONDocument(data: file.data, sourceName: file.path).root.value
    }

    private func file(_ data: GalleryData, _ prefix: String) -> GalleryData.File? {
        data.files.first { $0.path.hasPrefix(prefix) }
    }

    /// A card is its shard's item but for `f`, as a list `[k, t, c, v, s, p, m]` (docs/search.md, "Cards").
    @Test func cardsAreTheShardItemsWithoutTheirFields() throws {
        var people = collection(1_500)
        people.fields = [FieldSpec(name: "country", path: FieldPath("c")!)]
        for i in people.items.indices { people.items[i].record.fields = [FieldValue(text: "Land \(i % 3)")] }
        people.filters = [FilterSpec(field: "country", cards: true)]
        let data = GalleryData(collections: [people], pageSize: 100, placeholder: "p.svg", types: [])
        var shardItems: [String: [String: String]] = [:]
        for file in data.files where file.path.hasPrefix("data/people/") && !file.path.hasSuffix("manifest.json") {
            guard case .array(let items)? = try parse(file)["items"]?.value else { Issue.record("no items"); return }
            for item in items {
                guard case .object(let members) = item.value else { continue }
                let named = Dictionary(uniqueKeysWithValues: members.map { ($0.key, Self.text($0.node.value)) })
                shardItems[named["k"] ?? ""] = named
            }
        }
        #expect(shardItems.count == 1_500)
        var seen = 0
        for file in data.files where file.path.hasPrefix("search/cards/") {
            guard case .array(let cards)? = try parse(file)["items"]?.value else { Issue.record("no cards"); return }
            for card in cards {
                guard case .array(let list) = card.value, let key = list.first.map({ Self.text($0.value) }), var item = shardItems[key] else {
                    Issue.record("not a card"); continue
                }
                #expect(item.removeValue(forKey: "f") != nil, "the shard item has its fields")
                let names = ["k", "t", "c", "v", "s", "p", "m"]
                #expect(list.count <= names.count && list.count >= 4 && Self.text(list[list.count - 1].value) != "null")
                for (n, name) in names.enumerated() {
                    #expect((n < list.count ? Self.text(list[n].value) : "null") == (item[name] ?? "null"), "\(key) \(name)")
                }
                seen += 1
            }
        }
        #expect(seen == 1_500)
    }

    /// A parsed value written back compactly (to compare two files' values).
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n
        case .string(let s): "\"" + s + "\""
        case .array(let nodes): "[" + nodes.map { text($0.value) }.joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\"\($0.key)\":" + text($0.node.value) }.joined(separator: ",") + "}"
        }
    }

    @Test func manifestNamesEveryShardAndTheSearchIndex() throws {
        let data = GalleryData(collections: [collection(2_345)], pageSize: 100, placeholder: "assets/placeholder-1.svg")
        let manifestPath = try #require(data.manifests[0])
        let manifest = try parse(try #require(data.files.first { $0.path == manifestPath }))
        #expect(manifest["count"]?.value.scalarText == "2345")
        #expect(manifest["pageSize"]?.value.scalarText == "100")
        #expect(manifest["shardSize"]?.value.scalarText == String(GalleryData.shardSize))
        #expect(manifest["base"]?.value.scalarText == "people/")
        #expect(manifest["placeholder"]?.value.scalarText == "assets/placeholder-1.svg")
        guard case .array(let shards)? = manifest["shards"]?.value else { Issue.record("no shards"); return }
        let paths = shards.compactMap(\.value.scalarText)
        #expect(paths.count == 3)
        #expect(paths.enumerated().allSatisfy { $0.element.hasPrefix("data/people/\($0.offset)-") && $0.element.hasSuffix(".json") })
        #expect(manifest["search"]?.value.scalarText == "search/index.json")
        #expect(manifest["searchCollection"]?.value.scalarText == "0")
        let written = Set(data.files.map(\.path))
        #expect(written == Set(paths + [manifestPath] + data.search.files.map(\.path)))
        #expect(data.search.files.allSatisfy { $0.path.hasPrefix("search/") })
        #expect(data.files.map(\.path) == data.files.map(\.path).sorted())
    }

    @Test func eachManifestNamesItsCollectionsPlaceInTheSiteIndex() throws {
        let data = GalleryData(collections: [collection(3, name: "a"), collection(0, name: "empty"), collection(5, name: "b")],
                               pageSize: 48, placeholder: "p.svg")
        #expect(data.manifests == ["data/a/manifest.json", nil, "data/b/manifest.json"])
        for (path, number) in [("data/a/manifest.json", "0"), ("data/b/manifest.json", "1")] {
            let manifest = try parse(try #require(data.files.first { $0.path == path }))
            #expect(manifest["search"]?.value.scalarText == "search/index.json")
            #expect(manifest["searchCollection"]?.value.scalarText == number)
        }
        let index = try parse(try #require(data.files.first { $0.path == "search/index.json" }))
        guard case .array(let listed)? = index["collections"]?.value else { Issue.record("no collections"); return }
        #expect(listed.map { $0.value["base"]?.value.scalarText } == ["a/", "b/"])
        #expect(listed.map { $0.value["offset"]?.value.scalarText } == ["0", "3"])
        // No per-collection search file any more.
        #expect(!data.files.contains { $0.path.contains("/search-") })
        // A site with no items has no search files.
        #expect(GalleryData(collections: [collection(0)], pageSize: 48, placeholder: "p.svg").files.isEmpty)
    }

    @Test(arguments: [(999, [999]), (1_000, [1_000]), (1_001, [1_000, 1]), (2_345, [1_000, 1_000, 345])])
    func shardsSplitAtTheShardSize(count: Int, sizes: [Int]) throws {
        let data = GalleryData(collections: [collection(count)], pageSize: 48, placeholder: "p.svg")
        var firsts: [Int] = []
        var seen: [Int] = []
        for n in sizes.indices {
            let shard = try parse(try #require(file(data, "data/people/\(n)-")))
            guard case .array(let items)? = shard["items"]?.value else { Issue.record("no items"); continue }
            seen.append(items.count)
            firsts.append(Int(shard["first"]?.value.scalarText ?? "") ?? -1)
            let first = firsts.last ?? 0
            #expect(items.first?.value["k"]?.value.scalarText == "k\(first)")
        }
        #expect(seen == sizes)
        #expect(firsts == sizes.indices.map { $0 * GalleryData.shardSize })
        #expect(file(data, "data/people/\(sizes.count)-") == nil)
    }

    @Test func itemsCarryKeyTitleColourAndVariants() throws {
        let data = GalleryData(collections: [collection(3)], pageSize: 48, placeholder: "p.svg")
        let shard = try parse(try #require(file(data, "data/people/0-")))
        guard case .array(let items)? = shard["items"]?.value else { Issue.record("no items"); return }
        #expect(items[0].value["s"]?.value.scalarText == "Lyon, France")
        #expect(items[1].value["s"] == nil)
        #expect(items[0].value["c"]?.value.scalarText == "#123456")
        guard case .array(let variants)? = items[0].value["v"]?.value, case .array(let first)? = variants.first?.value else {
            Issue.record("no variants"); return
        }
        #expect(first.map { $0.value.scalarText } == ["img/a-160.jpg", "160", "200"])
        guard case .array(let none)? = items[1].value["v"]?.value else { Issue.record("no v"); return }
        #expect(none.isEmpty)
        #expect(items[1].value["c"]?.value.scalarText == SiteRenderer.placeholderColor)
        #expect(items[2].value["t"]?.value.scalarText == Self.hostile)
    }

    @Test func hostileTextCannotCloseAScriptOrInjectMarkup() throws {
        let data = GalleryData(collections: [collection(3)], pageSize: 48, placeholder: "p.svg")
        for file in data.files {
            let text = String(decoding: file.data, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"), "\(file.path)")
        }
        let index = try parse(try #require(file(data, "search/index.json")))
        guard case .array(let hashes)? = index["docs"]?.value["hashes"]?.value, let hash = hashes.first?.value.scalarText else {
            Issue.record("no document shard"); return
        }
        guard case .array(let docs) = try parse(try #require(file(data, "search/docs/0-\(hash).json"))) else { Issue.record("no docs"); return }
        #expect(docs.map { doc -> [String] in
            guard case .array(let fields) = doc.value else { return [] }
            return fields.map { $0.value.scalarText ?? "null" }
        } == [["k0", "Person 0", "Lyon, France"], ["k1", "Person 1", "null"], ["k2", Self.hostile, "null"]])
    }

    @Test func shardNamesCarryTheContentHashAndOutputIsStable() throws {
        let a = GalleryData(collections: [collection(1_500), collection(0, name: "empty")], pageSize: 48, placeholder: "p.svg")
        let b = GalleryData(collections: [collection(1_500), collection(0, name: "empty")], pageSize: 48, placeholder: "p.svg")
        #expect(a.files.map(\.path) == b.files.map(\.path))
        #expect(a.files.map(\.data) == b.files.map(\.data))
        #expect(a.manifests[1] == nil)
        #expect(!a.files.contains { $0.path.hasPrefix("data/empty/") })
        // Shards and search files are named after their content; the manifests keep one name, so the
        // gallery pages that name it do not change with every record.
        for file in a.files where !file.path.hasSuffix("/manifest.json") && file.path != "search/index.json" {
            let hash = String(ContentHash.sha256Hex(file.data).prefix(10))  // not fileTag: an independent check
            #expect(file.path.hasSuffix("-\(hash).json"))
        }
        #expect(a.manifests[0] == "data/people/manifest.json")
        let changed = GalleryData(collections: [collection(1_501)], pageSize: 48, placeholder: "p.svg")
        #expect(changed.files.first { $0.path.hasPrefix("data/people/0-") }?.path == a.files.first { $0.path.hasPrefix("data/people/0-") }?.path)
        #expect(changed.files.first { $0.path.hasPrefix("data/people/1-") }?.path != a.files.first { $0.path.hasPrefix("data/people/1-") }?.path)
        #expect(changed.manifests[0] == a.manifests[0])
        #expect(changed.files.first { $0.path == "data/people/manifest.json" }?.data != a.files.first { $0.path == "data/people/manifest.json" }?.data)
    }
}
