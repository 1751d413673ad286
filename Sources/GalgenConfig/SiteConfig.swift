/// The whole of `config.json`, decoded, checked and with every path resolved.
///
/// ```json
/// { "title": "People", "imageWidths": [160, 320, 640],
///   "sources": [{ "name": "people", "type": "json", "path": "Samples/people.json",
///                 "items": "results", "fields": { "id": "login.uuid", "title": ["name.first", "name.last"],
///                                                  "image": "picture.large" } }] }
/// ```
public struct SiteConfig: Sendable, Hashable {
    /// Site title, shown in every page header.
    public var title: String
    /// One-line description for the home page and `<meta name="description">`.
    public var description: String?
    /// Absolute `http(s)` URL of the published site, ending in `/`; makes canonical links.
    public var baseURL: String?
    /// Language tag of the content, e.g. `en` or `pt-BR`.
    public var language: String
    /// Items per gallery page.
    public var pageSize: Int
    /// Widths of the image variants, ascending and unique.
    public var imageWidths: [Int]
    /// JPEG quality of the variants, 1–100.
    public var jpegQuality: Int
    /// Whether variants are progressive JPEGs.
    public var jpegProgressive: Bool
    /// How many images at the top of each gallery page load eagerly (the first row).
    public var eagerImages: Int
    /// Largest source image accepted, in pixels (width × height), checked from the header.
    public var maxPixels: Int
    /// Largest source file accepted, in bytes.
    public var maxSourceBytes: Int
    /// Absolute path of the templates folder.
    public var templatesDirectory: String
    /// Absolute path of the output folder named in the config, if any.
    public var outputDirectory: String?
    /// Absolute path of the cache folder named in the config, if any.
    public var cacheDirectory: String?
    /// The record sources, in config order.
    public var sources: [SourceConfig]
    /// Absolute path of the config file.
    public var configPath: String
    /// Folder of the config file; relative paths in the config are relative to it.
    public var baseDirectory: String

    /// Defaults for keys that are absent.
    public enum Defaults {
        public static let title = "Gallery"
        public static let language = "en"
        public static let pageSize = 48
        public static let imageWidths = [160, 320, 640]
        public static let jpegQuality = 82
        public static let eagerImages = 6
        public static let maxPixels = 100_000_000
        public static let maxSourceBytes = 50 * 1024 * 1024
        public static let templates = "Templates"
        public static let output = "public"
        public static let cache = ".galgen/cache"
    }
}

/// One record source (`sources[i]`).
public struct SourceConfig: Sendable, Hashable {
    /// What kind of source it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A local JSON file with a field mapping.
        case json
    }

    /// URL-safe, unique name; the collection's folder in the output.
    public var name: String
    /// Display title of the collection (defaults to the name).
    public var title: String
    /// What kind of source it is.
    public var kind: Kind
    /// Absolute path of the JSON file.
    public var path: String
    /// Where the records array is inside the file.
    public var items: FieldPath
    /// Which record fields make the item.
    public var fields: FieldMapping

    /// Creates a source config.
    /// - Parameters:
    ///   - name: URL-safe unique name.
    ///   - title: Display title.
    ///   - kind: Kind of source.
    ///   - path: Absolute path of the JSON file.
    ///   - items: Path to the records array.
    ///   - fields: Field mapping.
    public init(name: String, title: String, kind: Kind, path: String, items: FieldPath, fields: FieldMapping) {
        self.name = name
        self.title = title
        self.kind = kind
        self.path = path
        self.items = items
        self.fields = fields
    }
}

/// Which fields of a record make an item. Title and subtitle may join several fields with spaces.
public struct FieldMapping: Sendable, Hashable {
    /// The record's id: unique within the source.
    public var id: FieldPath
    /// The title (joined with spaces when several paths are given).
    public var title: [FieldPath]
    /// An optional subtitle (joined with `, ` when several paths are given).
    public var subtitle: [FieldPath]
    /// The image: a local path (relative to the config file) or, later, a URL.
    public var image: FieldPath?
    /// An optional `http(s)` link.
    public var link: FieldPath?

    /// Creates a mapping.
    /// - Parameters:
    ///   - id: Path of the id.
    ///   - title: Paths joined into the title.
    ///   - subtitle: Paths joined into the subtitle.
    ///   - image: Path of the image.
    ///   - link: Path of the link.
    public init(id: FieldPath, title: [FieldPath], subtitle: [FieldPath] = [], image: FieldPath? = nil, link: FieldPath? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.link = link
    }
}
