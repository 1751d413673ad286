// Values handed to the Mustache templates, and the parts of the page contexts (PageContexts.swift).
// Only structs, arrays and optionals: no dictionary is ever iterated, so output order never depends
// on hashing. Property names are the template keys (documented in Templates/README.md); each type
// names them once more, in declaration order, in its `fields`, which gives both the Mustache lookup
// and the page key (TemplateContext.swift). A new key is a stored property and its line there.

import GalgenConfig
import GalgenSiteModel

struct SiteContext: TemplateContext {
    let title: String
    let description: String?
    let language: String
    /// `rtl` or `ltr`: the direction of the language's script (`<html dir>`, TextDirection).
    let dir: String
    let baseURL: String?

    func fields(_ f: inout some ContextVisitor) {
        f.begin("SiteContext")
        f.field("title", title)
        f.field("description", description)
        f.field("language", language)
        f.field("dir", dir)
        f.field("baseURL", baseURL)
    }
}

struct PageMeta: TemplateContext {
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

    func fields(_ f: inout some ContextVisitor) {
        f.begin("PageMeta")
        f.field("title", title)
        f.field("description", description)
        f.field("root", root)
        f.field("home", home)
        f.field("canonical", canonical)
        f.field("prev", prev)
        f.field("next", next)
        f.field("asset", asset)
        f.field("og", og)
        f.field("feed", feed)
        f.field("feedTitle", feedTitle)
    }
}

/// Open Graph tags of a page; `url` and `image` only when the site has a `baseURL` (they must be absolute).
struct OpenGraphContext: TemplateContext {
    let type: String
    let siteName: String
    let title: String
    let description: String?
    let url: String?
    let image: OpenGraphImage?

    func fields(_ f: inout some ContextVisitor) {
        f.begin("OpenGraphContext")
        f.field("type", type)
        f.field("siteName", siteName)
        f.field("title", title)
        f.field("description", description)
        f.field("url", url)
        f.field("image", image)
    }
}

struct OpenGraphImage: TemplateContext {
    /// Absolute URL of a middle-width variant.
    let url: String
    let width: Int
    let height: Int
    let alt: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("OpenGraphImage")
        f.field("url", url)
        f.field("width", width)
        f.field("height", height)
        f.field("alt", alt)
    }
}

/// One `<source>` of a `<picture>`: a preferred format's srcset.
struct SourceContext: TemplateContext {
    let type: String
    let srcset: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("SourceContext")
        f.field("type", type)
        f.field("srcset", srcset)
    }
}

struct ImageContext: TemplateContext {
    let src: String
    let srcset: String?
    /// Preferred formats, best first; empty when the site writes one format (then no `<picture>`).
    let sources: [SourceContext]
    let width: Int
    let height: Int
    let alt: String
    let color: String
    /// The ThumbHash preview, base64 (a `data-ph` attribute the runtime paints until the image arrives).
    var preview: String? = nil
    let placeholder: Bool

    func fields(_ f: inout some ContextVisitor) {
        f.begin("ImageContext")
        f.field("src", src)
        f.field("srcset", srcset)
        f.field("sources", sources)
        f.derived("picture", !sources.isEmpty)
        f.field("width", width)
        f.field("height", height)
        f.field("alt", alt)
        f.field("color", color)
        f.field("preview", preview)
        f.field("placeholder", placeholder)
    }
}

struct CollectionRef: TemplateContext {
    let name: String
    let title: String
    let url: String
    let count: Int
    let countLabel: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("CollectionRef")
        f.field("name", name)
        f.field("title", title)
        f.field("url", url)
        f.field("count", count)
        f.field("countLabel", countLabel)
    }
}

struct CellContext: TemplateContext {
    let key: String
    let index: Int
    let position: Int
    let title: String
    let subtitle: String?
    let url: String
    let image: ImageContext
    let eager: Bool
    let priority: Bool
    /// The picture's shape (`--a`, AspectRatio.swift) in a justified gallery; nil in the square grid.
    var aspect: String? = nil
    /// The `sizes` of the cell's srcset: the grid's columns, or the width a justified row gives it.
    var sizes = AspectRatio.gridSizes

