import CLibXML2
import GalgenCore

/// The entries of a sitemap file: a `<urlset>` of pages or a `<sitemapindex>` of sitemap files
/// (sitemaps.org protocol 0.9), read with libxml2.
public struct Sitemap: Sendable, Hashable {
    /// One `<loc>`.
    public struct Location: Sendable, Hashable {
        /// The URL, with XML escapes resolved and surrounding whitespace removed.
        public var url: String
        /// Line of the `<loc>` element.
        public var line: Int
    }

    /// The protocol's namespace.
    public static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// Whether the file is a sitemap index (its locations are sitemap files, not pages).
    public var isIndex: Bool
    /// Every `<url>`'s or `<sitemap>`'s `<loc>`, in document order.
    public var locations: [Location]

    /// Reads a sitemap file.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: Its path below the site root, for messages.
    /// - Returns: The sitemap (nil when it cannot be read as one) and every problem found.
    public static func read(_ text: String, path: String) -> (sitemap: Sitemap?, issues: [ValidationIssue]) {
        func issue(_ line: Int, _ column: Int, _ message: String) -> ValidationIssue {
            ValidationIssue(page: path, line: line, column: column, code: "sitemap", message: message)
        }
        let parsed = LibXML.parse(Array(text.utf8), name: path)
        defer { if let doc = parsed.document { xmlFreeDoc(doc) } }
        var issues = parsed.errors.map { issue($0.line, $0.column, "not well-formed XML: \($0.message)") }
        guard let doc = parsed.document, let root = xmlDocGetRootElement(doc) else { return (nil, issues) }
        let rootName = name(of: root)
        let namespace = root.pointee.ns?.pointee.href.map { String(cString: $0) }
        guard rootName == "urlset" || rootName == "sitemapindex", namespace == Self.namespace else {
            issues.append(issue(Int(xmlGetLineNo(root)), 0,
                                "not a sitemap: the root element must be <urlset> or <sitemapindex> in the namespace \(Self.namespace)"))
            return (nil, issues)
        }
        let entry = rootName == "urlset" ? "url" : "sitemap"
        var locations: [Location] = []
        var child = root.pointee.children
        while let node = child {
            child = node.pointee.next
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            let line = Int(xmlGetLineNo(node))
            guard name(of: node) == entry else {
                issues.append(issue(line, 0, "unexpected <\(name(of: node))> in <\(rootName)>"))
                continue
            }
            var loc: String?
            var field = node.pointee.children
            while let f = field {
                field = f.pointee.next
                if f.pointee.type == XML_ELEMENT_NODE, name(of: f) == "loc" { loc = content(of: f).trimmingWhitespace }
            }
            guard let loc, !loc.isEmpty else {
                issues.append(issue(line, 0, "<\(entry)> without a <loc>"))
                continue
            }
            locations.append(Location(url: loc, line: line))
        }
        return (Sitemap(isIndex: rootName == "sitemapindex", locations: locations), issues)
    }

    private static func name(of node: UnsafeMutablePointer<xmlNode>) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private static func content(of node: UnsafeMutablePointer<xmlNode>) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { galgen_xmlFree(raw) }
        return String(cString: raw)
    }
}
