public import GalgenCore

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
    /// The colour transparent pixels (PNG, WebP, GIF, HEIF alpha) are composited over in JPEG
    /// variants, as R, G, B (WebP and AVIF variants keep their alpha).
    public var background: [UInt8] = [255, 255, 255]
    /// The output formats, best first: each is a `<source>` of the `<picture>` but the last, which is the `<img>`.
    public var formats: [OutputFormat] = Defaults.formats
    /// WebP quality, 0–100.
    public var webpQuality = Defaults.webpQuality
    /// libwebp's method, 0 (fast) to 6 (smallest).
    public var webpEffort = Defaults.webpEffort
    /// AVIF quality, 0–100.
    public var avifQuality = Defaults.avifQuality
    /// libavif's speed, 0 (slowest, smallest) to 10 (fastest).
    public var avifSpeed = Defaults.avifSpeed
    /// sRGB for every variant, or Display P3 for sources whose profile is wider.
    public var colorSpace = OutputColorSpace.srgb
    /// How many images at the top of each gallery page load eagerly (the first row).
    public var eagerImages: Int
    /// Whether each item gets a detail page, or only a cell (and the lightbox) on its gallery page.
    public var itemPages = ItemPages.all
    /// How field values are shown: the same everywhere (`plain`), or in the language's formats (`locale`).
    public var fieldFormat = FieldFormat.plain
    /// Largest source image accepted, in pixels (width × height), checked from the header.
    public var maxPixels: Int
    /// Largest source file accepted, in bytes.
    public var maxSourceBytes: Int
    /// Absolute path of the templates folder: templates and `assets/` that override the built-in theme.
    public var templatesDirectory: String
    /// Whether the config names the templates folder (then it must exist); otherwise `Templates`
    /// beside the config is used when present and the built-in theme alone when not.
    public var templatesNamed: Bool = false
    /// Absolute path of the site's assets folder: files that override or add to the theme's assets.
    public var assetsDirectory: String = ""
    /// Whether the config names the assets folder (then it must exist).
    public var assetsNamed: Bool = false
    /// Absolute path of the output folder named in the config, if any.
    public var outputDirectory: String?
    /// Absolute path of the cache folder named in the config, if any.
    public var cacheDirectory: String?
    /// The shared remote cache named in the config (`cache.remote`), if any.
    public var remoteCache: RemoteCacheConfig?
    /// The record sources, in config order.
    public var sources: [SourceConfig]
    /// Network limits.
    public var fetch: FetchSettings
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
        /// WebP first (every current browser, and 2-4x cheaper to make than AVIF at the defaults), JPEG for the rest
        /// and for link previews. Measured: Benchmarks/README.md.
        public static let formats: [OutputFormat] = [.webp, .jpeg]
        public static let webpQuality = EncoderDefaults.webpQuality
        public static let webpEffort = EncoderDefaults.webpEffort
        public static let avifQuality = EncoderDefaults.avifQuality
        public static let avifSpeed = EncoderDefaults.avifSpeed
        public static let eagerImages = 6
        public static let maxPixels = 100_000_000
        public static let maxSourceBytes = 50 * 1024 * 1024
        public static let templates = "Templates"
        public static let assets = "assets"
        public static let output = "public"
        public static let cache = ".galgen/cache"
    }
}

/// The config's `itemPages`: whether galgen writes a detail page for every item.
public enum ItemPages: String, Sendable, Hashable, CaseIterable {
    /// One page per item, `<collection>/<key>/index.html` (the default).
    case all
    /// No item pages: every link to an item goes to its cell on the gallery page that lists it,
    /// `#item-<key>`, which the runtime opens in the lightbox.
    case none
}

