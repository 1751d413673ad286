import CMarkShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Markdown descriptions rendered to HTML through cmark, the CommonMark reference library.
///
/// The output is a fragment (no `<html>` or `<body>`), well-formed enough for libxml2's HTML parser
/// and the W3C validator: cmark closes every element and escapes `<`, `>`, `&` and `"` in text and
/// attributes. Source that is not valid UTF-8 cannot reach here (a Swift `String` is always valid).
public enum Markdown {
    /// One link or image of a Markdown text, as the resolver of ``html(_:allowHTML:resolve:)`` is told it.
    public struct Reference: Sendable, Hashable {
        /// A link (`[text](url)`) or an image (`![alt](url)`).
        public enum Kind: Sendable, Hashable { case link, image }
        public var kind: Kind
        /// The destination as written (entities decoded).
        public var url: String
        /// The title (`[text](url "title")`), or empty.
        public var title: String
        /// The link's text or the image's alt text, as plain text.
        public var text: String
        /// The line of the text it is on, from 1.
        public var line: Int
        /// Whether the URL may be written as it is: not empty, and relative, a fragment, or `http`,
        /// `https` or `mailto` (``allowsURL(_:)``).
        public var allowed: Bool
        /// An image inside a link: what replaces it must not be a link.
        public var insideLink: Bool

        /// Creates a reference (tests).
        public init(kind: Kind, url: String, title: String = "", text: String = "", line: Int, allowed: Bool, insideLink: Bool = false) {
            self.kind = kind
            self.url = url
            self.title = title
            self.text = text
            self.line = line
            self.allowed = allowed
            self.insideLink = insideLink
        }
    }

    /// What becomes of a link or an image.
    public enum Resolution: Sendable, Hashable {
        /// Kept as written (only an allowed URL; any other becomes ``text``).
        case keep
        /// Kept with another destination (only an allowed URL; any other becomes ``text``).
        case url(String)
        /// The link's text, or the image's alt text, stays as text; the element goes.
        case text
        /// Replaced by this HTML, which the caller made safe.
        case html(String)
    }

    /// Renders CommonMark to an HTML fragment, each link and image decided by `resolve`.
    ///
    /// Raw HTML in the source (HTML blocks and inline tags) is escaped and shown as text, not omitted,
    /// unless `allowHTML` is set; then it passes through as written (URLs inside it are not checked
    /// here). A link or image whose URL is not allowed (``allowsURL(_:)``: `javascript:`, `vbscript:`,
    /// `file:`, every `data:` URL, whatever their letter case or the tabs and newlines inside them)
    /// or is empty never keeps it: its text stays as text, whatever `resolve` says. No empty or
    /// unsafe `href` or `src` is ever written. Characters a page may not hold (C0 and C1 controls but tab
    /// and line ends, noncharacters) are dropped.
    ///
    /// - Parameters:
    ///   - markdown: The Markdown text.
    ///   - allowHTML: Whether raw HTML passes through unescaped (trusted sources only).
    ///   - resolve: Decides each link and image, in document order; by default an allowed one is kept.
    /// - Returns: The HTML; empty for an empty text (and, in theory, when memory runs out).
    public static func html(_ markdown: String, allowHTML: Bool = false,
                            resolve: (Reference) -> Resolution = { $0.allowed ? .keep : .text }) -> String {
        withoutActuallyEscaping(resolve) { resolve in
            let box = ResolverBox(resolve, source: markdown)
            let context = Unmanaged.passUnretained(box).toOpaque()
            var source = markdown
            return withExtendedLifetime(box) {
                source.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { text in
                        guard let html = gg_md_render_resolved(text.baseAddress, text.count, allowHTML ? 1 : 0, resolver, context) else { return "" }
                        defer { gg_md_free(html) }
                        return withoutForbiddenCharacters(String(cString: html))
                    }
                }
            }
        }
    }

    /// Every link and image of a Markdown text, in document order.
    /// - Parameter markdown: The Markdown text.
    public static func references(_ markdown: String) -> [Reference] {
        var found: [Reference] = []
        _ = html(markdown) { reference in
            found.append(reference)
            return .text
        }
        return found
    }

    /// `html` without the characters a page may not hold: C0 controls but tab, line feed and carriage
    /// return (XML 1.0 forbids them, so the page validator would refuse the page), DEL and the C1 controls,
    /// and Unicode noncharacters (HTML forbids both). They reach cmark's output as written or as numeric
    /// references (`&#1;`), which cmark decodes.
    static func withoutForbiddenCharacters(_ html: String) -> String {
        func forbidden(_ scalar: Unicode.Scalar) -> Bool {
            let v = scalar.value
            return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v)
                || v & 0xFFFE == 0xFFFE
        }
        guard html.unicodeScalars.contains(where: forbidden) else { return html }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: html.unicodeScalars.lazy.filter { !forbidden($0) })
        return String(out)
    }

    /// Whether a URL may be a link or image destination: relative, a fragment, or `http`, `https` or
    /// `mailto` (an empty URL is relative here, but ``html(_:allowHTML:resolve:)`` refuses it).
    /// - Parameter url: The destination, as cmark reads it (entities decoded).
    public static func allowsURL(_ url: String) -> Bool { gg_md_url_allowed(url) != 0 }
}

