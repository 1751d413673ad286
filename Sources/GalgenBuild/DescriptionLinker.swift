import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSidecars
import GalgenSiteModel
import GalgenValidation

/// Renders the Markdown descriptions of a folder source (a photo's sidecar, an album's `index.md`)
/// for the one page that shows each, with their links and images resolved against the site:
///
/// - an image naming a photo (or video) of the tree (`![cliffs](Coast/IMG_0042.jpg)`, relative to the
///   description's folder, or to the source's folder with a leading `/`) is that photo as the pages
///   show it (its variants, `srcset`, width and height, lazy), linked to its page;
/// - an `http(s)` image is the image the image step fetched and made of it, or a plain link when it
///   could not be had;
/// - a relative link naming an album or a photo goes to its page;
/// - what resolves to nothing, and every unsafe or empty destination, stays as text (the link's text,
///   the image's alt text), named in the report by the description's file and line;
/// - with `"html": true`, a description whose raw HTML would not pass the page validator is shown
///   with its HTML as text instead, named the same way.
///
/// Nothing a user writes in a description can stop the publish: its problems are warnings (which
/// fail `--strict`), and the page validator still checks every page.
struct DescriptionLinker {
    /// Where each photo or video of a folder source is: `source` + NUL + its path below the source's folder.
    var items: [String: (c: Int, i: Int)] = [:]
    /// Each folder album, by the same kind of key.
    var albums: [String: Int] = [:]
    let collections: [Collection]
    let itemPages: Bool
    let pageSize: Int
    /// The made images, as pages show them.
    let images: [Record.ImageReference: ItemImage]
    /// Why a description's remote image could not be had.
    let failures: [Record.ImageReference: String]
    let baseDirectory: String
    /// The problems found, in order.
    private(set) var diagnostics: [Diagnostic] = []

    /// Every `http(s)` image the descriptions show, each once, sorted: the image step makes them.
    /// - Parameters:
    ///   - records: The records.
    ///   - folders: What each folder source read (its albums' descriptions).
    static func remoteImages(records: [RecordSet], folders: [String: FolderSummary]) -> [String] {
        var urls = Set<String>()
        for set in records {
            for record in set.records { urls.formUnion(record.description?.remoteImages ?? []) }
        }
        for summary in folders.values {
            for album in summary.albums { urls.formUnion(album.description?.remoteImages ?? []) }
        }
        return urls.sorted()
    }

    /// Renders every description of `collections` into its `descriptionHTML`.
    /// - Parameters:
    ///   - collections: The site's collections (folder albums carry their folder and description).
    ///   - config: The site.
    ///   - images: The made images, as pages show them.
    ///   - failures: Why a description's remote image is missing.
    /// - Returns: The problems, each named by its file and line.
    static func link(_ collections: inout [Collection], config: SiteConfig, images: [Record.ImageReference: ItemImage],
                     failures: [Record.ImageReference: String]) -> [Diagnostic] {
        guard collections.contains(where: { $0.description != nil || $0.items.contains { $0.record.description != nil } }) else { return [] }
        var linker = DescriptionLinker(collections: collections, itemPages: config.itemPages == .all, pageSize: config.pageSize,
                                       images: images, failures: failures, baseDirectory: config.baseDirectory)
        for c in collections.indices {
            if let text = collections[c].description, let folder = collections[c].folder {
                collections[c].descriptionHTML = linker.render(text, source: folder.source, folder: folder.path,
                                                               page: collections[c].name + "/index.html")
            }
            for i in collections[c].items.indices {
                let record = collections[c].items[i].record
                guard let text = record.description else { continue }
                // An item's description shows on its page, or on its gallery page without item pages. An item
                // of a folder source grouped by a field is in no folder album: its links name nothing there.
                let page = linker.itemPages ? "\(collections[c].name)/\(record.slug)/index.html"
                    : "\(collections[c].name)/\(Pagination.folder(ofPage: Pagination.page(ofItem: i, pageSize: linker.pageSize)))index.html"
                let folder = collections[c].folder ?? ("", "")
                collections[c].items[i].record.descriptionHTML = linker.render(text, source: folder.source, folder: record.album ?? folder.path,
                                                                                page: page)
            }
        }
        return linker.diagnostics
    }

