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
    public var origin: String

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
                link: String? = nil, origin: String) {
        self.id = id
        self.slug = slug
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.link = link
        self.origin = origin
    }
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
