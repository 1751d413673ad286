import GalgenCore

/// A description written in Markdown (a folder source's sidecar or an album's `index.md`), kept as
/// written until the pages are made: its links and images name photos and albums of the site, so
/// they are resolved then, against the pages and images the build made (GalgenBuild's
/// `DescriptionLinker`), and every problem is named by this file and line.
///
/// A class: a million records without a description pay one pointer each, not the text's fields.
public final class MarkdownText: Sendable, Hashable, CustomStringConvertible {
    /// The Markdown, as written after the file's keys.
    public let text: String
    /// The file it is in (absolute path): relative links and images resolve from its folder.
    public let file: String
    /// The file's line where ``text`` starts, from 1.
    public let firstLine: Int
    /// Whether raw HTML passes through (the source's `"html": true`).
    public let allowHTML: Bool
    /// The `http(s)` images it shows, in order, each once: the image step fetches them like record images.
    public let remoteImages: [String]

    /// Creates a description.
    /// - Parameters:
    ///   - text: The Markdown.
    ///   - file: Its file (absolute path).
    ///   - firstLine: The file's line where the text starts.
    ///   - allowHTML: Whether raw HTML passes through.
    ///   - remoteImages: The `http(s)` images it shows.
    public init(text: String, file: String, firstLine: Int = 1, allowHTML: Bool = false, remoteImages: [String] = []) {
        self.text = text
        self.file = file
        self.firstLine = firstLine
        self.allowHTML = allowHTML
        var seen = Set<String>()
        self.remoteImages = remoteImages.filter { seen.insert($0).inserted }
    }

    public static func == (a: MarkdownText, b: MarkdownText) -> Bool {
        a.text == b.text && a.file == b.file && a.firstLine == b.firstLine && a.allowHTML == b.allowHTML
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(file)
        hasher.combine(firstLine)
    }

    public var description: String { "\(file):\(firstLine)" }

    /// Whether an image destination is one the image step fetches: an `http(s)` URL as records' image
    /// URLs must be (``WebURL/httpURL(_:)``).
    /// - Parameter url: The destination as written.
    public static func isRemote(_ url: String) -> Bool { WebURL.httpURL(url) != nil }
}
