import GalgenRecords

extension BuildReport {
    /// What a folder source found: counted, not warned about one by one.
    public struct FolderCounts: Sendable, Codable, Hashable {
        public var source: String
        public var photos: Int
        public var videos: Int
        public var albums: Int
        /// Files neither photos, videos nor sidecars, and a few of their paths.
        public var otherFiles: Int
        public var otherExamples: [String]
        /// Hidden files and folders, and system clutter (`.DS_Store`, `Thumbs.db`).
        public var hidden: Int
        /// Left out by `include`/`exclude`.
        public var excluded: Int
        /// Folders with nothing to show (no album made).
        public var emptyFolders: [String]
        /// Photos without a date in their metadata or sidecar: their file's time is shown instead.
        public var fileTimeDates: Int
        /// Files whose metadata was read in this build (the others were unchanged).
        public var read: Int

        init(source: String, _ summary: FolderSummary) {
            self.source = source
            photos = summary.photos
            videos = summary.videoCount
            albums = summary.albums.count
            otherFiles = summary.otherFiles
            otherExamples = summary.otherExamples
            hidden = summary.hidden
            excluded = summary.excluded
            emptyFolders = summary.emptyFolders
            fileTimeDates = summary.fileTimeDates
            read = summary.read
        }
    }
}
