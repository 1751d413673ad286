import Foundation
public import GalgenConfig
public import GalgenCore

/// One page of the output: where it goes and what kind it is.
public struct PageSpec: Sendable, Hashable {
    /// What the page shows.
    public enum Kind: Sendable, Hashable {
        /// The home page with every collection.
        case home
        /// Gallery page `page` (1-based) of collection `collection`.
        case gallery(collection: Int, page: Int)
        /// The detail page of item `item` of collection `collection`.
        case item(collection: Int, item: Int)
        /// Page `page` (1-based) of the album list of group `group` (a source split by `groupBy`).
        case albums(group: Int, page: Int)
        /// `404.html`, which static hosts (and `galgen serve`) send for any missing address, at
        /// any depth: its links are absolute (with a `baseURL`) or root-relative.
        case notFound
    }

    /// Path below the site root, ending in `index.html` (`404.html` for the not-found page).
    public var path: String
    /// What the page shows.
    public var kind: Kind
}

/// A rendered page.
public struct RenderedPage: Sendable {
    /// Path below the site root.
    public var path: String
    /// The HTML.
    public var html: String
}

/// Plans and renders the pages of a site from its collections and templates.
public struct SiteRenderer: Sendable {
    private let config: SiteConfig
    private let collections: [Collection]
    /// The sources split into albums; their albums are among ``collections``.
    private let groups: [CollectionGroup]
    let templates: TemplateSet
    private let assets: AssetSet
    private let placeholderPath: String
    /// ``assetURLs(root:)`` for the roots pages have (`./` to four levels up).
    private let assetsByRoot: [(root: String, urls: [String: String])]
    /// The runtime's JSON files (manifests, shards, search).
    public let data: GalleryData
    /// The previous build's memo, and which items changed since (nil: every key is computed).
    private let memo: RenderMemo?
    private let changes: ItemChanges?
    private let fingerprint: RenderMemo.Fingerprint

    /// Side length of the placeholder image, in CSS pixels.
    public static let placeholderSize = 400
    /// Background colour of a cell without an image.
    public static let placeholderColor = "#d9d9d9"

    /// Creates a renderer.
    /// - Parameters:
    ///   - config: The site config.
    ///   - collections: The collections, in config order (a grouped source's albums in album order, together).
    ///   - groups: The sources split into albums.
    ///   - templates: The loaded templates.
    ///   - assets: The hashed assets (must include `assets/placeholder.svg`).
    ///   - memo: What the previous build of this site in this process worked out (``memo(plan:keys:)``).
    /// - Throws: ``RenderingError`` when the placeholder asset is missing.
    public init(config: SiteConfig, collections: [Collection], groups: [CollectionGroup] = [], templates: TemplateSet, assets: AssetSet,
                memo: RenderMemo? = nil) throws(RenderingError) {
        guard let placeholder = assets.path(forKey: "placeholder_svg") else {
            throw RenderingError(.missingTemplate, location: "theme",
                                 message: "missing assets/placeholder.svg (shown for items without a usable image)")
        }
        self.config = config
        self.collections = collections
        self.groups = groups
        self.templates = templates
        self.assets = assets
        self.placeholderPath = placeholder
        self.assetsByRoot = (0...4).map { depth in
            let root = depth == 0 ? "./" : String(repeating: "../", count: depth)
            var asset: [String: String] = [:]
            for a in assets.assets { asset[a.key] = root + a.outputPath }
            return (root, asset)
        }
        let fingerprint = RenderMemo.Fingerprint(
            config: config, templates: templates.digests, assets: assets.assets.map { $0.key + " " + $0.outputPath },
            placeholder: placeholder,
            // Fields, sort keys, feeds and groupings are the config's; album names and titles are here.
            collections: collections.map { "\($0.name) \($0.items.count) \($0.fullTitle)" })
        let changes = ItemChanges(memo: memo, fingerprint: fingerprint, collections: collections)
        self.fingerprint = fingerprint
        self.memo = changes == nil ? nil : memo
        self.changes = changes
        self.data = GalleryData(collections: collections, pageSize: config.pageSize, placeholder: placeholder,
                                types: config.formats.dropLast().map(\.mimeType), itemPages: config.itemPages == .all,
                                previous: changes == nil ? nil : memo?.shards,
                                previousSearch: changes == nil ? nil : memo?.search, changes: changes)
    }

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
                let ranges = Pagination.pages(count: collections[c].items.count, pageSize: config.pageSize)
                if !changes.any(c, ranges[n - 1]) { keys[i] = memo.pages[j].key }
            case .item(let c, let index):
                // The page shows its neighbours' titles and links too.
                if !changes.any(c, (index - 1)..<(index + 2)) { keys[i] = memo.pages[j].key }
            case .home, .notFound, .albums:
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

