public import GalgenCore
public import GalgenConfig
import GalgenSearch
public import GalgenSiteModel

/// What one build's renderer worked out that the next build in the same process can reuse:
/// `galgen serve` keeps it between rebuilds, so an edit of one record does not build the context
/// of every page again to learn that its key did not change.
///
/// Reuse is exact, never a guess. A page's key is a pure function of the renderer's inputs: the
/// config, the templates, the assets and each collection's name, title and size (together the
/// ``Fingerprint``), and the items the page shows. When the fingerprint is the previous build's,
/// every item is compared with the item at the same place before (``Item/rendersLike(_:)``), and a
/// page (or data shard) none of whose items changed keeps its previous key. Anything else (another
/// fingerprint, a collection that grew or shrank) computes every key.
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
    }

    /// One page of the previous plan and its key.
    struct Page: Sendable {
        var path: String
        var kind: PageSpec.Kind
        var key: OutputKey
    }

    let fingerprint: Fingerprint
    let collections: [Collection]
    /// The data shards of each collection, in order.
    let shards: [[GalleryData.File]]
    /// The search index, reused whole while no item's key, title or subtitle changes.
    let search: SearchIndex
    /// The previous plan, sorted by path.
    let pages: [Page]
}

/// Which items changed since the memo's build: for each collection, one flag per item. Only made
/// when the fingerprint is the memo's (so every collection has the same size as before).
struct ItemChanges: Sendable {
    let changed: [[Bool]]
    /// Whether any item's key, title or subtitle (what the search index holds) changed.
    let searchChanged: Bool

    init?(memo: RenderMemo?, fingerprint: RenderMemo.Fingerprint, collections: [Collection]) {
        guard let memo, memo.fingerprint == fingerprint, memo.collections.count == collections.count else { return nil }
        var changed: [[Bool]] = []
        var searchChanged = false
        for (old, new) in zip(memo.collections, collections) {
            guard old.items.count == new.items.count else { return nil }
            let flags = old.items.indices.map { !old.items[$0].rendersLike(new.items[$0]) }
            changed.append(flags)
            for i in flags.indices where flags[i] && !searchChanged {
                let a = old.items[i].record, b = new.items[i].record
                searchChanged = a.slug != b.slug || a.title != b.title || a.subtitle != b.subtitle
            }
        }
        self.changed = changed
        self.searchChanged = searchChanged
    }

    /// Whether any item of `range` in collection `c` changed.
    func any(_ c: Int, _ range: Range<Int>) -> Bool {
        let flags = changed[c]
        for i in range.clamped(to: flags.indices) where flags[i] { return true }
        return false
    }
}

extension Item {
    /// Whether this item renders exactly like `other` everywhere (pages, shards, search): every
    /// property of the record but `origin` (where it came from, which only messages show) and the
    /// image are equal. `RenderMemoTests` fails when a property is added to ``Record`` and not
    /// here.
    public func rendersLike(_ other: Item) -> Bool {
        let a = record, b = other.record
        return a.id == b.id && a.slug == b.slug && a.title == b.title && a.subtitle == b.subtitle && a.image == b.image
            && a.imageFallback == b.imageFallback && a.link == b.link && a.fields == b.fields && image == other.image
            && a.album == b.album && a.descriptionHTML == b.descriptionHTML && a.video == b.video
    }

    /// The properties of ``Record`` that ``rendersLike(_:)`` compares, and those it leaves out: the
    /// origin (never shown) and the Markdown `description`, which pages show only as `descriptionHTML`
    /// (rendered from it, with its links resolved, before the pages are planned).
    static let comparedRecordProperties = ["id", "slug", "title", "subtitle", "image", "imageFallback", "link", "fields", "album",
                                           "descriptionHTML", "video"]
    static let ignoredRecordProperties = ["origin", "description"]
}

extension SiteRenderer {
    /// The previous build's key of each planned page that is sure to be the same now (see
    /// ``RenderMemo``); nil where ``key(for:)`` must compute it.
    /// - Parameter plan: The pages from ``plan()``.
    public func reusedKeys(for plan: [PageSpec]) -> [OutputKey?] {
        var keys = [OutputKey?](repeating: nil, count: plan.count)
        guard let memo, let changes else { return keys }
        var j = 0
        for (i, spec) in plan.enumerated() {
            while j < memo.pages.count && memo.pages[j].path < spec.path { j += 1 }
            guard j < memo.pages.count, memo.pages[j].path == spec.path, memo.pages[j].kind == spec.kind else { continue }
            switch spec.kind {
            case .gallery(let c, let n):
                // A first page that lists sub-albums shows their covers and counts: keyed afresh.
                if n == 1 && !collections[c].subalbums.isEmpty { continue }
                // Filter counts and browse links are the whole collection's: any change keys every page afresh.
                if !collections[c].filters.isEmpty && changes.any(c, 0..<collections[c].items.count) { continue }
                let ranges = Pagination.pages(count: collections[c].items.count, pageSize: config.pageSize)
                if !changes.any(c, ranges[n - 1]) { keys[i] = memo.pages[j].key }
            case .item(let c, let index):
                // The page shows its neighbours' titles and links too.
                if !changes.any(c, (index - 1)..<(index + 2)) { keys[i] = memo.pages[j].key }
            case .home, .notFound, .albums, .browse:
                break  // every collection's or album's cover and count: cheap to key
            }
        }
        return keys
    }

    /// What the next build of this site in this process may reuse.
    /// - Parameters:
    ///   - plan: The pages from ``plan()``.
    ///   - keys: Their keys, in the same order.
    public func memo(plan: [PageSpec], keys: [OutputKey]) -> RenderMemo {
        RenderMemo(fingerprint: fingerprint, collections: collections, shards: data.shards, search: data.search,
                   pages: zip(plan, keys).map { RenderMemo.Page(path: $0.path, kind: $0.kind, key: $1) })
    }
}
