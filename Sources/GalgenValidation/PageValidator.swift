import CLibXML2

/// Validates generated pages before they are written.
///
/// A page must be well-formed XML (galgen writes HTML5 that is also XML: quoted attributes,
/// self-closed void elements, no named entities but `&amp; &lt; &gt; &quot; &#39;`), which libxml2
/// checks strictly with line and column. Then the tree is checked for:
/// - unknown elements (usually record markup that escaped escaping);
/// - `<script>` other than external files of the site or JSON data, `on…` handler attributes,
///   and `javascript:`/`vbscript:` URLs;
/// - duplicate `id`s and same-page `#fragment` links to ids that do not exist;
/// - `<img>` without `src`, `alt`, or positive integer `width` and `height`;
/// - internal links and asset references that do not resolve to a file of the output;
/// - self-closing syntax on non-void elements (`<div />`), which HTML parsers read as an open tag.
public struct PageValidator: Sendable {
    private let exists: @Sendable (String) -> Bool

    /// Creates a validator.
    /// - Parameter exists: Whether a path below the site root (e.g. `people/index.html`) is a file of the output.
    public init(exists: @escaping @Sendable (String) -> Bool) {
        self.exists = exists
    }

    /// Initialises libxml2. Call once from the main thread before validating on other threads.
    public static func initializeLibrary() { LibXML.initialize() }

    /// Checks one page.
    /// - Parameters:
    ///   - html: The page's text.
    ///   - path: The page's path below the site root, e.g. `people/page/2/index.html`.
    /// - Returns: Every problem found, in document order; empty when the page is good.
    public func validate(html: String, path: String) -> [ValidationIssue] {
        let source = SourceLines(html)
        var walker = TreeWalker(path: path, source: source, exists: exists)
        let parsed = LibXML.parse(source.bytes, name: path)
        defer { if let doc = parsed.document { xmlFreeDoc(doc) } }
        for e in parsed.errors {
            walker.issue(line: e.line, column: e.column, code: "not-well-formed", "\(e.message) (pages must be well-formed: quote attributes, close every element, escape & and <)")
        }
        guard let doc = parsed.document else { return walker.issues }
        walker.checkSelfClosing()
        walker.checkDocument(doc)
        return walker.issues
    }
}
