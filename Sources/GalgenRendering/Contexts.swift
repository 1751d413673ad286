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
}

struct ItemContext {
    let site: SiteContext
    let page: PageMeta
    let collection: CollectionRef
    let item: ItemDetail
    let back: NeighbourContext
    let previous: NeighbourContext?
    let next: NeighbourContext?
}

struct CollectionCard {
    let title: String
    let url: String
    let count: Int
    let countLabel: String
    let cover: ImageContext?
}

struct HomeContext {
    let site: SiteContext
    let page: PageMeta
    let collections: [CollectionCard]
    let empty: Bool
}
