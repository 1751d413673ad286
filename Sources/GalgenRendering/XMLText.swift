import GalgenCore

/// XML text for the files galgen writes besides pages: sitemaps and feeds.
enum XMLText {
    /// Escapes text for XML content and attribute values; characters XML 1.0 forbids are dropped.
    static func escape(_ text: String) -> String { MarkupText.escape(text, apostrophe: "&apos;") }
}
