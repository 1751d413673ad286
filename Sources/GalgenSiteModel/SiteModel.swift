public import GalgenCore
public import GalgenConfig
public import GalgenRecords

/// One published size of an image.
public struct ImageVariant: Sendable, Hashable {
    /// Path below the site root, e.g. `img/0123456789abcdef-320.jpg`.
    public var path: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a variant.
    /// - Parameters:
    ///   - path: Path below the site root.
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}

/// The same image in another format (a `<source>` of the `<picture>`): the same widths as the fallback.
public struct ImageSource: Sendable, Hashable {
    /// The MIME type, e.g. `image/avif`.
    public var type: String
    /// Variants, in the fallback's order (same widths and heights).
    public var variants: [ImageVariant]

    /// Creates a source.
    /// - Parameters:
    ///   - type: The MIME type.
    ///   - variants: Variants, ascending by width.
    public init(type: String, variants: [ImageVariant]) {
        self.type = type
        self.variants = variants
    }
}

/// The published image of an item: its fallback variants (ascending width, the `<img>`), the same
/// widths in preferred formats (the `<source>`s, best first) and what the image work found of it.
public struct ItemImage: Sendable, Hashable {
    /// Variants of the fallback format, ascending by width; never empty.
    public var variants: [ImageVariant]
    /// The preferred formats, best first; empty when the site writes one format.
    public var sources: [ImageSource]
    /// Its source's size, its mean colour (the cell's background until the image arrives: the first
    /// paint, and all there is without JavaScript) and its ThumbHash preview (painted over the mean
    /// colour by the runtime until the image arrives).
    public var facts: ImageFacts

    /// Creates an image.
    /// - Parameters:
    ///   - variants: Fallback variants, ascending by width.
    ///   - sources: The same widths in preferred formats, best first.
    ///   - facts: What the image work found of the source.
    public init(variants: [ImageVariant], sources: [ImageSource] = [], facts: ImageFacts) {
        self.variants = variants
        self.sources = sources
        self.facts = facts
    }

    /// Every published file of the image: the fallback's variants and each source's.
    public var files: [ImageVariant] { variants + sources.flatMap(\.variants) }
}

/// A record ready to render: the record and its image, if it has a usable one.
public struct Item: Sendable, Hashable {
    /// The record.
    public var record: Record
    /// The image; nil shows the placeholder.
    public var image: ItemImage?

    /// Creates an item.
    /// - Parameters:
    ///   - record: The record.
    ///   - image: Its image, if any.
    public init(record: Record, image: ItemImage?) {
        self.record = record
        self.image = image
    }
}

/// One collection of the site: a source, or one album of a source grouped into albums.
public struct Collection: Sendable, Hashable {
    /// Folder below the site root: the source's name, or `<source>/<album>` for an album.
    public var name: String
    /// Display title (an album's name for an album).
    public var title: String
    /// Items in the source's order (its `sort`, else source order).
    public var items: [Item]
    /// The source's extra fields: labels and types of each item's `record.fields`.
    public var fields: [FieldSpec]
    /// The group this album belongs to (an index into the site's groups); nil for a plain collection.
    public var group: Int?
    /// The title of that group (its source's title), for naming the album alone: `Apps › Games`.
    public var groupTitle: String?
    /// The extra field (an index into ``fields``) whose date is the source's first sort key: the
    /// collection then has an Atom feed of its newest items.
    public var feedField: Int?
    /// A folder album's parent album (an index into the site's collections); nil for a top collection.
    public var parent: Int?
    /// A folder album's sub-albums (indices into the site's collections), listed before its items.
    public var subalbums: [Int] = []
    /// A folder album's description (`index.md`), HTML already made safe.
    public var descriptionHTML: String?
    /// A folder album's description as written (rendered into ``descriptionHTML`` before the pages).
    public var description: MarkdownText?
    /// A folder album's source and its folder below the source's folder (`""` for the top): what
    /// relative links in descriptions name.
    public var folder: (source: String, path: String)? {
        get { folderSource.map { ($0, folderPath ?? "") } }
        set {
            folderSource = newValue?.source
            folderPath = newValue?.path
        }
    }
    private var folderSource: String?
    private var folderPath: String?
    /// The item that is the album's cover (`Thumbnail:` of its `index.md`); else the first with an image.
    public var cover: Int?
    /// The album's ZIP download, when its source offers one.
    public var download: AlbumDownload?
    /// Its source's `filters` (docs/search.md, "Filters").
    public var filters: [FilterSpec] = []
    /// How its gallery lays out the items: its source's `layout`, or an album's own (`Layout:` in its `index.md`).
    public var layout = GalleryLayout.grid

    /// The title that names the collection alone: `Apps › Games` for an album, else its title.
    public var fullTitle: String { groupTitle.map { "\($0) › \(title)" } ?? title }

    /// Creates a collection.
    /// - Parameters:
    ///   - name: Folder below the site root.
    ///   - title: Display title.
    ///   - items: Items in order.
    ///   - fields: The source's extra fields.
    ///   - group: The group of an album.
    ///   - groupTitle: That group's title.
    ///   - feedField: The date field the source is sorted by first, if any.
    public init(name: String, title: String, items: [Item], fields: [FieldSpec] = [], group: Int? = nil, groupTitle: String? = nil,
                feedField: Int? = nil) {
        self.groupTitle = groupTitle
        self.name = name
        self.title = title
        self.items = items
        self.fields = fields
        self.group = group
        self.feedField = feedField
    }
}

extension Item {
    /// The extra fields that have a value, with their specs, in the source's order (`fields`: the collection's).
    public func shownFields(_ fields: [FieldSpec]) -> [(spec: FieldSpec, value: FieldValue)] {
        zip(fields, record.fields).compactMap { spec, value in value.map { (spec, $0) } }
    }
}

/// An album's ZIP download.
public struct AlbumDownload: Sendable, Hashable {
    /// Path below the site root.
    public var path: String
    /// Its size.
    public var bytes: Int
    /// How many files it holds.
    public var count: Int

    public init(path: String, bytes: Int, count: Int) {
        self.path = path
        self.bytes = bytes
        self.count = count
    }
}

/// A source split into albums (`groupBy`): its page lists the albums, each a ``Collection``.
public struct CollectionGroup: Sendable, Hashable {
    /// URL-safe name: the source's folder, where the album list is.
    public var name: String
    /// Display title.
    public var title: String
    /// Its albums, as indices into the site's collections, in album order.
    public var albums: [Int]

    /// Creates a group.
    /// - Parameters:
    ///   - name: The source's folder.
    ///   - title: Display title.
    ///   - albums: Indices of its albums among the collections.
    public init(name: String, title: String, albums: [Int]) {
        self.name = name
        self.title = title
        self.albums = albums
    }
}
