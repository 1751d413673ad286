/// One gallery item, as read from a source: text already sanitised, link already scheme-checked.
public struct Record: Sendable, Hashable {
    /// Where a record's image comes from.
    public enum ImageReference: Sendable, Hashable {
        /// A local file (absolute path).
        case file(String)
        /// An http(s) URL.
        case url(String)
    }

    /// The id as the source gives it (numbers as written).
    public var id: String
    /// URL-safe, unique within the source: the item's folder name.
    public var slug: String
    /// Display title (never empty).
    public var title: String
    /// Optional second line.
    public var subtitle: String?
    /// The image, when the record names one.
    public var image: ImageReference?
    /// A second URL to try when the image URL fails (the iTunes artwork URL before its size was rewritten).
    public var imageFallback: String?
    /// An http(s) link, when the record has a valid one.
    public var link: String?
    /// Where it came from, e.g. `people.json:12:5 (results[3])`, for messages.
    public var origin: RecordOrigin
    /// The source's extra fields, in the config's order (`fields.extra`); nil where the record has no usable value.
    public var fields: [FieldValue?] = []
    /// A folder source's record: the folder it is in, relative to the source's folder (`""` for the top);
    /// nil for other sources.
    public var album: String?
    /// A description as HTML, made safe: a folder source's sidecar rendered from ``description`` when
    /// the pages are made (its links and images then resolved against the site).
    public var descriptionHTML: String?
    /// A folder source's sidecar description, as written: rendered into ``descriptionHTML`` by the build.
    public var description: MarkdownText?
    /// A video's file, published as it is beside its poster (the record's image).
    public var video: RecordVideo?

    /// Creates a record.
    /// - Parameters:
    ///   - id: Raw id.
    ///   - slug: URL-safe unique slug.
    ///   - title: Display title.
    ///   - subtitle: Optional second line.
    ///   - image: Optional image reference.
    ///   - link: Optional http(s) link.
    ///   - origin: Where it came from.
    public init(id: String, slug: String, title: String, subtitle: String? = nil, image: ImageReference? = nil,
                link: String? = nil, origin: RecordOrigin) {
        self.id = id
        self.slug = slug
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.link = link
        self.origin = origin
    }
}

/// A video item's file: what the page's `<video>` plays, or links to when browsers cannot play it.
public struct RecordVideo: Sendable, Hashable {
    /// The file (absolute path).
    public var path: String
    /// Its MIME type, e.g. `video/mp4`.
    public var mimeType: String
    /// Whether browsers play it (else the page links to it for download).
    public var playable: Bool

    /// Creates a video reference.
    public init(path: String, mimeType: String, playable: Bool) {
        self.path = path
        self.mimeType = mimeType
        self.playable = playable
    }
}

/// Where a record came from, e.g. `people.json:12:5 (results[3])`, for messages. Kept as numbers
/// and a name shared by the source's records (a million records would otherwise hold a million
/// strings nobody reads unless something is wrong), and written out when shown.
public struct RecordOrigin: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// What a source's records share: the file or URL and the items path.
    public final class Source: Sendable {
        let name: String
        let items: String

        /// - Parameters:
        ///   - name: The file's path (as shown) or the page's URL.
        ///   - items: The items path as shown, e.g. `results`.
        public init(name: String, items: String) {
            self.name = name
            self.items = items
        }
    }

    private enum Storage: Sendable {
        case text(String)
        case located(Source, line: Int32, column: Int32, index: Int32)
    }

    private let storage: Storage

    /// The record at `index` of the items array, whose value starts at `line`:`column` of `source`.
    public init(_ source: Source, line: Int, column: Int, index: Int) {
        storage = .located(source, line: Int32(clamping: line), column: Int32(clamping: column), index: Int32(clamping: index))
    }

    /// An origin given as text.
    public init(stringLiteral text: String) {
        storage = .text(text)
    }

    public var description: String {
        switch storage {
        case .text(let text): text
        case .located(let source, let line, let column, let index): "\(source.name):\(line):\(column) (\(source.items)[\(index)])"
        }
    }

    public static func == (a: RecordOrigin, b: RecordOrigin) -> Bool { a.description == b.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// The records of one source plus what was wrong with the others.
public struct RecordSet: Sendable {
    /// The source's name.
    public var source: String
    /// Records in source order, duplicates removed, slugs unique.
    public var records: [Record]
    /// Problems: skipped records, replaced values, renamed slugs.
    public var diagnostics: [Diagnostic]
}

public import GalgenCore
