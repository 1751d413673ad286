// The context of each page kind, one per template (see Contexts.swift for what they are made of).

struct GalleryContext: TemplateContext {
    let site: SiteContext
    let page: PageMeta
    let collection: CollectionRef
    let items: [CellContext]
    let empty: Bool
    let setSize: Int
    /// Collection index of the page's first item.
    let first: Int
    /// The runtime's manifest, relative to the page (nil for an empty collection).
    let manifest: String?
    /// The collection is laid out in justified rows (`layout`), not the square grid.
    var justified = false
    let pager: PagerContext?
    /// The trail above this gallery: the grouped collection, for an album; empty otherwise.
    let crumbs: [CrumbContext]
    let hasCrumbs: Bool
    /// A folder album's sub-albums, on its first page; empty otherwise.
    var albums: [CollectionCard] = []
    /// "2 albums", when there are sub-albums.
    var albumCountLabel: String? = nil
    /// A folder album's description (safe HTML), on its first page.
    var descriptionHTML: String? = nil
    /// The album's ZIP download, on its first page.
    var download: DownloadContext? = nil
    /// The search box's label: `Find in <collection>`.
    var findLabel = ""
    /// The runtime's messages, as JSON safe inside `<script>`.
    var runtimeMessagesHTML = ""
    /// The filter controls above the grid (FilterContexts.swift), for a collection with filters.
    var filters: FiltersContext? = nil
    /// Links to the pages of each value of the filter with `"pages": true` (SiteRenderer+Browse.swift).
    var browse: BrowseContext? = nil
    /// `filters` and `browse` through the `filters` template, rendered once per collection and page depth
    /// (``SiteRenderer/filtersHTML``), without its last line break; nil without either.
    var filtersHTML: String? = nil

    func fields(_ f: inout some ContextVisitor) {
        f.begin("GalleryContext")
        f.field("site", site)
        f.field("page", page)
        f.field("collection", collection)
        f.field("items", items)
        f.field("empty", empty)
        f.field("setSize", setSize)
        f.field("first", first)
        f.field("manifest", manifest)
        f.field("justified", justified)
        f.field("pager", pager)
        f.field("crumbs", crumbs)
        f.field("hasCrumbs", hasCrumbs)
        f.field("albums", albums)
        f.derived("hasAlbums", !albums.isEmpty)
        f.field("albumCountLabel", albumCountLabel)
        f.field("descriptionHTML", descriptionHTML)
        f.field("download", download)
        f.field("findLabel", findLabel)
        f.field("runtimeMessagesHTML", runtimeMessagesHTML)
        f.field("filters", filters)
        f.field("browse", browse)
        f.field("filtersHTML", filtersHTML)
        f.derived("nothing", empty && albums.isEmpty)
    }
}

struct ItemContext: TemplateContext {
    let site: SiteContext
    let page: PageMeta
    let collection: CollectionRef
    let item: ItemDetail
    let back: NeighbourContext
    let previous: NeighbourContext?
    let next: NeighbourContext?
    /// The trail above the item: its collection (and album), the last one the gallery page that lists it.
    let crumbs: [CrumbContext]
    let hasCrumbs: Bool
    /// `3 of 12 in ` and what follows the collection's link, in the site's language.
    var positionBefore = ""
    var positionAfter = ""

    func fields(_ f: inout some ContextVisitor) {
        f.begin("ItemContext")
        f.field("site", site)
        f.field("page", page)
        f.field("collection", collection)
        f.field("item", item)
        f.field("back", back)
        f.field("previous", previous)
        f.field("next", next)
        f.field("crumbs", crumbs)
        f.field("hasCrumbs", hasCrumbs)
        f.field("positionBefore", positionBefore)
        f.field("positionAfter", positionAfter)
    }
}

struct HomeContext: TemplateContext {
    let site: SiteContext
    let page: PageMeta
    let collections: [CollectionCard]
    let empty: Bool
    /// The search box's label: `Find in <site>`.
    var findLabel = ""
    /// The runtime's messages, as JSON safe inside `<script>`.
    var runtimeMessagesHTML = ""
    /// The not-found page's lead around its link to the home page (empty on the home page).
    var leadBefore = ""
    var leadAfter = ""

    func fields(_ f: inout some ContextVisitor) {
        f.begin("HomeContext")
        f.field("site", site)
        f.field("page", page)
        f.field("collections", collections)
        f.field("empty", empty)
        f.field("findLabel", findLabel)
        f.field("runtimeMessagesHTML", runtimeMessagesHTML)
        f.field("leadBefore", leadBefore)
        f.field("leadAfter", leadAfter)
    }
}

/// The page of a collection grouped into albums: the albums as cards.
struct AlbumsContext: TemplateContext {
    let site: SiteContext
    let page: PageMeta
    let collection: CollectionRef
    let albums: [CollectionCard]
    let empty: Bool
    let albumCountLabel: String
    let pager: PagerContext?

    func fields(_ f: inout some ContextVisitor) {
        f.begin("AlbumsContext")
        f.field("site", site)
        f.field("page", page)
        f.field("collection", collection)
        f.field("albums", albums)
        f.field("empty", empty)
        f.field("albumCountLabel", albumCountLabel)
        f.field("pager", pager)
    }
}

/// An album's ZIP download link.
struct DownloadContext: TemplateContext {
    /// The archive, relative to the page.
    let url: String
    /// Its file name.
    let name: String
    /// `12 files`.
    let countLabel: String
    /// `34.5 MB`.
    let sizeLabel: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("DownloadContext")
        f.field("url", url)
        f.field("name", name)
        f.field("countLabel", countLabel)
        f.field("sizeLabel", sizeLabel)
    }

    /// `820 KB`, `34.5 MB`, `2.1 GB` (powers of 1000, as file managers show sizes).
    static func size(_ bytes: Int) -> String {
        let b = Double(bytes)
        if b < 1e6 { return "\(max(1, Int((b / 1e3).rounded()))) KB" }
        if b < 1e9 { return String(format: "%.1f MB", b / 1e6) }
        return String(format: "%.1f GB", b / 1e9)
    }
}
