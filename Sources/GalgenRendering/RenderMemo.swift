public import GalgenCore
public import GalgenConfig
import GalgenRecords
import GalgenSearch
public import GalgenSiteModel

/// What one build's renderer worked out that the next build can reuse: `galgen serve` keeps it in
/// memory between rebuilds, and `galgen build` keeps it beside the published folder's manifest
/// (``encode()``), so an edit of one record does not build the context of every page again to learn
/// that its key did not change.
///
/// Reuse is exact, never a guess. A page's key is a pure function of the renderer's inputs: the
/// config, the templates, the assets and each collection's name, title and size (together the
/// ``Fingerprint``), and the items the page shows. When the fingerprint is the previous build's,
/// every item's key (``Item/renderingKey``: everything of it a page, a shard or the index shows) is
/// compared with the key of the item at the same place before, and a page (or data shard) none of
/// whose items changed keeps its previous key. Anything else (another fingerprint, a collection
/// that grew or shrank) computes every key.
public struct RenderMemo: Sendable {
    /// The renderer's inputs other than the items.
    struct Fingerprint: Sendable, Equatable {
        var config: SiteConfig
        var templates: [String: OutputKey]
        var assets: [String]
        var placeholder: String
        /// The messages' digest (``Messages/fingerprint``).
        var messages: String
        var collections: [String]

        /// Its digest, the config standing in as `configKey` (the build's digest of the config file and the
        /// paths it ran with, the galgen binary and the libraries it renders with): what matches a memo read back
        /// from disk, where no config is kept.
        func digest(configKey: OutputKey) -> OutputKey {
            var feed = KeyFeed()
            feed.begin("render-memo")
            feed.add(SiteRenderer.renderingVersion)
            feed.add(GalgenVersion.current)
            feed.add(configKey.description)
            feed.add(templates.keys.sorted()) { f, name in
                f.add(name)
                f.add(templates[name]!.description)
            }
            feed.add(assets) { $0.add($1) }
            feed.add(placeholder)
            feed.add(messages)
            feed.add(collections) { $0.add($1) }
            return feed.key
        }
    }

    /// The name of a data shard and the key of its bytes.
    struct Shard: Sendable, Equatable {
        var path: String
        var key: OutputKey
    }

    /// What the memo's build knew of one collection.
    struct CollectionMemo: Sendable, Equatable {
        /// Each item's ``Item/renderingKey``.
        var items: [OutputKey]
        /// The digest of every item's key, title, subtitle and searchable fields: what the search index holds.
        var search: OutputKey
        /// What every gallery page of the collection shows of all its items: its filter controls with their
        /// counts and its browse links (``SiteRenderer/filtersKey(controls:browse:)``).
        var filters: OutputKey
        /// Its data shards, in order.
        var shards: [Shard]
        /// Its filter values' card blocks.
        var cards: [KeptCards] = []
        /// The key of each gallery page (page 1 first).
        var galleryPages: [OutputKey]
        /// The key of each item's page (empty for a site without item pages).
        var itemPages: [OutputKey]
    }

    /// The build's fingerprint (nil for a memo read from disk).
    let fingerprint: Fingerprint?
    /// The fingerprint's ``Fingerprint/digest(configKey:)`` (nil when the build had no config key).
    let digest: OutputKey?
    let collections: [CollectionMemo]
    /// The search index, reused whole while nothing it holds changes (nil for a memo read
    /// from disk: the index is made again).
    let search: SearchIndex?
}

/// What the renderer knows of its own items, made once: each item's key and each collection's search digest.
struct ItemKeys: Sendable {
    let items: [[OutputKey]]
    let search: [OutputKey]

    init(_ collections: [Collection]) {
        // Independent: made on every core (a million items are a million digests).
        let chunk = 4096
        items = collections.map { collection in
            // Through the buffer: an item lent, not copied (a copy retains its every string).
            let parts = Concurrently.map((collection.items.count + chunk - 1) / chunk) { part in
                collection.items.withUnsafeBufferPointer { items in
                    ((part * chunk)..<min(items.count, (part + 1) * chunk)).map { items[$0].renderingKey }
                }
            }
            return parts.flatMap { $0 }
        }
        search = collections.map { collection in
            let searchable = collection.fields.indices.filter { collection.fields[$0].search }
            var feed = KeyFeed()
            feed.begin("search")
            feed.add(searchable) { $0.add(collection.fields[$1].label) }
            collection.items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    feed.add(items[i].record.slug)
                    feed.add(items[i].record.title)
                    feed.add(items[i].record.subtitle)
                    for f in searchable { feed.add(f < items[i].record.fields.count ? items[i].record.fields[f]?.text : nil) }
                }
            }
            return feed.key
        }
    }
}

/// Which items changed since the memo's build: for each collection, one flag per item. Only made
/// when the fingerprint is the memo's and every collection has the same size as before.
struct ItemChanges: Sendable {
    let changed: [[Bool]]
    /// Whether any item's key, title, subtitle or searchable field (what the search index holds) changed.
    let searchChanged: Bool

