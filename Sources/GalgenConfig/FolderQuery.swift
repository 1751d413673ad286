/// A folder of photos and videos (`"type": "folder"`): every image or video below `path` is an item,
/// every sub-folder an album.
public struct FolderQuery: Sendable, Hashable {
    /// How a folder source's albums are ordered.
    public enum AlbumSort: String, Sendable, Hashable, CaseIterable {
        /// By folder title, natural order in the site language's collation (`Day 2` before `Day 10`).
        case name
        /// By the oldest date taken among the album's photos.
        case date
    }

    /// What an album's ZIP download holds (`download`).
    public enum Download: String, Sendable, Hashable, CaseIterable {
        /// The files as they are in the folder.
        case originals
        /// The largest published JPEG (or the site's fallback format) of each photo; videos as they are.
        case largest
    }

    /// The folder (absolute path).
    public var path: String
    /// Glob patterns a file must match to be read (all files when empty). A pattern without `/`
    /// matches the file or folder name, one with `/` the path below `path`.
    public var include: [String] = []
    /// Glob patterns of files and folders to skip, matched like `include`.
    public var exclude: [String] = []
    /// Whether GPS positions are published (a `location` field and a map link). Never by default.
    public var gps = false
    /// Whether raw HTML in sidecar Markdown is kept (else it is shown as text).
    public var allowHTML = false
    /// Album order.
    public var albumSort = AlbumSort.name
    /// Album order direction.
    public var albumOrder = SortSpec.Order.asc
    /// The album ZIP downloads, when asked for.
    public var download: Download?

    /// Creates a query for a folder.
    /// - Parameter path: The folder (absolute path).
    public init(path: String) {
        self.path = path
    }

    /// The item mapping a folder source's records use: they are made by galgen, so the paths are fixed.
    public static func fields(gps: Bool) -> FieldMapping {
        FieldMapping(id: FieldPath("id")!, title: [FieldPath("title")!], subtitle: [], image: FieldPath("image")!,
                     extra: FieldDefaults.folder(gps: gps))
    }

    /// The default order: by date taken, then by path in natural order.
    public static let defaultSort = [SortSpec(by: "taken"), SortSpec(by: "id")]
}