    /// Every page of the site, sorted by path; `404.html` when the templates have a `404.mustache`;
    /// no item pages when the config's `itemPages` is `none`.
    public func plan() -> [PageSpec] {
        var pages = [PageSpec(path: "index.html", kind: .home)]
        if templates.names.contains("404") { pages.append(PageSpec(path: "404.html", kind: .notFound)) }
        for (g, group) in groups.enumerated() {
            for n in 1...Pagination.pages(count: group.albums.count, pageSize: config.pageSize).count {
                pages.append(PageSpec(path: "\(group.name)/\(Pagination.folder(ofPage: n))index.html", kind: .albums(group: g, page: n)))
            }
        }
        for (c, collection) in collections.enumerated() {
            let ranges = Pagination.pages(count: collection.items.count, pageSize: config.pageSize)
            for n in 1...ranges.count {
                pages.append(PageSpec(path: "\(collection.name)/\(Pagination.folder(ofPage: n))index.html",
                                      kind: .gallery(collection: c, page: n)))
            }
            for (i, item) in collection.items.enumerated() where config.itemPages == .all {
                pages.append(PageSpec(path: "\(collection.name)/\(item.record.slug)/index.html", kind: .item(collection: c, item: i)))
            }
        }
        return pages.sorted { $0.path < $1.path }
    }

    /// `robots.txt` and, when the config has a `baseURL`, the sitemap of the planned pages.
    /// - Parameter plan: The pages from ``plan()``.
    public func crawlerFiles(for plan: [PageSpec]) -> [GalleryData.File] {
        CrawlerFiles.files(baseURL: config.baseURL, pages: plan.filter { $0.kind != .notFound }.map(\.path))
    }

    /// Renders one planned page.
    /// - Parameter spec: A page from ``plan()``.
    public func render(_ spec: PageSpec) -> RenderedPage {
        let (template, context) = context(for: spec)
        return RenderedPage(path: spec.path, html: templates.render(template, context))
    }

    /// The template and the value a planned page is rendered with.
    func context(for spec: PageSpec) -> (template: String, context: Any) {
        switch spec.kind {
        case .home: ("index", home(spec))
        case .gallery(let c, let n): ("gallery", gallery(spec, collection: c, page: n))
        case .item(let c, let i): ("item", item(spec, collection: c, index: i))
        case .albums(let g, let n): ("albums", albums(spec, group: g, page: n))
        case .notFound: ("404", notFound(spec))
        }
    }

    // MARK: - Contexts

    private var site: SiteContext {
        SiteContext(title: config.title, description: config.description, language: config.language, baseURL: config.baseURL)
    }

    private static func root(of path: String) -> String {
        let depth = path.filter { $0 == "/" }.count
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }

    /// The page's metadata. `share` is what its Open Graph tags show: a title, a description, and
    /// the item whose image represents the page (nil for none).
    private func meta(_ path: String, title: String, share: (title: String, description: String?, item: Item?),
                      prev: String? = nil, next: String? = nil, root fixedRoot: String? = nil,
                      feed: (path: String, title: String)? = nil) -> PageMeta {
        let root = fixedRoot ?? Self.root(of: path)
        let asset = assetURLs(root: root)
        let canonical = fixedRoot == nil ? config.baseURL.map { CrawlerFiles.url(ofPage: path, baseURL: $0) } : nil
        let og = OpenGraphContext(type: "website", siteName: config.title, title: share.title, description: share.description,
                                  url: canonical, image: openGraphImage(share.item))
        return PageMeta(title: title, description: config.description, root: root, home: root,
                        canonical: canonical, prev: prev, next: next, asset: asset, og: og,
                        feed: feed.map { root + $0.path }, feedTitle: feed?.title)
    }

    /// Asset URLs by key, relative to a page at `root`: made once per depth (every page of a
    /// 100,000-item site needs them, and its key reads them too).
    private func assetURLs(root: String) -> [String: String] {
        if let made = assetsByRoot.first(where: { $0.root == root }) { return made.urls }
        var asset: [String: String] = [:]
        for a in assets.assets { asset[a.key] = root + a.outputPath }
        return asset
    }

