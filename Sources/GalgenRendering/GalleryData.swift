public import Foundation
import GalgenCore

/// The JSON files the browser runtime reads (documented in docs/runtime.md): for each collection a
/// manifest (`manifest.json`), shards of ``shardSize`` items and a search file, all under `data/<collection>/`, shards and search with a
/// content hash in the name.
public struct GalleryData: Sendable {
    /// One written file.
    public struct File: Sendable {
        /// Path below the site root.
        public var path: String
        /// The bytes.
        public var data: Data
    }

    /// Items per shard.
    public static let shardSize = 1000

    /// Every file, sorted by path.
    public let files: [File]
    /// The manifest's path of each collection (same order as the collections); nil for an empty one.
    public let manifests: [String?]

    /// Builds the files.
    /// - Parameters:
    ///   - collections: The site's collections.
    ///   - pageSize: Items per gallery page.
    ///   - placeholder: Path of the placeholder image below the site root.
    ///   - types: MIME types of the site's preferred formats (its `<source>`s), best first.
    ///   - itemPages: Whether the site has a page per item; without, manifests say `"itemPages": false`.
    public init(collections: [Collection], pageSize: Int, placeholder: String, types: [String] = [], itemPages: Bool = true) {
        var files: [File] = []
        var manifests: [String?] = []
        for collection in collections {
            guard !collection.items.isEmpty else {
                manifests.append(nil)
                continue
            }
            let folder = "data/\(collection.name)/"
            // Shards are independent: made on every core (a million items are a thousand shards).
            let firsts = Array(stride(from: 0, to: collection.items.count, by: Self.shardSize))
            let shards = Concurrently.map(firsts.count) { n in
                let first = firsts[n]
                let items = collection.items[first..<min(first + Self.shardSize, collection.items.count)]
                let text = JSONText.object([("first", String(first)), ("items", JSONText.array(items.map { Self.item($0, types: types) }))])
                return Self.hashed(folder + String(first / Self.shardSize), text)
            }
            let shardPaths = shards.map(\.path)
            files += shards
            let search = Self.hashed(folder + "search", JSONText.object([
                ("keys", JSONText.array(collection.items.map { JSONText.string($0.record.slug) })),
                ("titles", JSONText.array(collection.items.map { item in
                    JSONText.string(item.record.subtitle.map { "\(item.record.title) · \($0)" } ?? item.record.title)
                })),
            ]))
            files.append(search)
            var members = [
                ("version", "2"),
                ("types", JSONText.array(types.map { JSONText.string($0) })),
                ("count", String(collection.items.count)),
                ("pageSize", String(pageSize)),
                ("shardSize", String(Self.shardSize)),
                ("base", JSONText.string(collection.name + "/")),
                ("placeholder", JSONText.string(placeholder)),
                ("shards", JSONText.array(shardPaths.map { JSONText.string($0) })),
                ("search", JSONText.string(search.path)),
            ]
            // Only when false, so a site with item pages keeps the manifest it always had.
            if !itemPages { members.append(("itemPages", "false")) }
            // The manifest keeps one name (`manifest.json`): every gallery page names it, so a
            // content hash here would change every gallery page whenever any record changes, and an
            // incremental build would render them all. Shards and the search file stay hashed.
            let text = JSONText.object(members)
            let manifest = File(path: folder + "manifest.json", data: Data(text.utf8))
            files.append(manifest)
            manifests.append(manifest.path)
        }
        self.files = files.sorted { $0.path < $1.path }
        self.manifests = manifests
    }

    private static func item(_ item: Item, types: [String]) -> String {
        var members = [("k", JSONText.string(item.record.slug)), ("t", JSONText.string(item.record.title))]
        if let subtitle = item.record.subtitle { members.append(("s", JSONText.string(subtitle))) }
        members.append(("c", JSONText.string(item.image?.averageColor ?? SiteRenderer.placeholderColor)))
        // Each variant: [fallback path, width, height, then the same width in each manifest type, or
        // null where this image could not be written in that format].
        let variants = item.image?.variants ?? []
        let sources = item.image?.sources ?? []
        members.append(("v", JSONText.array(variants.indices.map { i in
            let v = variants[i]
            return JSONText.array([JSONText.string(v.path), String(v.width), String(v.height)]
                                  + types.map { type in sources.first { $0.type == type }.map { JSONText.string($0.variants[i].path) } ?? "null" })
        })))
        return JSONText.object(members)
    }

    private static func hashed(_ stem: String, _ text: String) -> File {
        let data = Data(text.utf8)
        return File(path: "\(stem)-\(ContentHash.fileTag(data)).json", data: data)
    }
}

