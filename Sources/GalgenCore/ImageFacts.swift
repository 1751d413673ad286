/// What the image work learns of one picture, beside its files: its upright size, its mean colour and
/// its preview. One value goes from the pipeline (``ImagePipeline/Output``) through the image cache's
/// metadata entry and the made image to the pages (`ItemImage`), so a new fact (a focal point, a
/// dominant orientation) is a property here, set where it is computed and read where it is shown,
/// not a parameter added to every type between them.
///
/// ```swift
/// let facts = ImageFacts(width: 4000, height: 3000, averageColor: "#8a7f6e", preview: "3OcRJYB4d3h/iIeHeEh3eIhw+j3A")
/// facts.feed(into: &feed)   // every fact is part of the site's inputs digest
/// ```
public struct ImageFacts: Sendable, Hashable {
    /// The source's width as shown (after its orientation), in pixels.
    public var width: Int
    /// The source's height as shown, in pixels.
    public var height: Int
    /// Mean colour `#rrggbb` (sRGB), the background until the picture arrives.
    public var averageColor: String
    /// ThumbHash preview, base64 without padding, upright and in sRGB; nil when none could be made.
    public var preview: String?

    /// Creates the facts of one picture.
    /// - Parameters:
    ///   - width: Upright width in pixels.
    ///   - height: Upright height in pixels.
    ///   - averageColor: Mean colour `#rrggbb`.
    ///   - preview: ThumbHash preview, base64; nil when there is none.
    public init(width: Int, height: Int, averageColor: String, preview: String? = nil) {
        self.width = width
        self.height = height
        self.averageColor = averageColor
        self.preview = preview
    }

    /// The names of the properties ``feed(into:)`` feeds, in its order: a test holds them to the
    /// type's properties, so a fact added here and forgotten in the digest fails it.
    public static let fedProperties = ["width", "height", "averageColor", "preview"]

    /// Feeds every fact to a key (the site's inputs digest, page keys).
    /// - Parameter feed: The key being made.
    public func feed(into feed: inout KeyFeed) {
        feed.add(width)
        feed.add(height)
        feed.add(averageColor)
        feed.add(preview)
    }
}
