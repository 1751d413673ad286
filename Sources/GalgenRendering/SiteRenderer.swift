import Foundation
public import GalgenConfig
public import GalgenCore
import GalgenRecords
public import GalgenSiteModel

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
        /// Page `page` (1-based) of the items of collection `collection` that have value `value` of its
        /// first value filter (the filter's pages without JavaScript).
        case browse(collection: Int, value: Int, page: Int)
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
    let config: SiteConfig
    public let collections: [Collection]
    /// The sources split into albums; their albums are among ``collections``.
    let groups: [CollectionGroup]
    let templates: TemplateSet
    let assets: AssetSet
    let placeholderPath: String
    /// ``assetURLs(root:)`` for the roots pages have (`./` to four levels up).
    let assetsByRoot: [(root: String, urls: [String: String])]
    /// The runtime's JSON files (manifests, shards, search).
    public let data: GalleryData
    /// The previous build's memo, and which items changed since (nil: every key is computed).
    let memo: RenderMemo?
    let changes: ItemChanges?
    let fingerprint: RenderMemo.Fingerprint
    /// Its digest with the build's config key, when there is one.
    let fingerprintDigest: OutputKey?
    /// Each item's key and each collection's search digest (compared with the memo's, and kept in the next).
    let itemKeys: ItemKeys
    /// What page keys add for locale field formats (the ICU version); nil with plain formats.
    var fieldFormatKey: String?
    /// ICU's formats for the site language, with locale field formats; shared by the render threads.
    let localeFormatter: LocaleFormatter?
    /// The theme's words in the site's language.
    let messages: Messages
    /// ``Messages/templateStrings`` and ``Messages/runtimeJSON``, made once.
    let msg: [String: String]
    let runtimeMessagesHTML: String
    /// Each collection's filter controls (the same on every one of its pages), made once: at a hundred
    /// thousand items a collection's thousand pages would otherwise each format its few hundred options.
    let filterControls: [FiltersContext?]
    /// The `filters` template rendered with them (and the browse links) once per collection and page depth
    /// (its first page, and the others), keyed `"<collection> <root>"`: rendering a few hundred options on
    /// every page cost a build a fifth more time than the same site without filters.
    let filtersHTML: [String: String]
    /// Each collection's key of what its gallery pages show of the whole collection (``filtersKey(controls:browse:)``).
    let filtersKeys: [OutputKey]

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
    ///   - memo: What the previous build of this site worked out (``memo(plan:keys:)``), in this process or read back.
    ///   - configKey: What stands for the config in a memo kept on disk (``RenderMemo/Fingerprint/digest(configKey:)``);
    ///     nil: the memo this renderer makes can only be reused in this process.
    ///   - messages: The theme's words in the site's language (``Messages/load(language:tables:siteDirectory:fileSystem:)``).
    /// - Throws: ``RenderingError`` when the placeholder asset is missing.
    public init(config: SiteConfig, collections: [Collection], groups: [CollectionGroup] = [], templates: TemplateSet, assets: AssetSet,
                memo: RenderMemo? = nil, configKey: OutputKey? = nil, messages: Messages = .english) throws(RenderingError) {
        guard let placeholder = assets.path(forKey: "placeholder_svg") else {
            throw RenderingError(.missingTemplate, location: "theme",
                                 message: "missing assets/placeholder.svg (shown for items without a usable image)")
        }
        let formatter = config.fieldFormat == .locale ? LocaleFormatter(language: config.language) : nil
        let collections = Self.withFieldFormat(collections, formatter: formatter)
        self.config = config
        self.collections = collections
        self.localeFormatter = formatter
        self.fieldFormatKey = Self.fieldFormatKeyPart(config)
        self.groups = groups
        self.templates = templates
        self.assets = assets
        self.placeholderPath = placeholder
        var messages = messages
        if let formatter { messages.numbers = { formatter.integer($0) } }
        self.messages = messages
        self.msg = messages.templateStrings
        self.runtimeMessagesHTML = messages.runtimeJSON
        self.assetsByRoot = (0...4).map { depth in
            let root = depth == 0 ? "./" : String(repeating: "../", count: depth)
            return (root, Self.assetURLs(assets, root: root))
        }
        let fingerprint = RenderMemo.Fingerprint(
            config: config, templates: templates.digests, assets: assets.assets.map { $0.key + " " + $0.outputPath },
            placeholder: placeholder, messages: messages.fingerprint,
            // Fields, sort keys, feeds and groupings are the config's; album names and titles are here.
            // A folder album's description, cover and download show on its pages too.
            collections: collections.map { c in
                "\(c.name) \(c.items.count) \(c.fullTitle) \(c.cover ?? -1) \(c.download.map { "\($0.path) \($0.bytes)" } ?? "")\n"
                    + (c.descriptionHTML ?? "")
            })
        let itemKeys = ItemKeys(collections)
        let digest = configKey.map { fingerprint.digest(configKey: $0) }
        let changes = ItemChanges(memo: memo, fingerprint: fingerprint, digest: digest, keys: itemKeys)
        self.fingerprint = fingerprint
        self.fingerprintDigest = digest
        self.itemKeys = itemKeys
        self.memo = changes == nil ? nil : memo
        self.changes = changes
        let data = GalleryData(collections: collections, pageSize: config.pageSize, placeholder: placeholder,
                                types: config.formats.dropLast().map(\.mimeType), itemPages: config.itemPages == .all,
                                previous: changes == nil ? nil : memo?.collections.map(\.shards),
                                previousSearch: changes == nil ? nil : memo?.search, changes: changes,
                                previousCards: changes == nil ? nil : memo?.collections.map(\.cards))
        self.data = data
        let controls = collections.indices.map { FiltersContext.make(data.facets, collection: $0, messages: messages) }
        self.filterControls = controls
        var filtersHTML: [String: String] = [:]
        for c in collections.indices where controls[c] != nil || data.facets.browsable(c) != nil {
            for n in [1, 2] {
                let root = Self.root(of: collections[c].name + "/" + Pagination.folder(ofPage: n) + "index.html")
                filtersHTML["\(c) \(root)"] = Self.renderFilters(templates, msg: messages.templateStrings, controls[c],
                                                                   Self.browseLinks(data.facets, collections, messages, c, root: root))
            }
        }
        self.filtersHTML = filtersHTML
        self.filtersKeys = collections.indices.map { c in
            Self.filtersKey(controls: controls[c], browse: Self.browseLinks(data.facets, collections, messages, c, root: "/"))
        }
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
            guard config.itemPages == .all else { continue }
            collection.items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    pages.append(PageSpec(path: "\(collection.name)/\(items[i].record.slug)/index.html", kind: .item(collection: c, item: i)))
                }
            }
        }
        pages += browsePlan()
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
        return RenderedPage(path: spec.path, html: templates.render(template, PageScope(context: context, msg: msg)))
    }

    /// The template and the value a planned page is rendered with.
    func context(for spec: PageSpec) -> (template: String, context: Any) {
        switch spec.kind {
        case .home: ("index", home(spec))
        case .gallery(let c, let n): ("gallery", gallery(spec, collection: c, page: n))
        case .item(let c, let i): ("item", item(spec, collection: c, index: i))
        case .albums(let g, let n): ("albums", albums(spec, group: g, page: n))
        case .browse(let c, let v, let n): ("gallery", browse(spec, collection: c, value: v, page: n))
        case .notFound: ("404", notFound(spec))
        }
    }
}
