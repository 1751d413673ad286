import GalgenCore
import GalgenImaging

/// What the image work made of one source image: its variants in each format (the site's order of
/// preference, the fallback last) and its ``ImageFacts``. Where the files go on the site is decided by
/// the pages step alone (``PublishedImages``).
struct MadeImage: Sendable, Hashable {
    /// One variant: its size, the hash of its cache key (which names everything its bytes depend
    /// on) and the cache entry that holds its bytes.
    struct Variant: Sendable, Hashable {
        var width: Int
        var height: Int
        var keyHash: String
        var entry: String
    }

    /// The variants of one format, ascending by width.
    struct Format: Sendable, Hashable {
        var format: OutputFormat
        /// The file extension and MIME type its encoder gives.
        var fileExtension: String
        var mimeType: String
        var variants: [Variant]
    }

    /// Every format, the site's preferred first and the fallback last; never empty.
    var formats: [Format]
    /// Its size, mean colour and ThumbHash preview, as the pipeline found them.
    var facts: ImageFacts
}
