import GalgenCore
import GalgenSearch
import GalgenSiteModel

// Pages per value of a collection's first value filter: the filtered lists, browsable without JavaScript
// (docs/search.md, "Filters"), at `<collection>/by-<field>/<value>/` and its `page/<n>/`.

extension SiteRenderer {
    /// The folder of value `v` of collection `c`'s browsable filter, below the site root.
    func browseFolder(_ c: Int, _ filter: FacetIndex.Filter, value v: Int) -> String {
        Self.browseFolder(collections[c], filter, value: v)
    }

    /// The folder of value `v` of `collection`'s browsable filter, below the site root.
    static func browseFolder(_ collection: Collection, _ filter: FacetIndex.Filter, value v: Int) -> String {
        "\(collection.name)/by-\(Slug.make(filter.spec.field))/\(filter.values[v].slug)/"
    }

    /// The pages of every collection's browsable filter values.
    func browsePlan() -> [PageSpec] {
        var pages: [PageSpec] = []
        for c in collections.indices {
            guard let filter = data.facets.browsable(c) else { continue }
            for (v, value) in filter.values.enumerated() {
                let folder = browseFolder(c, filter, value: v)
                for n in 1...Pagination.pages(count: value.members.count, pageSize: config.pageSize).count {
                    pages.append(PageSpec(path: folder + Pagination.folder(ofPage: n) + "index.html", kind: .browse(collection: c, value: v, page: n)))
                }
            }
        }
        return pages
    }

    /// Page `n` of the items of collection `c` that have value `v` of its browsable filter: a gallery page
    /// without the runtime (its pager pages through them).
    func browse(_ spec: PageSpec, collection c: Int, value v: Int, page n: Int) -> GalleryContext {
        let collection = collections[c]
        let filter = data.facets.browsable(c)!, value = filter.values[v]
        let ranges = Pagination.pages(count: value.members.count, pageSize: config.pageSize)
        let root = Self.root(of: spec.path)
        let base = root + collection.name + "/", folder = root + browseFolder(c, filter, value: v)
        func url(_ page: Int) -> String { folder + Pagination.folder(ofPage: page) }
        let prev = n > 1 ? url(n - 1) : nil, next = n < ranges.count ? url(n + 1) : nil
        let named = "\(collection.fullTitle) – \(filter.label): \(value.label.text(messages))"
        let title = ranges.count > 1 ? "\(named) – page \(n) of \(ranges.count)" : named
        let range = ranges[n - 1]
        let shown = range.lazy.map { collection.items[value.members[$0]] }.first { $0.image != nil }
        let m = meta(spec.path, title: title, share: (title, config.description, shown), prev: prev, next: next, feed: nil)
        let cells = range.map { p -> CellContext in
            let i = value.members[p], item = collection.items[i], offset = p - range.lowerBound
            let link = config.itemPages == .all ? base + item.record.slug + "/" : "#item-" + item.record.slug
            return CellContext(key: item.record.slug, index: p, position: p + 1, title: item.record.title, subtitle: item.record.subtitle,
                               url: link, image: image(item, root: root, detail: false), eager: offset < config.eagerImages, priority: offset == 0).laidOut(collection.layout, item)
        }
        let pager = pager(current: n, total: ranges.count, prev: prev, next: next, url: url)
        let trail = crumbs(above: c, root: root) + [CrumbContext(title: collection.title, url: base)]
        let ref = CollectionRef(name: collection.name, title: "\(filter.label): \(value.label.text(messages))", url: folder,
                                count: value.members.count, countLabel: countLabel(value.members.count))
        var context = GalleryContext(site: site, page: m, collection: ref, items: cells, empty: cells.isEmpty, setSize: value.members.count,
                                     first: range.lowerBound, manifest: nil, pager: pager, crumbs: trail, hasCrumbs: true)
        context.justified = collection.layout == .justified
        return context
    }
}

/// The links to a collection's browsable filter values, on its gallery pages (`filters.mustache`).
struct BrowseContext: TemplateContext {
    /// `filterBrowse`: "Browse by Genre".
    let title: String
    /// One link per value.
    let links: [BrowseLink]

    func fields(_ f: inout some ContextVisitor) {
        f.begin("BrowseContext")
        f.field("title", title)
        f.field("links", links)
    }
}

/// One value's pages.
struct BrowseLink: TemplateContext {
    /// The value and its count.
    let text: String
    /// Its first page, relative to this one.
    let url: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("BrowseLink")
        f.field("text", text)
        f.field("url", url)
    }
}

extension SiteRenderer {
    /// The browse links of collection `c`'s gallery pages; nil without a filter with pages.
    func browseLinks(_ c: Int, root: String) -> BrowseContext? {
        Self.browseLinks(data.facets, collections, messages, c, root: root)
    }

    /// The browse links of collection `c`'s gallery pages at `root`; nil without a filter with pages.
    static func browseLinks(_ facets: FacetIndex, _ collections: [Collection], _ messages: Messages, _ c: Int, root: String) -> BrowseContext? {
        guard let filter = facets.browsable(c) else { return nil }
        let links = filter.values.indices.map { v in
            BrowseLink(text: FilterWords.option(filter.values[v].label.text(messages), count: messages.number(filter.values[v].count)),
                       url: root + browseFolder(collections[c], filter, value: v))
        }
        return BrowseContext(title: messages.format("filterBrowse", ["field": filter.label]), links: links)
    }

    /// The `filters` template with a collection's controls and browse links, without its last line break
    /// (gallery.mustache puts it on a line of its own).
    static func renderFilters(_ templates: TemplateSet, msg: [String: String], _ filters: FiltersContext?, _ browse: BrowseContext?) -> String {
        var html = templates.render("filters", PageScope(context: FiltersScope(filters: filters, browse: browse), msg: msg))
        if html.hasSuffix("\n") { html.removeLast() }
        return html
    }
}

/// What the `filters` template is rendered with on its own: the controls and the browse links.
struct FiltersScope: TemplateContext {
    let filters: FiltersContext?
    let browse: BrowseContext?

    func fields(_ f: inout some ContextVisitor) {
        f.begin("FiltersScope")
        f.field("filters", filters)
        f.field("browse", browse)
    }
}