/// Carries the resolver through cmark's C callback, and places each destination on its line.
private final class ResolverBox {
    let resolve: (Markdown.Reference) -> Markdown.Resolution
    let source: String
    /// The source's lines, split when a line must be searched.
    private lazy var lines: [Substring] = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    /// Where each destination was last found (its line, and where in it the match ends): the next one
    /// like it is searched from there.
    private var found: [String: (line: Int, end: String.Index)] = [:]

    init(_ resolve: @escaping (Markdown.Reference) -> Markdown.Resolution, source: String) {
        self.resolve = resolve
        self.source = source
    }

    /// The line of a destination: cmark counts the line breaks of its paragraph but not those inside a
    /// code span, a destination or a title, so when its paragraph goes on below `estimate`, the first line
    /// from there (or from where the same destination was last found) that holds it.
    func line(of url: String, estimate: Int, last: Int) -> Int {
        guard last > estimate, !url.isEmpty, estimate >= 1, estimate <= lines.count else { return estimate }
        let previous = found[url].flatMap { $0.line >= estimate ? $0 : nil }
        for n in (previous?.line ?? estimate)...min(last, lines.count) {
            let line = lines[n - 1]
            let start = previous?.line == n ? previous!.end : line.startIndex
            if let match = line[start...].firstRange(of: url) {
                found[url] = (n, match.upperBound)
                return n
            }
        }
        return estimate
    }
}

/// The C callback: asks the box, hands back a malloc'd replacement.
private let resolver: gg_md_resolver = { context, ref, replacement in
    guard let context, let ref else { return Int32(GG_MD_TEXT) }
    let box = Unmanaged<ResolverBox>.fromOpaque(context).takeUnretainedValue()
    let reference = Markdown.Reference(kind: ref.pointee.image != 0 ? .image : .link, url: String(cString: ref.pointee.url),
                                       title: String(cString: ref.pointee.title), text: String(cString: ref.pointee.text),
                                       line: box.line(of: String(cString: ref.pointee.url), estimate: Int(ref.pointee.line),
                                                      last: Int(ref.pointee.last_line)),
                                       allowed: ref.pointee.allowed != 0, insideLink: ref.pointee.in_link != 0)
    switch box.resolve(reference) {
    case .keep: return Int32(GG_MD_KEEP)
    case .text: return Int32(GG_MD_TEXT)
    case .url(let url):
        replacement?.pointee = strdup(url)
        return Int32(GG_MD_URL)
    case .html(let html):
        replacement?.pointee = strdup(html)
        return Int32(GG_MD_HTML)
    }
}
