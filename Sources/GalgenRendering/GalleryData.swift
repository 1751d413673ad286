import Foundation
import GalgenCore
import GalgenConfig
public import GalgenSearch
public import GalgenSiteModel

/// The JSON files the browser runtime reads (documented in docs/runtime.md): for each collection a
/// manifest (`manifest.json`) and shards of ``shardSize`` items under `data/<collection>/`, shards
/// with a content hash in the name; and the site's search index under `search/` (docs/search.md).
public struct GalleryData: Sendable {
    /// One written file (``SiteFile``, below the renderer so that the search index makes them too).
    public typealias File = SiteFile

    /// Items per shard.
    public static let shardSize = 1000

    /// Every file, sorted by path.
    public let files: [File]
    /// The manifest's path of each collection (same order as the collections); nil for an empty one.
    public let manifests: [String?]
    /// The shards of each collection, in order (for ``RenderMemo``).
    let shards: [[File]]
    /// The site's search index; its files are in ``files`` too.
    public let search: SearchIndex
    /// The postings of the collections' filters; their files are in ``files`` too.
    public let facets: FacetIndex

    /// Builds the files.
    /// - Parameters:
    ///   - collections: The site's collections.
    ///   - pageSize: Items per gallery page.
    ///   - placeholder: Path of the placeholder image below the site root.
    ///   - types: MIME types of the site's preferred formats (its `<source>`s), best first.
    ///   - itemPages: Whether the site has a page per item; without, manifests say `"itemPages": false`.
    public init(collections: [Collection], pageSize: Int, placeholder: String, types: [String] = [], itemPages: Bool = true) {
        self.init(collections: collections, pageSize: pageSize, placeholder: placeholder, types: types, itemPages: itemPages,
                  previous: nil, previousSearch: nil, changes: nil, previousCards: nil)
    }

    /// Builds the files, keeping the name and key of each shard of `previous` none of whose items
    /// `changes` lists, and the whole search index `previousSearch` when no item's key, title or
    /// subtitle changed, and the card blocks of `previousCards` whose items are the same and unchanged (see ``RenderMemo``).
    init(collections: [Collection], pageSize: Int, placeholder: String, types: [String], itemPages: Bool,
         previous: [[RenderMemo.Shard]]?, previousSearch: SearchIndex?, changes: ItemChanges?, previousCards: [[KeptCards]]?) {
        let search = if let previousSearch, let changes, !changes.searchChanged {
            previousSearch
        } else {
            SearchIndex(collections: collections, pageSize: pageSize, itemPages: itemPages)
        }
        let reuse = changes.flatMap { changes in previousCards.map { CardReuse(kept: $0, changed: changes.changed) } }
        let facets = FacetIndex(collections: collections, numbers: search.collectionNumbers, card: { c, i in
            Self.card(collections[c].items[i], in: collections[c], types: types)
        }, reuse: reuse)
        var files: [File] = search.files + facets.files
        var manifests: [String?] = []
        var shardsByCollection: [[File]] = []
        for (c, collection) in collections.enumerated() {
            guard !collection.items.isEmpty else {
                manifests.append(nil)
                shardsByCollection.append([])
                continue
            }
            let folder = "data/\(collection.name)/"
            // Shards are independent: made on every core (a million items are a thousand shards).
            let firsts = Array(stride(from: 0, to: collection.items.count, by: Self.shardSize))
            let before = previous.map { $0[c] } ?? []
            let shards = Concurrently.map(firsts.count) { n in
                let first = firsts[n]
                let make: @Sendable () -> Data = { Self.shard(collection, first: first, types: types) }
                if let changes, n < before.count, !changes.any(c, first..<(first + Self.shardSize)) {
                    return File(path: before[n].path, key: before[n].key, make: make)
                }
                return Self.hashed(folder + String(first / Self.shardSize), make)
            }
            shardsByCollection.append(shards)
            let shardPaths = shards.map(\.path)
            files += shards
            var members = [
                ("version", "2"),
                ("types", JSONText.array(types.map { JSONText.string($0) })),
                ("count", String(collection.items.count)),
                ("pageSize", String(pageSize)),
                ("shardSize", String(Self.shardSize)),
                ("base", JSONText.string(collection.name + "/")),
                ("placeholder", JSONText.string(placeholder)),
                ("shards", JSONText.array(shardPaths.map { JSONText.string($0) })),
                ("search", JSONText.string(SearchIndex.indexPath)),
                ("searchCollection", String(search.collectionNumbers[c] ?? 0)),
            ]
            // Only when false, so a site with item pages keeps the manifest it always had.
            if !itemPages { members.append(("itemPages", "false")) }
            // Justified rows: every item's shape, so the runtime knows each row before any shard is here.
            if collection.layout == .justified {
                members.append(("layout", JSONText.string("justified")))
                members.append(("aspects", JSONText.string(AspectRatio.encoded(collection.items))))
            }
            // The manifest keeps one name (`manifest.json`): every gallery page names it, so a
            // content hash here would change every gallery page whenever any record changes, and an
            // incremental build would render them all. Shards stay hashed.
            let text = JSONText.object(members)
            let manifest = File(path: folder + "manifest.json", data: Data(text.utf8))
            files.append(manifest)
            manifests.append(manifest.path)
        }
        self.files = files.sorted { $0.path < $1.path }
        self.manifests = manifests
        self.shards = shardsByCollection
        self.search = search
        self.facets = facets
    }