    init?(memo: RenderMemo?, fingerprint: RenderMemo.Fingerprint, digest: OutputKey?, keys: ItemKeys) {
        guard let memo, memo.collections.count == keys.items.count else { return nil }
        let same = if let old = memo.fingerprint { old == fingerprint } else { memo.digest != nil && memo.digest == digest }
        guard same else { return nil }
        var changed: [[Bool]] = []
        for (old, new) in zip(memo.collections, keys.items) {
            guard old.items.count == new.count else { return nil }
            changed.append(zip(old.items, new).map { $0 != $1 })
        }
        self.changed = changed
        self.searchChanged = zip(memo.collections, keys.search).contains { $0.search != $1 }
    }

    /// Whether any item of `range` in collection `c` changed.
    func any(_ c: Int, _ range: Range<Int>) -> Bool {
        let flags = changed[c]
        for i in range.clamped(to: flags.indices) where flags[i] { return true }
        return false
    }
}

extension Item {
    /// The key of everything of this item that pages, shards and the search index show: its record's
    /// shown properties (``GalgenRecords/Record/feedShown(into:)``: all but where it came from) and its
    /// image (variants, sources and facts). Two items with one key render alike everywhere.
    /// `RenderMemoTests` fails when a property is added to ``ItemImage`` and not here.
    public var renderingKey: OutputKey {
        var feed = KeyFeed()
        record.feedShown(into: &feed)
        feed.add(image) { f, image in
            f.add(image.variants) { Self.feed($1, into: &$0) }
            f.add(image.sources) { f, source in
                f.add(source.type)
                f.add(source.variants) { Self.feed($1, into: &$0) }
            }
            image.facts.feed(into: &f)
        }
        return feed.key
    }

    private static func feed(_ variant: ImageVariant, into feed: inout KeyFeed) {
        feed.add(variant.path)
        feed.add(variant.width)
        feed.add(variant.height)
    }

    /// The properties of the image types that ``renderingKey`` feeds.
    static let keyedImageProperties = ["variants", "sources", "facts"]
    static let keyedSourceProperties = ["type", "variants"]
    static let keyedVariantProperties = ["path", "width", "height"]
}

extension SiteRenderer {
    /// The key of what every gallery page of a collection shows beyond its own items: the filter controls
    /// (values and counts) and the browse links (at one root: every page's are the same links below its own).
    /// The filters template rendered with them (``filtersHTML``) follows from these and the templates, which
    /// the fingerprint holds.
    static func filtersKey(controls: FiltersContext?, browse: BrowseContext?) -> OutputKey {
        var feed = KeyFeed()
        feed.begin("gallery-filters")
        feed.add(controls) { $1.feed(into: &$0) }
        feed.add(browse) { $1.feed(into: &$0) }
        return feed.key
    }

    /// The previous build's key of each planned page that is sure to be the same now (see
    /// ``RenderMemo``); nil where ``key(for:)`` must compute it.
    /// - Parameter plan: The pages from ``plan()``.
    public func reusedKeys(for plan: [PageSpec]) -> [OutputKey?] {
        guard let memo, let changes else { return [OutputKey?](repeating: nil, count: plan.count) }
        return plan.map { spec in
            switch spec.kind {
            case .gallery(let c, let n):
                let kept = memo.collections[c].galleryPages
                guard n <= kept.count else { return nil }
                // A first page that lists sub-albums shows their covers and counts: keyed afresh.
                if n == 1 && !collections[c].subalbums.isEmpty { return nil }
                // Filter counts and browse links are the whole collection's: when they changed, every page is keyed afresh.
                if memo.collections[c].filters != filtersKeys[c] { return nil }
                let ranges = Pagination.pages(count: collections[c].items.count, pageSize: config.pageSize)
                return changes.any(c, ranges[n - 1]) ? nil : kept[n - 1]
            case .item(let c, let index):
                let kept = memo.collections[c].itemPages
                // The page shows its neighbours' titles and links too (and its item's slug is its path).
                guard index < kept.count, !changes.any(c, (index - 1)..<(index + 2)) else { return nil }
                return kept[index]
            case .home, .notFound, .albums, .browse:
                return nil  // every collection's or album's cover and count: cheap to key
            }
        }
    }

    /// What the next build of this site may reuse.
    /// - Parameters:
    ///   - plan: The pages from ``plan()``.
    ///   - keys: Their keys, in the same order.
    public func memo(plan: [PageSpec], keys: [OutputKey]) -> RenderMemo {
        let zero = OutputKey(high: 0, low: 0)
        var gallery = collections.map { [OutputKey](repeating: zero, count: Pagination.pages(count: $0.items.count,
                                                                                               pageSize: config.pageSize).count) }
        var item = collections.map { [OutputKey](repeating: zero, count: config.itemPages == .all ? $0.items.count : 0) }
        for (spec, key) in zip(plan, keys) {
            switch spec.kind {
            case .gallery(let c, let n): gallery[c][n - 1] = key
            case .item(let c, let i): item[c][i] = key
            case .home, .notFound, .albums, .browse: break
            }
        }
        let memos = collections.indices.map { c in
            RenderMemo.CollectionMemo(items: itemKeys.items[c], search: itemKeys.search[c], filters: filtersKeys[c],
                                      shards: data.shards[c].map { RenderMemo.Shard(path: $0.path, key: $0.key) },
                                      cards: data.facets.cards[c],
                                      galleryPages: gallery[c], itemPages: item[c])
        }
        return RenderMemo(fingerprint: fingerprint, digest: fingerprintDigest, collections: memos, search: data.search)
    }
}
