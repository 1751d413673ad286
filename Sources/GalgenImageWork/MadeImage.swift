public import GalgenCore
public import GalgenImaging

/// What the image work made of one source image: its variants in each format (the site's order of
/// preference, the fallback last) and its ``ImageFacts``. Where the files go on the site is decided by
/// the pages step alone (``PublishedImages``).
public struct MadeImage: Sendable, Hashable {
    /// One variant: its size, the hash of its cache key (which names everything its bytes depend
    /// on) and the cache entry that holds its bytes.
    public struct Variant: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var keyHash: String
        public var entry: String
    }

    /// The variants of one format, ascending by width.
    public struct Format: Sendable, Hashable {
        public var format: OutputFormat
        /// The file extension and MIME type its encoder gives.
        public var fileExtension: String
        public var mimeType: String
        public var variants: [Variant]
    }

    /// Every format, the site's preferred first and the fallback last; never empty.
    public var formats: [Format]
    /// Its size, mean colour and ThumbHash preview, as the pipeline found them.
    public var facts: ImageFacts
}