    private static func shard(_ collection: Collection, first: Int, types: [String]) -> Data {
        let items = collection.items[first..<min(first + Self.shardSize, collection.items.count)]
        return Data(JSONText.object([("first", String(first)),
                                     ("items", JSONText.array(items.map { Self.item($0, in: collection, types: types) }))]).utf8)
    }

    /// An item of a shard.
    private static func item(_ item: Item, in collection: Collection, types: [String]) -> String {
        var members = [("k", JSONText.string(item.record.slug)), ("t", JSONText.string(item.record.title))]
        if let subtitle = item.record.subtitle { members.append(("s", JSONText.string(subtitle))) }
        members.append(("c", JSONText.string(item.image?.facts.averageColor ?? SiteRenderer.placeholderColor)))
        // The ThumbHash preview (base64), painted over the mean colour until the picture arrives.
        if let preview = item.image?.facts.preview { members.append(("p", JSONText.string(preview))) }
        members.append(("v", variants(item, types: types)))
        // The extra fields with a value, for the lightbox: [label, text] or [label, text, safe link].
        let shown = item.shownFields(collection.fields).map { spec, value in
            JSONText.array([JSONText.string(spec.label), JSONText.string(value.text)] + (value.href.map { [JSONText.string($0)] } ?? []))
        }
        if !shown.isEmpty { members.append(("f", JSONText.array(shown))) }
        if let video = video(item, in: collection) { members.append(("m", video)) }
        return JSONText.object(members)
    }

    /// An item's card (docs/search.md, "Cards"): what its shard has but for the lightbox's fields (the lightbox
    /// takes them from the shard when it shows a card), as a list: `[k, t, c, v, s, p, m]`, absent members null,
    /// trailing nulls left out. A list, not an object: the names would be a fifth of a card without a picture.
    static func card(_ item: Item, in collection: Collection, types: [String]) -> String {
        var text = "[" + JSONText.string(item.record.slug) + "," + JSONText.string(item.record.title) + ","
            + JSONText.string(item.image?.facts.averageColor ?? SiteRenderer.placeholderColor) + "," + variants(item, types: types)
        let optional = [item.record.subtitle.map { JSONText.string($0) }, item.image?.facts.preview.map { JSONText.string($0) },
                        video(item, in: collection)]
        if let last = optional.lastIndex(where: { $0 != nil }) {
            for member in optional[...last] { text += "," + (member ?? "null") }
        }
        return text + "]"
    }

    /// Each variant: [fallback path, width, height, then the same width in each manifest type, or null where this
    /// image could not be written in that format].
    private static func variants(_ item: Item, types: [String]) -> String {
        let variants = item.image?.variants ?? []
        let sources = item.image?.sources ?? []
        return JSONText.array(variants.indices.map { i in
            let v = variants[i]
            return JSONText.array([JSONText.string(v.path), String(v.width), String(v.height)]
                                  + types.map { type in sources.first { $0.type == type }.map { JSONText.string($0.variants[i].path) } ?? "null" })
        })
    }

    /// A video browsers play: [site path, MIME type], for the lightbox's <video>.
    private static func video(_ item: Item, in collection: Collection) -> String? {
        guard let video = item.record.video, video.playable else { return nil }
        let path = VideoFiles.path(collection: collection.name, slug: item.record.slug, source: video.path)
        return JSONText.array([JSONText.string(path), JSONText.string(video.mimeType)])
    }

    /// A file named by its content's hash, whose bytes `make` makes (now, for the name and the key,
    /// and again when it is written).
    private static func hashed(_ stem: String, _ make: @escaping @Sendable () -> Data) -> File {
        let data = make()
        return File(path: "\(stem)-\(ContentHash.fileTag(data)).json", bytes: data, make: make)
    }
}
