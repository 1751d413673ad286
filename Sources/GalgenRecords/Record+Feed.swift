public import GalgenCore

extension Record {
    /// Feeds every property pages, data shards and the search index show: all but the ``origin`` (only
    /// messages show it) and the Markdown ``description`` (shown as ``descriptionHTML``, rendered from it).
    /// The digest of a build's inputs adds those two; a renderer's memo keys each item by this alone.
    /// `RenderMemoTests.everyShownPropertyIsInAnItemsKey` fails when a property is added to ``Record`` and not here.
    /// - Parameter feed: The key being made.
    public func feedShown(into feed: inout KeyFeed) {
        feed.begin("record")
        feed.add(id)
        feed.add(slug)
        feed.add(title)
        feed.add(subtitle)
        feed.add(image.map(\.feedText))
        feed.add(imageFallback)
        feed.add(link)
        feed.add(fields) { f, value in
            f.add(value) { f, v in
                f.add(v.text)
                f.add(v.href)
                f.add(v.datetime)
                f.add(v.number.map { String($0.bitPattern) })
                f.add(v.minuteOfDay.map { String($0) })
            }
        }
        feed.add(album)
        feed.add(descriptionHTML)
        feed.add(video) { f, video in
            f.add(video.path)
            f.add(video.mimeType)
            f.add(video.playable)
        }
    }

    /// The properties ``feedShown(into:)`` feeds, and those it leaves out.
    public static let shownProperties = ["id", "slug", "title", "subtitle", "image", "imageFallback", "link", "fields", "album",
                                         "descriptionHTML", "video"]
    public static let unshownProperties = ["origin", "description"]
    /// The properties of ``FieldValue`` and ``RecordVideo`` it feeds.
    public static let shownFieldValueProperties = ["text", "href", "datetime", "number", "minuteOfDay"]
    public static let shownVideoProperties = ["path", "mimeType", "playable"]
}

extension Record.ImageReference {
    /// `file <path>` or `url <url>`: a reference as keys feed it.
    public var feedText: String {
        switch self {
        case .file(let path): "file " + path
        case .url(let url): "url " + url
        }
    }
}