    /// The cell of `item` in a gallery laid out as `layout`.
    func laidOut(_ layout: GalleryLayout, _ item: Item) -> CellContext {
        guard layout == .justified else { return self }
        var cell = self
        let q = AspectRatio.sixtyFourths(item)
        cell.aspect = AspectRatio.css(q)
        cell.sizes = AspectRatio.sizes(q)
        return cell
    }

    func fields(_ f: inout some ContextVisitor) {
        f.begin("CellContext")
        f.field("key", key)
        f.field("index", index)
        f.field("position", position)
        f.field("title", title)
        f.field("subtitle", subtitle)
        f.field("url", url)
        f.field("image", image)
        f.field("eager", eager)
        f.field("priority", priority)
        f.field("aspect", aspect)
        f.field("sizes", sizes)
    }
}

struct PagerLink: TemplateContext {
    let label: String
    let url: String?
    let current: Bool
    let gap: Bool

    func fields(_ f: inout some ContextVisitor) {
        f.begin("PagerLink")
        f.field("label", label)
        f.field("url", url)
        f.field("current", current)
        f.field("gap", gap)
    }
}

struct PagerContext: TemplateContext {
    let current: Int
    let total: Int
    let prev: String?
    let next: String?
    let links: [PagerLink]
    /// `page 2 of 5`, in the site's language.
    let pageLabel: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("PagerContext")
        f.field("current", current)
        f.field("total", total)
        f.field("prev", prev)
        f.field("next", next)
        f.field("links", links)
        f.field("pageLabel", pageLabel)
    }
}

/// One step of a breadcrumb trail.
struct CrumbContext: TemplateContext {
    let title: String
    let url: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("CrumbContext")
        f.field("title", title)
        f.field("url", url)
    }
}

/// One extra field of an item, formatted (`item.fields`).
struct FieldContext: TemplateContext {
    let name: String
    let label: String
    let type: String
    let text: String
    /// A safe link: `http(s)` or `mailto:`.
    let href: String?
    /// ISO 8601, for `<time datetime>`.
    let datetime: String?

    func fields(_ f: inout some ContextVisitor) {
        f.begin("FieldContext")
        f.field("name", name)
        f.field("label", label)
        f.field("type", type)
        f.field("text", text)
        f.field("href", href)
        f.field("datetime", datetime)
    }
}

struct NeighbourContext: TemplateContext {
    let url: String
    let title: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("NeighbourContext")
        f.field("url", url)
        f.field("title", title)
    }
}

struct ItemDetail: TemplateContext {
    let key: String
    let id: String
    let title: String
    let subtitle: String?
    let link: String?
    let image: ImageContext
    let position: Int
    let fields: [FieldContext]
    let hasFields: Bool
    /// The sidecar's description (safe HTML), for a folder source's item.
    var descriptionHTML: String? = nil
    /// The video a folder source's item plays.
    var video: VideoContext? = nil

    func fields(_ f: inout some ContextVisitor) {
        f.begin("ItemDetail")
        f.field("key", key)
        f.field("id", id)
        f.field("title", title)
        f.field("subtitle", subtitle)
        f.field("link", link)
        f.field("image", image)
        f.field("position", position)
        f.field("fields", fields)
        f.field("hasFields", hasFields)
        f.field("descriptionHTML", descriptionHTML)
        f.field("video", video)
    }
}

/// A video on an item page: played in a `<video>` when browsers can, else linked for download.
struct VideoContext: TemplateContext {
    /// The file, relative to the page.
    let src: String
    /// Its MIME type.
    let type: String
    /// Whether browsers play it.
    let playable: Bool
    /// Its name, for the download link.
    let name: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("VideoContext")
        f.field("src", src)
        f.field("type", type)
        f.field("playable", playable)
        f.field("name", name)
    }
}

struct CollectionCard: TemplateContext {
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

    func fields(_ f: inout some ContextVisitor) {
        f.begin("CollectionCard")
        f.field("title", title)
        f.field("url", url)
        f.field("count", count)
        f.field("countLabel", countLabel)
        f.field("cover", cover)
        f.field("eager", eager)
        f.field("priority", priority)
    }
}
