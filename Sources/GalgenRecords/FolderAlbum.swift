/// One album of a folder source: a folder that holds a photo or video, itself or below.
public struct FolderAlbum: Sendable, Hashable {
    /// The folder below the source's folder (`""` for the top, the source itself).
    public var path: String
    /// Its URL folder below the source's: each folder's slug, unique among its siblings, joined by `/` (`""` for the top).
    public var slugPath: String
    /// Display title: `Title:` of its `index.md`, else the folder's name (the source's title for the top).
    public var title: String
    /// Its parent album (an index into the source's albums; nil for the top).
    public var parent: Int?
    /// Its sub-albums, in album order.
    public var subalbums: [Int] = []
    /// Its `index.md` description, as written (rendered to safe HTML with the pages).
    public var description: MarkdownText?
    /// The id of its cover (`Thumbnail:` of its `index.md`), when named and found.
    public var cover: String?
    /// The oldest date taken of its own photos (ISO 8601), for sorting albums by date.
    public var oldest: String?
    /// Its own gallery layout (`Layout:` of its `index.md`), when given; else its source's.
    public var layout: String?
}

/// What a folder source read, beyond its records.
public struct FolderSummary: Sendable, Hashable {
    /// Albums, the top first, each before its sub-albums (album order inside each).
    public var albums: [FolderAlbum] = []
    /// Content hashes of the files read (absolute path → SHA-256): the image step need not read unchanged files again.
    public var hashes: [String: String] = [:]
    /// Extra fields found in sidecars (names not in the config), appended to the source's fields.
    public var sidecarFields: [String] = []
    public var photos = 0
    public var videoCount = 0
    public var otherFiles = 0
    public var otherExamples: [String] = []
    public var hidden = 0
    /// Folders with no photo or video in them or below (no album), as paths below the source's folder.
    public var emptyFolders: [String] = []
    public var excluded = 0
    /// Photos without a date in their metadata or sidecar: their file time is shown.
    public var fileTimeDates = 0
    /// Files whose facts were read in this build (the others came from the cache).
    public var read = 0
}
