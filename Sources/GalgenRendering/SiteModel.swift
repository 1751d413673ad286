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
/// widths in preferred formats (the `<source>`s, best first) and its mean colour.
public struct ItemImage: Sendable, Hashable {
    /// Variants of the fallback format, ascending by width; never empty.
    public var variants: [ImageVariant]
    /// The preferred formats, best first; empty when the site writes one format.
    public var sources: [ImageSource]
    /// Mean colour `#rrggbb`, the cell's background until the image arrives.
    public var averageColor: String

    /// Creates an image.
    /// - Parameters:
    ///   - variants: Fallback variants, ascending by width.
    ///   - sources: The same widths in preferred formats, best first.
    ///   - averageColor: Mean colour.
    public init(variants: [ImageVariant], sources: [ImageSource] = [], averageColor: String) {
        self.variants = variants
        self.sources = sources
        self.averageColor = averageColor
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

/// One collection (one source) of the site.
public struct Collection: Sendable, Hashable {
    /// URL-safe name: the collection's folder.
    public var name: String
    /// Display title.
    public var title: String
    /// Items in source order.
    public var items: [Item]

    /// Creates a collection.
    /// - Parameters:
    ///   - name: URL-safe name.
    ///   - title: Display title.
    ///   - items: Items in source order.
    public init(name: String, title: String, items: [Item]) {
        self.name = name
        self.title = title
        self.items = items
    }
}
