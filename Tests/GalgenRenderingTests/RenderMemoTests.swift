import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenSearch
import GalgenSiteModel
import Testing

/// A renderer given the previous build's ``RenderMemo`` reuses exactly the keys and shards that
/// cannot have changed, and every key it reuses is the key it would compute.
struct RenderMemoTests {
    private static func config(title: String = "Site") throws -> SiteConfig {
        try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"title": "\#(title)", "pageSize": 4, "baseURL": "https://ex.org/", "sources": []}"#.utf8),
                             sourceName: "c"),
            path: "/site/config.json")
    }

    private static func items(_ count: Int, shardEvery: Int = 1) -> [Item] {
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120)], facts: ImageFacts(width: 160, height: 120, averageColor: "#123456"))
        return (0..<count).map { i in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: "Item \(i)", subtitle: i % 3 == 0 ? "Lyon" : nil, link: nil,
                                origin: RecordOrigin(stringLiteral: "line \(i)")),
                 image: i % 5 == 4 ? nil : image)
        }
    }

    private static func renderer(_ items: [Item], title: String = "Site", memo: RenderMemo? = nil,
                                 configKey: OutputKey? = nil) throws -> SiteRenderer {
        try SiteRenderer(config: try config(title: title), collections: [Collection(name: "people", title: "People", items: items)],
                         templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin), memo: memo,
                         configKey: configKey)
    }

    private static func memo(_ r: SiteRenderer) -> RenderMemo {
        let plan = r.plan()
        return r.memo(plan: plan, keys: plan.map(r.key(for:)))
    }

    @Test func oneChangedItemRecomputesOnlyThePagesThatShowIt() throws {
        var items = Self.items(2_030)
        let before = try Self.renderer(items)
        let memo = Self.memo(before)
        items[9].record.title = "Changed"
        // Where a record came from is not shown: another origin everywhere changes nothing.
        for i in items.indices where i != 9 { items[i].record.origin = RecordOrigin(stringLiteral: "moved \(i)") }
        let after = try Self.renderer(items, memo: memo)
        let plan = after.plan()
        let reused = after.reusedKeys(for: plan)
        let recomputed = zip(plan, reused).filter { $0.1 == nil }.map(\.0.path)
        #expect(recomputed.sorted() == ["404.html", "index.html", "people/id10/index.html", "people/id8/index.html",
                                        "people/id9/index.html", "people/page/3/index.html"])
        for (spec, key) in zip(plan, reused) {
            if let key { #expect(key == after.key(for: spec), "\(spec.path)") }
        }
        // The first shard (items 0–999) is made again; the others keep their names and keys.
        let fresh = try Self.renderer(items)
        #expect(after.data.files.map(\.path) == fresh.data.files.map(\.path))
        #expect(after.data.files.map(\.key) == fresh.data.files.map(\.key))
        let kept = Set(memo.collections[0].shards.map(\.path))
        #expect(after.data.shards[0].map { kept.contains($0.path) } == [false, true, true])
        for (a, b) in zip(after.data.files, fresh.data.files) { #expect(a.data == b.data, "\(a.path)") }
    }

    @Test func theSearchIndexIsReusedUntilAKeyTitleOrSubtitleChanges() throws {
        var items = Self.items(300)
        let real = Self.memo(try Self.renderer(items))
        // A memo whose index is another one: reusing it shows.
        let other = SearchIndex(collections: [Collection(name: "people", title: "People", items: Array(items.prefix(3)))],
                                pageSize: 4, itemPages: true)
        let memo = RenderMemo(fingerprint: real.fingerprint, digest: real.digest, collections: real.collections, search: other)
        func paths(_ r: SiteRenderer) -> [String] { r.data.files.map(\.path).filter { $0.hasPrefix("search/") } }
        #expect(paths(try Self.renderer(items, memo: memo)) == other.files.map(\.path).sorted())
        items[7].image = nil  // only the image: the index holds no image
        #expect(paths(try Self.renderer(items, memo: memo)) == other.files.map(\.path).sorted())
        for change in 0..<3 {
            var changed = items
            switch change {
            case 0: changed[7].record.title = "Changed"
            case 1: changed[7].record.subtitle = "Paris"
            default: changed[7].record.slug = "moved"
            }
            let after = try Self.renderer(changed, memo: memo)
            let fresh = try Self.renderer(changed)
            #expect(paths(after) == paths(fresh), "change \(change)")
            #expect(after.data.search.files.map(\.data) == fresh.data.search.files.map(\.data))
        }
    }

    /// 200 items with a genre, filtered by it (cards forced, so a title is in the filters' files too).
    private static func filtered(_ items: [Item], memo: RenderMemo?, configKey: OutputKey? = nil) throws -> SiteRenderer {
        var collection = Collection(name: "people", title: "People", items: items, fields: [FieldSpec(name: "genre", path: FieldPath("g")!)])
        collection.filters = [FilterSpec(field: "genre", cards: true)]
        return try SiteRenderer(config: try config(), collections: [collection], templates: try TemplateSet(theme: .builtin),
                                assets: try AssetSet(theme: .builtin), memo: memo, configKey: configKey)
    }

    @Test func aCollectionWithFiltersKeepsItsGalleryKeysUntilItsControlsChange() throws {
        var items = Self.items(200)
        for i in items.indices { items[i].record.fields = [FieldValue(text: ["Rock", "Jazz", "Folk"][i % 3])] }
        let memo = Self.memo(try Self.filtered(items, memo: nil))
        func recomputed(_ items: [Item]) throws -> [String] {
            let after = try Self.filtered(items, memo: memo)
            let plan = after.plan()
            let reused = after.reusedKeys(for: plan)
            for (spec, key) in zip(plan, reused) {
                if let key { #expect(key == after.key(for: spec), "\(spec.path)") }
            }
            return zip(plan, reused).filter { $0.1 == nil }.map(\.0.path).filter { $0.contains("page/") || $0 == "people/index.html" }
        }
        var retitled = items
        retitled[9].record.title = "Changed"
        // The counts are the same: only the gallery page that shows the item is keyed afresh.
        #expect(try recomputed(retitled) == ["people/page/3/index.html"])
        var moved = items
        moved[9].record.fields = [FieldValue(text: "Folk")]
        // Two counts changed, and every gallery page offers them.
        #expect(try recomputed(moved).count == 50)
    }

    @Test func aFiltersCardBlocksComeBackFromAMemoReadFromDisk() throws {
        var items = Self.items(200)
        for i in items.indices { items[i].record.fields = [FieldValue(text: ["Rock", "Jazz", "Folk"][i % 3])] }
        let key = OutputKey(digesting: Data("config".utf8))
        let before = Self.memo(try Self.filtered(items, memo: nil, configKey: key))
        let bytes = try #require(before.encode())
        let read = try #require(RenderMemo.decode(bytes))
        #expect(read.collections[0].cards.count == 3 && read.collections == before.collections)
        items[9].record.title = "Changed"   // a Rock
        let after = try Self.filtered(items, memo: read, configKey: key), fresh = try Self.filtered(items, memo: nil)
        #expect(after.data.files.map(\.path) == fresh.data.files.map(\.path) && after.data.files.map(\.key) == fresh.data.files.map(\.key))
        for (a, b) in zip(after.data.files, fresh.data.files) { #expect(a.data == b.data, "\(a.path)") }
        // Jazz and Folk keep their blocks; Rock's are new.
        #expect(zip(read.collections[0].cards, after.data.facets.cards[0]).map { $0.0 == $0.1 } == [true, true, false])
    }

    @Test func anotherFingerprintOrSizeReusesNothing() throws {
        let items = Self.items(30)
        let memo = Self.memo(try Self.renderer(items))
        for r in [try Self.renderer(items, title: "Other", memo: memo), try Self.renderer(Array(items.dropLast()), memo: memo)] {
            #expect(r.reusedKeys(for: r.plan()).allSatisfy { $0 == nil })
        }
        let same = try Self.renderer(items, memo: memo)
        let plan = same.plan()
        #expect(same.reusedKeys(for: plan).filter { $0 == nil }.count == 2)  // the home and 404 pages
    }

    @Test func everyShownPropertyIsInAnItemsKey() {
        // A property added to Record must be fed by Record.feedShown (or, if no page shows it, listed as unshown).
        let names = Mirror(reflecting: Record(id: "a", slug: "a", title: "a", origin: "o")).children.compactMap(\.label)
        #expect(Set(names) == Set(Record.shownProperties + Record.unshownProperties))
        let image = ItemImage(variants: [ImageVariant(path: "p", width: 1, height: 1)], facts: ImageFacts(width: 1, height: 1, averageColor: "#000000"))
        #expect(Set(Mirror(reflecting: image).children.compactMap(\.label)) == Set(Item.keyedImageProperties))
        #expect(Set(Mirror(reflecting: ImageSource(type: "image/webp", variants: [])).children.compactMap(\.label))
                == Set(Item.keyedSourceProperties))
        #expect(Set(Mirror(reflecting: image.variants[0]).children.compactMap(\.label)) == Set(Item.keyedVariantProperties))
        #expect(Set(Mirror(reflecting: FieldValue(text: "x")).children.compactMap(\.label)) == Set(Record.shownFieldValueProperties))
        #expect(Set(Mirror(reflecting: RecordVideo(path: "/v.mp4", mimeType: "video/mp4", playable: true)).children.compactMap(\.label))
                == Set(Record.shownVideoProperties))
        var base = Item(record: Record(id: "a", slug: "a", title: "t", subtitle: "s", image: .url("https://x/a.jpg"),
                                       link: "https://x/", origin: "o"), image: image)
        base.record.fields = [FieldValue(text: "f")]
        var variants: [Item] = []
        for change in 0..<12 {
            var item = base
            switch change {
            case 0: item.record.id = "b"
            case 1: item.record.slug = "b"
            case 2: item.record.title = "u"
            case 3: item.record.subtitle = nil
            case 4: item.record.image = .file("/a.jpg")
            case 5: item.record.link = nil
            case 6: item.record.fields = [FieldValue(text: "g")]
            case 7: item.record.album = "x"
            case 8: item.record.descriptionHTML = "<p>x</p>"
            case 9: item.image?.variants[0].width = 2
            case 10: item.image?.facts.averageColor = "#ffffff"
            default: item.image = nil
            }
            variants.append(item)
        }
        #expect(Set(variants.map(\.renderingKey)).count == variants.count)
        #expect(variants.allSatisfy { $0.renderingKey != base.renderingKey })
        var moved = base
        moved.record.origin = "elsewhere"
        #expect(moved.renderingKey == base.renderingKey)
    }

    @Test func aMemoReadBackIsReusedOnlyWithItsConfigKey() throws {
        var items = Self.items(2_030)
        let key = OutputKey(digesting: Data("config a".utf8))
        let before = try Self.renderer(items, configKey: key)
        let data = try #require(Self.memo(before).encode())
        let read = try #require(RenderMemo.decode(data))
        #expect(read.fingerprint == nil && read.search == nil && read.collections == Self.memo(before).collections)
        items[9].record.title = "Changed"
        let after = try Self.renderer(items, memo: read, configKey: key)
        let plan = after.plan()
        let reused = after.reusedKeys(for: plan)
        #expect(reused.count { $0 == nil } == 6)  // as in memory: item 9's page, its neighbours, its gallery page, home, 404
        for (spec, key) in zip(plan, reused) {
            if let key { #expect(key == after.key(for: spec), "\(spec.path)") }
        }
        let fresh = try Self.renderer(items)
        #expect(after.data.files.map(\.key) == fresh.data.files.map(\.key))
        for (a, b) in zip(after.data.files, fresh.data.files) { #expect(a.data == b.data, "\(a.path)") }
        // Another config (or binary) key, or none: nothing is reused.
        for other in [OutputKey(digesting: Data("config b".utf8)), nil] {
            let r = try Self.renderer(items, memo: read, configKey: other)
            #expect(r.reusedKeys(for: plan).allSatisfy { $0 == nil })
        }
        // Without a config key there is nothing to keep on disk.
        #expect(Self.memo(try Self.renderer(items)).encode() == nil)
    }

    @Test func aDamagedMemoRecordIsNotRead() throws {
        let data = try #require(Self.memo(try Self.renderer(Self.items(50), configKey: OutputKey(digesting: Data("c".utf8)))).encode())
        #expect(RenderMemo.decode(data) != nil)
        var flipped = data
        flipped[flipped.count / 2] ^= 1
        for bad in [flipped, data.dropLast(), data.prefix(30), Data("galgen-render-memo 9\n".utf8) + data.dropFirst(21), Data()] {
            #expect(RenderMemo.decode(Data(bad)) == nil)
        }
    }
}
