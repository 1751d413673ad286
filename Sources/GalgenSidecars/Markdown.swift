import CMarkShim

/// Markdown descriptions rendered to HTML through cmark, the CommonMark reference library.
///
/// The output is a fragment (no `<html>` or `<body>`), well-formed enough for libxml2's HTML parser
/// and the W3C validator: cmark closes every element and escapes `<`, `>`, `&` and `"` in text and
/// attributes. Source that is not valid UTF-8 cannot reach here (a Swift `String` is always valid).
public enum Markdown {
    /// Renders CommonMark to an HTML fragment.
    ///
    /// Raw HTML in the source (HTML blocks and inline tags) is escaped and shown as text, not omitted,
    /// unless `allowHTML` is set; then it passes through as written. A link's or image's URL is
    /// removed (the attribute is left empty) unless it is relative, a fragment (`#…`), or uses
    /// `http`, `https` or `mailto`: `javascript:`, `vbscript:`, `file:` and every `data:` URL go,
    /// whatever their letter case or the tabs and newlines inside them. URLs inside raw HTML let
    /// through by `allowHTML` are not checked.
    ///
    /// - Parameters:
    ///   - markdown: The Markdown text.
    ///   - allowHTML: Whether raw HTML passes through unescaped (trusted sources only).
    /// - Returns: The HTML; empty for an empty text (and, in theory, when memory runs out).
    public static func html(_ markdown: String, allowHTML: Bool = false) -> String {
        var source = markdown
        return source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                guard let html = gg_md_render(text.baseAddress, text.count, allowHTML ? 1 : 0) else { return "" }
                defer { gg_md_free(html) }
                return String(cString: html)
            }
        }
    }

    /// Whether ``html(_:allowHTML:)`` keeps `url` as a link or image destination.
    /// - Parameter url: The destination, as cmark reads it (entities decoded).
    public static func allowsURL(_ url: String) -> Bool { gg_md_url_allowed(url) != 0 }
}
