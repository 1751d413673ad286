public import Foundation

/// What a photo or video file tells about itself: its metadata, read once and kept in the cache
/// until the file changes. Text is as read (cleaned by the record mapper later).
public struct MediaFacts: Sendable, Hashable, Codable {
    /// Date taken, ISO 8601 (`2019-05-04T13:22:01+02:00`, or without an offset).
    public var taken: String?
    public var camera: String?
    public var lens: String?
    /// e.g. `50 mm`.
    public var focalLength: String?
    /// e.g. `ƒ/2.8`.
    public var aperture: String?
    /// e.g. `1/250 s`.
    public var exposure: String?
    public var iso: Int?
    /// Pixel size as the metadata or the video states it.
    public var width: Int?
    public var height: Int?
    public var title: String?
    public var caption: String?
    public var creator: String?
    public var keywords: [String] = []
    public var rating: Double?
    public var latitude: Double?
    public var longitude: Double?
    /// A video's length in seconds.
    public var duration: Double?
    /// A video's MIME type and whether browsers play it.
    public var videoType: String?
    public var playable: Bool?
    /// A video's poster frame, written as an image file (absolute path) the image step reads like a photo.
    public var poster: String?
    /// Why something could not be read (the file is still shown).
    public var problems: [String] = []

    /// Empty facts.
    public init() {}
}

/// A sidecar (`IMG_0042.md`, an album's `index.md`) once parsed.
public struct SidecarText: Sendable, Hashable {
    public var title: String?
    public var date: String?
    /// An album's cover: a file name in its folder.
    public var thumbnail: String?
    /// Every other key (lowercase) and its value, in file order.
    public var fields: [Pair]
    /// The Markdown after the keys.
    public var description: String
    /// The file's line where ``description`` starts, from 1.
    public var descriptionLine = 1

    /// A key and its value.
    public struct Pair: Sendable, Hashable {
        public var key: String
        public var value: String
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public init(title: String? = nil, date: String? = nil, thumbnail: String? = nil, fields: [Pair] = [], description: String = "",
                descriptionLine: Int = 1) {
        self.title = title
        self.date = date
        self.thumbnail = thumbnail
        self.fields = fields
        self.description = description
        self.descriptionLine = descriptionLine
    }
}

/// What reads media files and sidecars for a folder source: the build gives the real one (EXIF, XMP
/// and IPTC through their libraries, videos through FFmpeg, Markdown through cmark); tests a fake.
public protocol MediaReading: Sendable {
    /// Changes whenever the reader would read a file differently: cached facts of another version are read again.
    var version: String { get }
    /// A photo's metadata, from the file's bytes.
    func photo(_ bytes: Data) -> MediaFacts
    /// A video's length, size and type, with its poster frame written into `posters` (a folder) as
    /// `<SHA-256 of its bytes>.jpg`: the name is its content hash.
    func video(at path: String, posters: String) -> MediaFacts
    /// A sidecar's keys and description.
    func sidecar(_ text: String) -> SidecarText
    /// The destinations of a Markdown text's images, in order (the pages resolve them; the image step
    /// fetches the remote ones).
    func markdownImages(_ text: String) -> [String]
}

/// The facts of every file read before, by path: a file whose size, time and inode are unchanged
/// is not read again (its content hash, for the image cache, is kept too).
public struct FolderFactsCache: Sendable, Codable {
    /// One file's stamp, hash and facts.
    public struct Entry: Sendable, Codable, Hashable {
        public var size: UInt64
        public var modified: Int64
        public var inode: UInt64
        public var hash: String
        public var facts: MediaFacts
    }

    /// The reader that read them (``MediaReading/version``).
    public var version = ""
    /// By absolute path.
    public var entries: [String: Entry] = [:]

    public init() {}
}