    /// The absolute URL and size of an item's middle-width variant; nil without a `baseURL` or an image.
    private func openGraphImage(_ item: Item?) -> OpenGraphImage? {
        guard let baseURL = config.baseURL, let item, let image = item.image, !image.variants.isEmpty else { return nil }
        let variant = image.variants[image.variants.count / 2]
        return OpenGraphImage(url: baseURL + variant.path, width: variant.width, height: variant.height, alt: item.record.title)
    }

    private func countLabel(_ n: Int) -> String { n == 1 ? "1 item" : "\(n) items" }

    /// The pager of page `n` of `total` (nil for a single page); `url` gives a page's address.
    private static func pager(current n: Int, total: Int, prev: String?, next: String?, url: (Int) -> String) -> PagerContext? {
        guard total > 1 else { return nil }
        let links = Pagination.window(current: n, total: total).map { number -> PagerLink in
            guard let number else { return PagerLink(label: "…", url: nil, current: false, gap: true) }
            return PagerLink(label: String(number), url: number == n ? nil : url(number), current: number == n, gap: false)
        }
        return PagerContext(current: n, total: total, prev: prev, next: next, links: links)
    }

    /// The trail above collection `c`'s pages: its group, for an album.
    private func crumbs(above c: Int, root: String) -> [CrumbContext] {
        guard let g = collections[c].group else { return [] }
        return [CrumbContext(title: groups[g].title, url: root + groups[g].name + "/")]
    }

    private func ref(_ c: Int, root: String) -> CollectionRef {
        let collection = collections[c]
        return CollectionRef(name: collection.name, title: collection.title, url: root + collection.name + "/",
                             count: collection.items.count, countLabel: countLabel(collection.items.count))
    }