/// One record source (`sources[i]`).
public struct SourceConfig: Sendable, Hashable {
    /// What kind of source it is (the config's `type`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A JSON document, local (`path`) or remote (`url`), with a field mapping.
        case json
        /// The randomuser.me API.
        case randomuser
        /// The iTunes Search API.
        case itunes
        /// A folder of photos and videos: one item per file, one album per sub-folder.
        case folder
        /// A local CSV file with a header row, through a field mapping.
        case csv
        /// A local JSON Lines file, one record per line, through a field mapping.
        case jsonl
    }

    /// Where the records come from.
    public enum Origin: Sendable, Hashable {
        /// A local JSON file (absolute path).
        case file(String)
        /// A JSON document at a URL, possibly paged.
        case url(String, paging: Paging)
        /// The randomuser.me API.
        case randomUser(RandomUserQuery)
        /// The iTunes Search API.
        case iTunes(ITunesQuery)
        /// A folder of photos and videos.
        case folder(FolderQuery)
    }

    /// URL-safe, unique name; the collection's folder in the output.
    public var name: String
    /// Display title of the collection (defaults to the name).
    public var title: String
    /// What kind of source it is.
    public var kind: Kind
    /// Where the records come from.
    public var origin: Origin
    /// Where the records array is inside each document.
    public var items: FieldPath
    /// Which record fields make the item.
    public var fields: FieldMapping
    /// Seconds a fetched response stays fresh; older ones are revalidated (0: every build).
    public var maxAge: Double
    /// The collection's order (source order when empty); ties keep source order.
    public var sort: [SortSpec] = []
    /// Splits the collection into albums, when set.
    public var groupBy: GroupSpec?
    /// The fields its gallery can be narrowed by (`filters`), in config order.
    public var filters: [FilterSpec] = []
    /// How its galleries lay out their items (`layout`); nil for the default (``defaultLayout``).
    public var layout: GalleryLayout?

    /// The layout its galleries get: ``layout``, else justified rows for a folder of photos and the
    /// square grid for any other source (people, apps: their pictures are mostly square).
    public var effectiveLayout: GalleryLayout { layout ?? (kind == .folder ? .justified : .grid) }

    /// Creates a source config.
    /// - Parameters:
    ///   - name: URL-safe unique name.
    ///   - title: Display title.
    ///   - kind: Kind of source.
    ///   - origin: Where the records come from.
    ///   - items: Path to the records array.
    ///   - fields: Field mapping.
    ///   - maxAge: Freshness of fetched responses, seconds.
    public init(name: String, title: String, kind: Kind, origin: Origin, items: FieldPath, fields: FieldMapping, maxAge: Double = 0) {
        self.name = name
        self.title = title
        self.kind = kind
        self.origin = origin
        self.items = items
        self.fields = fields
        self.maxAge = maxAge
    }

    /// The local file, for file sources.
    public var localPath: String? {
        if case .file(let path) = origin { return path }
        return nil
    }

    /// The folder, for folder sources.
    public var folder: FolderQuery? {
        if case .folder(let query) = origin { return query }
        return nil
    }

    /// What a rebuild depends on locally: the JSON file or the photo folder (nil for remote sources).
    public var localInput: String? { localPath ?? folder?.path }
}

/// How a remote JSON source is paged.
public struct Paging: Sendable, Hashable {
    /// How the next page is found.
    public enum Mode: Sendable, Hashable {
        /// One document only.
        case single
        /// Each document names the next one's URL at this path (absent or null on the last).
        case nextLink(FieldPath)
        /// The URL's query parameter is counted up from `start`; an empty page ends the list.
        case parameter(String, start: Int)
    }

    /// How the next page is found.
    public var mode: Mode
    /// Pages fetched at most; paging stops there with a warning.
    public var maxPages: Int

    /// Creates paging.
    /// - Parameters:
    ///   - mode: How the next page is found.
    ///   - maxPages: Page cap.
    public init(mode: Mode = .single, maxPages: Int = Paging.defaultMaxPages) {
        self.mode = mode
        self.maxPages = maxPages
    }

    /// The default page cap.
    public static let defaultMaxPages = 50
}

/// A randomuser.me request: `count` users from `seed`, fetched `perRequest` at a time.
public struct RandomUserQuery: Sendable, Hashable {
    /// API endpoint, pinned to version 1.4 by default.
    public var url: String
    /// Users wanted.
    public var count: Int
    /// Seed: the same seed gives the same users.
    public var seed: String
    /// Comma-separated nationalities, e.g. `us,gb`.
    public var nationalities: String?
    /// Users per request (the API's limit is 5000).
    public var perRequest: Int

    /// Creates a query.
    /// - Parameters:
    ///   - url: Endpoint.
    ///   - count: Users wanted.
    ///   - seed: Seed.
    ///   - nationalities: Optional `nat`.
    ///   - perRequest: Users per request.
    public init(url: String = RandomUserQuery.defaultURL, count: Int, seed: String, nationalities: String? = nil, perRequest: Int = 1000) {
        self.url = url
        self.count = count
        self.seed = seed
        self.nationalities = nationalities
        self.perRequest = perRequest
    }

    /// `https://randomuser.me/api/1.4/`.
    public static let defaultURL = "https://randomuser.me/api/1.4/"

    /// id = `login.uuid`, title = first and last name, subtitle = city and country, image = `picture.large`, and
    /// e-mail, phone, city, country, age, birthday and registration date as extra fields.
    public static let defaultFields = FieldMapping(
        id: FieldPath("login.uuid")!, title: [FieldPath("name.first")!, FieldPath("name.last")!],
        subtitle: [FieldPath("location.city")!, FieldPath("location.country")!], image: FieldPath("picture.large")!,
        extra: FieldDefaults.randomUser)
}

