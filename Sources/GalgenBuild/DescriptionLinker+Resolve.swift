import Foundation
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSidecars
import GalgenSiteModel

// How each link and image of a description is decided, and the markup of the images it shows.

extension DescriptionLinker {
    /// Decides one link or image of a description (``DescriptionLinker`` says the rules).
    func resolve(_ reference: Markdown.Reference, in context: inout Resolving) -> Markdown.Resolution {
        let url = reference.url.trimmingWhitespace
        let image = reference.kind == .image
        let what = image ? "image" : "link"
        let code = image ? "description.image" : "description.link"
        let fallback = image ? "its alt text is shown" : "its text is shown"
        func refuse(_ why: String) -> Markdown.Resolution {
            context.problems.append(context.problem(line: reference.line, code: code, "\(what) \(why); \(fallback)"))
            return .text
        }
        guard reference.allowed else {
            return refuse(url.isEmpty ? "with no destination" : "to an unsafe URL (\(Self.scheme(of: url)):)")
        }
        if let scheme = Self.externalScheme(url) {
            guard image else { return .keep }
            guard scheme != "mailto" else { return refuse("to a mailto: URL") }
            return remoteImage(url, reference: reference, context: &context)
        }
        if url.hasPrefix("#") { return refuse("to \(url), an anchor a description cannot know (its page's ids are the theme's)") }
        guard let path = Self.path(url, from: context.folder) else { return refuse("to \(url), which leads out of the source's folder") }
        if let (c, i) = items[Self.key(context.source, path)] {
            let page = itemPage(c, i)
            context.targets.insert(page.file)
            guard image else { return .url(context.root + page.url) }
            guard let made = collections[c].items[i].image, !made.variants.isEmpty else {
                return refuse("of \(path), whose picture could not be made (see its own warning)")
            }
            for variant in made.files { context.targets.insert(variant.path) }
            return .html(Self.markup(made, alt: reference.text, root: context.root,
                                     link: reference.insideLink ? nil : context.root + page.url))
        }
        if let c = albums[Self.key(context.source, path)] {
            guard image else {
                context.targets.insert(collections[c].name + "/index.html")
                return .url(context.root + collections[c].name + "/")
            }
            return refuse("of \(url), which is an album, not a photo")
        }
        return refuse("to \(url), which names no photo, video or album of the gallery")
    }

    /// An `http(s)` image: the image the image step made of it, else a link to it.
    private func remoteImage(_ url: String, reference: Markdown.Reference, context: inout Resolving) -> Markdown.Resolution {
        if let made = images[.url(url)], !made.variants.isEmpty {
            for variant in made.files { context.targets.insert(variant.path) }
            return .html(Self.markup(made, alt: reference.text, root: context.root, link: nil))
        }
        let why = failures[.url(url)] ?? "it was not fetched"
        let shown = reference.insideLink ? "its alt text is shown" : "a link to it is shown"
        context.problems.append(context.problem(line: reference.line, code: "description.image", "image \(url): \(why); \(shown)"))
        guard !reference.insideLink else { return .text }
        let label = reference.text.trimmingWhitespace.isEmpty ? url : reference.text
        return .html("<a href=\"\(Self.escape(url))\">\(Self.escape(label))</a>")
    }

    /// The page of an item: its own, or its gallery page with its cell's anchor without item pages.
    private func itemPage(_ c: Int, _ i: Int) -> (url: String, file: String) {
        let collection = collections[c]
        let slug = collection.items[i].record.slug
        if itemPages { return ("\(collection.name)/\(slug)/", "\(collection.name)/\(slug)/index.html") }
        let folder = Pagination.folder(ofPage: Pagination.page(ofItem: i, pageSize: pageSize))
        return ("\(collection.name)/\(folder)#item-\(slug)", "\(collection.name)/\(folder)index.html")
    }

    /// A made image as a description shows it: a `<picture>` with every format and width, lazy, on a line
    /// of its own, as wide as its largest variant but at most 720 CSS pixels wide and 600 high (its box
    /// is the same before and after it loads: no layout shift).
    static func markup(_ image: ItemImage, alt: String, root: String, link: String?) -> String {
        let largest = image.variants[image.variants.count - 1]
        let tall = largest.height > 0 ? 600 * largest.width / largest.height : 720
        let shown = max(1, min(largest.width, 720, tall))
        let sizes = "(min-width: \(shown + 40)px) \(shown)px, 100vw"
        func srcset(_ variants: [ImageVariant]) -> String {
            variants.map { "\(escape(root + $0.path)) \($0.width)w" }.joined(separator: ", ")
        }
        let main = image.variants[image.variants.count / 2]
        var html = "<picture>"
        for source in image.sources {
            html += "<source type=\"\(escape(source.type))\" srcset=\"\(srcset(source.variants))\" sizes=\"\(sizes)\" />"
        }
        html += "<img src=\"\(escape(root + main.path))\" srcset=\"\(srcset(image.variants))\" sizes=\"\(sizes)\""
            + " width=\"\(main.width)\" height=\"\(main.height)\" alt=\"\(escape(alt))\" loading=\"lazy\" decoding=\"async\""
            + " style=\"width: \(shown)px; background-color: \(escape(image.facts.averageColor))\" /></picture>"
        guard let link else { return html }
        return "<a class=\"photo-link\" href=\"\(escape(link))\">\(html)</a>"
    }

    /// `path` below the source's folder that a relative URL names from `folder`: percent-decoded,
    /// without its query and fragment, `/…` from the source's folder; nil when it leaves the folder.
    static func path(_ url: String, from folder: String) -> String? {
        var raw = Substring(url)
        if let cut = raw.firstIndex(where: { $0 == "?" || $0 == "#" }) { raw = raw[..<cut] }
        let decoded = String(raw).removingPercentEncoding ?? String(raw)
        var parts: [Substring] = decoded.hasPrefix("/") ? [] : folder.split(separator: "/")
        for segment in decoded.split(separator: "/") {
            if segment == "." { continue }
            if segment == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(segment)
        }
        return parts.joined(separator: "/")
    }

    /// The scheme of an `http`, `https` or `mailto` URL (lowercased), else nil.
    static func externalScheme(_ url: String) -> String? {
        let scheme = self.scheme(of: url)
        return ["http", "https", "mailto"].contains(scheme) ? scheme : nil
    }

    /// The URL's scheme as a browser reads it (tabs and newlines dropped, as browsers drop them), or "".
    static func scheme(of url: String) -> String {
        WebURL.scheme(of: url.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.trimmingWhitespace) ?? ""
    }

    /// Text for HTML content and attribute values.
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