    private func image(_ item: Item, root: String, detail: Bool) -> ImageContext {
        let alt = item.record.title
        guard let image = item.image, !image.variants.isEmpty else {
            return ImageContext(src: root + placeholderPath, srcset: nil, sources: [], width: Self.placeholderSize, height: Self.placeholderSize,
                                alt: alt, color: Self.placeholderColor, placeholder: true)
        }
        let main = detail ? image.variants[image.variants.count - 1] : image.variants[image.variants.count / 2]
        let srcset = { (variants: [ImageVariant]) in variants.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ") }
        return ImageContext(src: root + main.path, srcset: srcset(image.variants),
                            sources: image.sources.map { SourceContext(type: $0.type, srcset: srcset($0.variants)) },
                            width: main.width, height: main.height,
                            alt: alt, color: image.averageColor, placeholder: false)
    }

    /// The not-found page: the home page's cards under another heading, its links from the site root.
    private func notFound(_ spec: PageSpec) -> HomeContext {
        home(spec, title: "Page not found – \(config.title)", root: config.baseURL ?? "/")
    }

    private func home(_ spec: PageSpec, title: String? = nil, root: String? = nil) -> HomeContext {
        let cover = collections.lazy.compactMap { $0.items.first { $0.image != nil } }.first
        let m = meta(spec.path, title: title ?? config.title, share: (title ?? config.title, config.description, cover), root: root)
        // Plain collections and grouped sources, in config order (a group where its first album is).
        var cards: [CollectionCard] = []
        for (c, collection) in collections.enumerated() {
            if let g = collection.group {
                if groups[g].albums.first == c { cards.append(groupCard(g, root: m.root)) }
                continue
            }
            cards.append(card(c, root: m.root))
        }
        return HomeContext(site: site, page: m, collections: CollectionCard.placed(cards, eager: config.eagerImages), empty: cards.isEmpty)
    }

    private func gallery(_ spec: PageSpec, collection c: Int, page n: Int) -> GalleryContext {
        let collection = collections[c]
        let ranges = Pagination.pages(count: collection.items.count, pageSize: config.pageSize)
        let root = Self.root(of: spec.path)
        let base = root + collection.name + "/"
        func url(_ page: Int) -> String { base + Pagination.folder(ofPage: page) }
        let prev = n > 1 ? url(n - 1) : nil
        let next = n < ranges.count ? url(n + 1) : nil
        let title = ranges.count > 1 ? "\(collection.fullTitle) – page \(n) of \(ranges.count)" : collection.fullTitle
        let range = ranges[n - 1]
        let shown = collection.items[range].first { $0.image != nil }
        let m = meta(spec.path, title: title, share: (title, config.description, shown), prev: prev, next: next, feed: feed(of: c))
        let cells = range.map { i -> CellContext in
            let item = collection.items[i]
            let offset = i - range.lowerBound
            // Without item pages a cell links to itself (its id), which the runtime opens in the lightbox.
            let url = config.itemPages == .all ? base + item.record.slug + "/" : "#item-" + item.record.slug
            return CellContext(key: item.record.slug, index: i, position: i + 1, title: item.record.title, subtitle: item.record.subtitle,
                               url: url, image: image(item, root: root, detail: false),
                               eager: offset < config.eagerImages, priority: offset == 0)
        }
        let pager = Self.pager(current: n, total: ranges.count, prev: prev, next: next, url: url)
        let trail = crumbs(above: c, root: root)
        return GalleryContext(site: site, page: m, collection: ref(c, root: root), items: cells, empty: cells.isEmpty,
                              setSize: collection.items.count, first: range.lowerBound,
                              manifest: data.manifests[c].map { root + $0 }, pager: pager, crumbs: trail, hasCrumbs: !trail.isEmpty)
    }

    private func item(_ spec: PageSpec, collection c: Int, index i: Int) -> ItemContext {
        let collection = collections[c]
        let item = collection.items[i]
        let root = Self.root(of: spec.path)
        let base = root + collection.name + "/"
        func neighbour(_ j: Int) -> NeighbourContext? {
            guard collection.items.indices.contains(j) else { return nil }
            return NeighbourContext(url: base + collection.items[j].record.slug + "/", title: collection.items[j].record.title)
        }
        let page = Pagination.page(ofItem: i, pageSize: config.pageSize)
        let fields = Self.fields(of: item, in: collection)
        let detail = ItemDetail(key: item.record.slug, id: item.record.id, title: item.record.title, subtitle: item.record.subtitle,
                                link: item.record.link, image: image(item, root: root, detail: true), position: i + 1,
                                fields: fields, hasFields: !fields.isEmpty)
        let m = meta(spec.path, title: "\(item.record.title) – \(collection.fullTitle)",
                     share: (item.record.title, item.record.subtitle ?? config.description, item), feed: feed(of: c))
        let back = NeighbourContext(url: base + Pagination.folder(ofPage: page), title: collection.title)
        let trail = crumbs(above: c, root: root) + [CrumbContext(title: back.title, url: back.url)]
        return ItemContext(site: site, page: m,
                           collection: ref(c, root: root), item: detail,
                           back: back, previous: neighbour(i - 1), next: neighbour(i + 1), crumbs: trail, hasCrumbs: true)
    }
}

// MARK: - Albums, fields and feeds

extension SiteRenderer {
    /// The item's extra fields that have a value, in the source's order.
    static func fields(of item: Item, in collection: Collection) -> [FieldContext] {
        item.shownFields(collection.fields).map { spec, value in
            FieldContext(name: spec.name, label: spec.label, type: spec.type.rawValue, text: value.text, href: value.href, datetime: value.datetime)
        }
    }

    /// The card of a grouped source on the home page: every album's items counted, the first album's cover.
    fileprivate func groupCard(_ g: Int, root: String) -> CollectionCard {
        let group = groups[g]
        let count = itemCount(ofGroup: g)
        let first = group.albums.lazy.compactMap { collections[$0].items.first { $0.image != nil } }.first
        return CollectionCard(title: group.title, url: root + group.name + "/", count: count, countLabel: countLabel(count),
                              cover: first.map { image($0, root: root, detail: false) })
    }

    /// The card of collection `c`: its title, count and first picture.
    fileprivate func card(_ c: Int, root: String) -> CollectionCard {
        let r = ref(c, root: root)
        let cover = collections[c].items.first { $0.image != nil }.map { image($0, root: root, detail: false) }
        return CollectionCard(title: r.title, url: r.url, count: r.count, countLabel: r.countLabel, cover: cover)
    }

    /// Items in every album of group `g`.
    private func itemCount(ofGroup g: Int) -> Int { groups[g].albums.reduce(0) { $0 + collections[$1].items.count } }

