// Values handed to the Mustache templates. Only structs, arrays and optionals: no dictionary is
// ever iterated, so output order never depends on hashing. Property names are the template keys
// (documented in Templates/README.md).

struct SiteContext {
    let title: String
    let description: String?
    let language: String
    let baseURL: String?
}

struct PageMeta {
    let title: String
    let description: String?
    let root: String
    let home: String
    let canonical: String?
    let prev: String?
    let next: String?
    /// Asset URLs by key, relative to this page (`asset.style_css`). Looked up, never iterated.
    let asset: [String: String]
    let og: OpenGraphContext
    /// The collection's Atom feed, relative to this page, when it has one.
    let feed: String?
    let feedTitle: String?
}

/// Open Graph tags of a page; `url` and `image` only when the site has a `baseURL` (they must be absolute).
struct OpenGraphContext {
    let type: String
    let siteName: String
    let title: String
    let description: String?
    let url: String?
    let image: OpenGraphImage?
}

struct OpenGraphImage {
    /// Absolute URL of a middle-width variant.
    let url: String
    let width: Int
    let height: Int
    let alt: String
}

/// One `<source>` of a `<picture>`: a preferred format's srcset.
struct SourceContext {
    let type: String
    let srcset: String
}

struct ImageContext {
    let src: String
    let srcset: String?
    /// Preferred formats, best first; empty when the site writes one format (then no `<picture>`).
    let sources: [SourceContext]
    let width: Int
    let height: Int
    let alt: String
    let color: String
    let placeholder: Bool
}

struct CollectionRef {
    let name: String
    let title: String
    let url: String
    let count: Int
    let countLabel: String
}

struct CellContext {
    let key: String
    let index: Int
    let position: Int
    let title: String
    let subtitle: String?
    let url: String
    let image: ImageContext
    let eager: Bool
    let priority: Bool
}

struct PagerLink {
    let label: String
    let url: String?
    let current: Bool
    let gap: Bool
}

struct PagerContext {
    let current: Int
    let total: Int
    let prev: String?
    let next: String?
    let links: [PagerLink]
}

struct GalleryContext {
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
    let pager: PagerContext?
    /// The trail above this gallery: the grouped collection, for an album; empty otherwise.
    let crumbs: [CrumbContext]
    let hasCrumbs: Bool
}

/// One step of a breadcrumb trail.
struct CrumbContext {
    let title: String
    let url: String
}

/// One extra field of an item, formatted (`item.fields`).
struct FieldContext {
    let name: String
    let label: String
    let type: String
    let text: String
    /// A safe link: `http(s)` or `mailto:`.
    let href: String?
    /// ISO 8601, for `<time datetime>`.
    let datetime: String?
}

struct NeighbourContext {
    let url: String
    let title: String
}

struct ItemDetail {
    let key: String
    let id: String
    let title: String
    let subtitle: String?
    let link: String?
    let image: ImageContext
    let position: Int
    let fields: [FieldContext]
    let hasFields: Bool
}

struct ItemContext {
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
}

struct CollectionCard {
    let title: String
    let url: String
    let count: Int
    let countLabel: String
    let cover: ImageContext?
    /// Load the cover without `loading="lazy"` (the first `eagerImages` cards of a page, as gallery cells).
    var eager = true
    /// The page's first cover: `fetchpriority="high"`.
    var priority = false

    /// The cards of one page with the gallery's loading rule: the first `eager` cards load at once,
    /// the first card with a cover is fetched first, the rest load lazily.
    static func placed(_ cards: [CollectionCard], eager: Int) -> [CollectionCard] {
        let first = cards.firstIndex { $0.cover != nil }
        return cards.enumerated().map { offset, card in
            var card = card
            card.eager = offset < eager
            card.priority = offset == first
            return card
        }
    }
}

struct HomeContext {
    let site: SiteContext
    let page: PageMeta
    let collections: [CollectionCard]
    let empty: Bool
}

/// The page of a collection grouped into albums: the albums as cards.
struct AlbumsContext {
    let site: SiteContext
    let page: PageMeta
    let collection: CollectionRef
    let albums: [CollectionCard]
    let empty: Bool
    let albumCountLabel: String
    let pager: PagerContext?
}