/// An iTunes Search API request.
public struct ITunesQuery: Sendable, Hashable {
    /// API endpoint.
    public var url: String
    /// Search words.
    public var term: String
    /// Media type, e.g. `software` or `music`.
    public var media: String?
    /// Result entity, e.g. `software` or `album`.
    public var entity: String?
    /// Two-letter store country.
    public var country: String
    /// Results wanted, 1–200.
    public var limit: Int

    /// Creates a query.
    /// - Parameters:
    ///   - url: Endpoint.
    ///   - term: Search words.
    ///   - media: Media type.
    ///   - entity: Entity.
    ///   - country: Store country.
    ///   - limit: Results wanted.
    public init(url: String = ITunesQuery.defaultURL, term: String, media: String? = nil, entity: String? = nil, country: String = "us", limit: Int = 50) {
        self.url = url
        self.term = term
        self.media = media
        self.entity = entity
        self.country = country
        self.limit = limit
    }

    /// `https://itunes.apple.com/search`.
    public static let defaultURL = "https://itunes.apple.com/search"

    /// iTunes results differ by `wrapperType`/`kind`, so they are first normalised to
    /// `{id, title, subtitle, link, image, fallbackImage}`; this mapping reads that shape.
    public static let normalisedFields = FieldMapping(
        id: FieldPath("id")!, title: [FieldPath("title")!], subtitle: [FieldPath("subtitle")!],
        image: FieldPath("image")!, link: FieldPath("link")!, fallbackImage: FieldPath("fallbackImage")!)
}

/// Network limits for the whole build (`fetch` in the config). Times are in seconds.
public struct FetchSettings: Sendable, Hashable {
    /// Time allowed to open a connection.
    public var connectTimeout: Double = 10
    /// Longest silence while waiting for bytes.
    public var idleTimeout: Double = 20
    /// Longest time for one attempt, body included.
    public var totalTimeout: Double = 60
    /// Retries after the first attempt.
    public var retries: Int = 3
    /// First retry's wait; doubled for each later retry.
    public var backoff: Double = 0.5
    /// Longest wait between attempts, `Retry-After` included.
    public var maxBackoff: Double = 60
    /// Requests in flight per host.
    public var perHost: Int = 6
    /// Redirects followed at most.
    public var maxRedirects: Int = 5
    /// Largest record response accepted, in bytes.
    public var maxResponseBytes: Int = 50 * 1024 * 1024
    /// Seconds a downloaded image stays fresh before it is revalidated.
    public var imageMaxAge: Double = 7 * 86_400
    /// `User-Agent` header; nil uses galgen's own.
    public var userAgent: String?

    /// The defaults.
    public init() {}
}

/// Which fields of a record make an item. Title and subtitle may join several fields with spaces.
public struct FieldMapping: Sendable, Hashable {
    /// The record's id: unique within the source.
    public var id: FieldPath
    /// The title (joined with spaces when several paths are given).
    public var title: [FieldPath]
    /// An optional subtitle (joined with `, ` when several paths are given).
    public var subtitle: [FieldPath]
    /// The image: a local path (relative to the config file) or an http(s) URL.
    public var image: FieldPath?
    /// An optional `http(s)` link.
    public var link: FieldPath?
    /// A URL to try when the image URL fails; set by the iTunes source, not by the config.
    public var fallbackImage: FieldPath?
    /// The other named fields, in config order.
    public var extra: [FieldSpec] = []

    /// The type of a field that `sort` or `groupBy` may name: `title`, `subtitle` and `id` are text;
    /// nil for a name the source does not map.
    public func type(ofField name: String) -> FieldType? {
        if FieldSpec.itemFieldNames.contains(name) { return .text }
        return extra.first { $0.name == name }?.type
    }

    /// Creates a mapping.
    /// - Parameters:
    ///   - id: Path of the id.
    ///   - title: Paths joined into the title.
    ///   - subtitle: Paths joined into the subtitle.
    ///   - image: Path of the image.
    ///   - link: Path of the link.
    ///   - fallbackImage: Path of a fallback image URL.
    ///   - extra: The other named fields.
    public init(id: FieldPath, title: [FieldPath], subtitle: [FieldPath] = [], image: FieldPath? = nil, link: FieldPath? = nil,
                fallbackImage: FieldPath? = nil, extra: [FieldSpec] = []) {
        self.extra = extra
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.link = link
        self.fallbackImage = fallbackImage
    }
}

/// How a gallery lays out its items.
public enum GalleryLayout: String, Sendable, Hashable, CaseIterable {
    /// Square pictures with a caption below, in columns.
    case grid
    /// Rows of equal height that keep each picture's shape (Flickr's justified rows).
    case justified
}