    /// Page `n` of group `g`'s album list.
    fileprivate func albums(_ spec: PageSpec, group g: Int, page n: Int) -> AlbumsContext {
        let group = groups[g]
        let root = Self.root(of: spec.path)
        let base = root + group.name + "/"
        let ranges = Pagination.pages(count: group.albums.count, pageSize: config.pageSize)
        func url(_ page: Int) -> String { base + Pagination.folder(ofPage: page) }
        let prev = n > 1 ? url(n - 1) : nil
        let next = n < ranges.count ? url(n + 1) : nil
        let title = ranges.count > 1 ? "\(group.title) – page \(n) of \(ranges.count)" : group.title
        let shown = group.albums[ranges[n - 1]].lazy.compactMap { self.collections[$0].items.first { $0.image != nil } }.first
        let m = meta(spec.path, title: title, share: (title, config.description, shown), prev: prev, next: next,
                     feed: group.albums.first.flatMap { feed(of: $0) })
        let cards = CollectionCard.placed(group.albums[ranges[n - 1]].map { card($0, root: root) }, eager: config.eagerImages)
        let pager = Self.pager(current: n, total: ranges.count, prev: prev, next: next, url: url)
        let count = itemCount(ofGroup: g)
        let own = CollectionRef(name: group.name, title: group.title, url: base, count: count, countLabel: countLabel(count))
        let albumCount = group.albums.count == 1 ? "1 album" : "\(group.albums.count) albums"
        return AlbumsContext(site: site, page: m, collection: own, albums: cards, empty: cards.isEmpty,
                             albumCountLabel: albumCount, pager: pager)
    }

    /// Where the Atom feed that collection `c`'s pages link to is (below the site root), and its title;
    /// nil when the source is not sorted by a date first or the site has no `baseURL` (a feed's links must be absolute).
    func feed(of c: Int) -> (path: String, title: String)? {
        guard config.baseURL != nil, collections[c].feedField != nil else { return nil }
        if let g = collections[c].group { return (groups[g].name + "/" + FeedWriter.fileName, groups[g].title) }
        return (collections[c].name + "/" + FeedWriter.fileName, collections[c].title)
    }

    /// The Atom feeds of the site: one per source sorted by a date first (plain or grouped), with its
    /// newest items; none without a `baseURL`.
    public func feeds() -> [GalleryData.File] {
        guard let baseURL = config.baseURL else { return [] }
        var files: [GalleryData.File] = []
        var done: Set<Int> = []
        for (c, collection) in collections.enumerated() {
            guard let field = collection.feedField else { continue }
            let members: [Int]
            if let g = collection.group {
                guard done.insert(g).inserted else { continue }
                members = groups[g].albums
            } else {
                members = [c]
            }
            guard let (path, title) = feed(of: c) else { continue }
            // The newest first (ties in collection order), picked before any entry is made:
            // a source of a million items makes 50 entries, not a million.
            var dated: [(date: Double, c: Int, i: Int)] = []
            for m in members {
                for (i, item) in collections[m].items.enumerated() {
                    guard field < item.record.fields.count, let date = item.record.fields[field]?.number else { continue }
                    dated.append((date, m, i))
                }
            }
            func page(_ c: Int, _ i: Int) -> String {
                let slug = collections[c].items[i].record.slug
                return config.itemPages == .all ? "\(collections[c].name)/\(slug)/"
                    : "\(collections[c].name)/\(Pagination.folder(ofPage: Pagination.page(ofItem: i, pageSize: config.pageSize)))#item-\(slug)"
            }
            let newest = dated.sorted { $0.date != $1.date ? $0.date > $1.date : ($0.c, $0.i) < ($1.c, $1.i) }.prefix(FeedWriter.maxEntries)
            let entries = newest.map { d -> FeedWriter.Entry in
                let item = collections[d.c].items[d.i]
                return FeedWriter.Entry(title: item.record.title, summary: item.record.subtitle, url: baseURL + page(d.c, d.i),
                                        date: d.date, image: openGraphImage(item)?.url)
            }
            let folder = String(path.dropLast(FeedWriter.fileName.count))
            let text = FeedWriter.atom(title: "\(title) – \(config.title)", url: baseURL + folder, feedURL: baseURL + path,
                                       author: config.title, language: config.language, entries: entries)
            files.append(GalleryData.File(path: path, data: Data(text.utf8)))
        }
        return files
    }
}