    private init(collections: [Collection], itemPages: Bool, pageSize: Int, images: [Record.ImageReference: ItemImage],
                 failures: [Record.ImageReference: String], baseDirectory: String) {
        self.collections = collections
        self.itemPages = itemPages
        self.pageSize = pageSize
        self.images = images
        self.failures = failures
        self.baseDirectory = baseDirectory
        for (c, collection) in collections.enumerated() {
            guard let folder = collection.folder else { continue }
            albums[Self.key(folder.source, folder.path)] = c
            for (i, item) in collection.items.enumerated() where item.record.album != nil {
                items[Self.key(folder.source, item.record.id)] = (c, i)
            }
        }
    }

    static func key(_ source: String, _ path: String) -> String { source + "\u{0}" + path }

    /// One description as HTML for the page at `page`, its problems added to ``diagnostics``.
    mutating func render(_ text: MarkdownText, source: String, folder: String, page: String) -> String {
        var context = Resolving(text: text, display: Paths.relative(text.file, to: baseDirectory), source: source, folder: folder, page: page)
        let html = Markdown.html(text.text, allowHTML: text.allowHTML) { self.resolve($0, in: &context) }
        diagnostics += context.problems
        guard text.allowHTML else { return html }
        return checked(html, context: context)
    }

    /// With raw HTML allowed: the description as rendered when the page validator accepts it, else
    /// with its HTML shown as text (each problem named).
    private mutating func checked(_ html: String, context: Resolving) -> String {
        let known = context.targets
        let validator = PageValidator(exists: { known.contains($0) || known.contains($0 + "/index.html") })
        let prefix = "<!DOCTYPE html>\n<html lang=\"en\"><head><title>d</title></head><body>\n"
        var reasons = Self.refusedElements(in: html).map { "<\($0)> is not allowed in a description" }
        // The validator lets a page's own <img> hold a data: URL (none of galgen's do); a description's may not.
        if html.contains(Self.dataURL) { reasons.append("a data: URL is not allowed in a description") }
        // An id could repeat one of the theme's on the page (`main`, `grid`, …), which would stop the publish.
        if html.contains(Self.idAttribute) { reasons.append("an id attribute is not allowed in a description (it could repeat one of the page's)") }
        reasons += validator.validate(html: prefix + html + "\n</body></html>\n", path: context.page).map(\.message)
        guard let first = reasons.first else { return html }
        let more = reasons.count > 1 ? " (and \(reasons.count - 1) more)" : ""
        diagnostics.append(context.problem(line: 1, code: "description.html", "its HTML is shown as text: \(first)\(more)"))
        var plain = context
        plain.problems = []
        return Markdown.html(context.text.text, allowHTML: false) { self.resolve($0, in: &plain) }
    }
}

extension DescriptionLinker {
    /// Elements raw HTML may not bring even with `"html": true`: code, frames, forms, styles that
    /// reach the whole page, and foreign content (`<svg>`, `<math>`) whose insides the validator does not read.
    static let refused: Set<String> = ["script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "link", "meta",
                                       "base", "form", "input", "button", "select", "textarea", "svg", "math", "template", "noscript",
                                       "portal", "head", "body", "html", "title"]

    /// An `id` attribute (text is escaped by then: `="` only opens attributes).
    static var idAttribute: Regex<Substring> { #/(?i)\sid\s*=\s*["']/# }

    /// An attribute whose value holds a `data:` URL.
    static var dataURL: Regex<Substring> { #/(?i)=\s*["'][^"']*\bdata\s*:/# }

    /// The refused elements a rendered description opens, each once, in order. Text is escaped by
    /// then, so every `<` followed by a letter is a tag.
    static func refusedElements(in html: String) -> [String] {
        var found: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }.lowercased()
            if refused.contains(name), !found.contains(name) { found.append(name) }
        }
        return found
    }
}

/// What one description's rendering knows and found.
struct Resolving {
    let text: MarkdownText
    /// Its file as messages name it (below the site's folder).
    let display: String
    let source: String
    /// Its folder below the source's folder (`""` for the top).
    let folder: String
    /// The page it is shown on, below the site root.
    let page: String
    /// The site files its links and images name (for the validator of raw HTML).
    var targets = Set<String>()
    var problems: [Diagnostic] = []

    /// `../` for each folder of the page: how its links reach the site root.
    var root: String { String(repeating: "../", count: page.count { $0 == "/" }) }

    /// A warning named `file.md:line`.
    func problem(line: Int, code: String, _ message: String) -> Diagnostic {
        Diagnostic(.warning, code: code, subject: "\(display):\(text.firstLine + max(0, line - 1))", message: message)
    }
}
