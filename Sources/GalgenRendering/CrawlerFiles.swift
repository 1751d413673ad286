import Foundation

/// The files for search engines at the site root: `robots.txt` always, and, when the site has a
/// `baseURL`, `sitemap.xml` with the absolute URL of every page, sorted, without `lastmod` (no date
/// reaches the output). Above ``urlsPerSitemap`` pages, `sitemap.xml` is a sitemap index of
/// `sitemap-1.xml`, `sitemap-2.xml`, …, as the sitemap protocol requires.
public enum CrawlerFiles {
    /// Most URLs one sitemap file may hold (sitemaps.org).
    public static let urlsPerSitemap = 50_000
    /// The sitemap protocol's XML namespace.
    public static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// The files.
    /// - Parameters:
    ///   - baseURL: The site's absolute URL ending in `/`, or nil.
    ///   - pages: Every page's path below the site root (`people/index.html`).
    ///   - perFile: URLs per sitemap file (tests make it small).
    /// - Returns: `robots.txt`, and the sitemap files when `baseURL` is set; sorted by path.
    public static func files(baseURL: String?, pages: [String], perFile: Int = urlsPerSitemap) -> [GalleryData.File] {
        guard let baseURL else {
            return [text("robots.txt", "User-agent: *\nAllow: /\n")]
        }
        var files = [text("robots.txt", "User-agent: *\nAllow: /\nSitemap: \(baseURL)sitemap.xml\n")]
        // The pages in the order of their URLs (made once here to sort, then dropped); a part's
        // URLs are made again when its bytes are (for the key, and again if it is written), so a
        // million URLs are not kept as strings through the build.
        let ordered = pages.map { (url: url(ofPage: $0, baseURL: baseURL), page: $0) }.sorted { $0.url < $1.url }.map(\.page)
        let parts = stride(from: 0, to: max(ordered.count, 1), by: max(perFile, 1)).map { ordered[$0..<min($0 + max(perFile, 1), ordered.count)] }
        func sitemap(_ name: String, _ part: ArraySlice<String>) -> GalleryData.File {
            let make: @Sendable () -> Data = { Data(urlset(part.map { url(ofPage: $0, baseURL: baseURL) }).utf8) }
            return GalleryData.File(path: name, bytes: make(), make: make)
        }
        if parts.count == 1 {
            files.append(sitemap("sitemap.xml", parts[0]))
        } else {
            let names = parts.indices.map { "sitemap-\($0 + 1).xml" }
            for (name, part) in zip(names, parts) { files.append(sitemap(name, part)) }
            files.append(text("sitemap.xml", document("sitemapindex", names.map { "<sitemap><loc>\(escape(baseURL + $0))</loc></sitemap>" })))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The absolute URL of a page: `baseURL` plus its folder (`people/page/2/index.html` → `…/people/page/2/`).
    /// - Parameters:
    ///   - path: The page's path below the site root, ending in `index.html`.
    ///   - baseURL: The site's absolute URL ending in `/`.
    public static func url(ofPage path: String, baseURL: String) -> String {
        baseURL + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
    }

    private static func urlset(_ urls: [String]) -> String {
        document("urlset", urls.map { "<url><loc>\(escape($0))</loc></url>" })
    }

    private static func document(_ root: String, _ lines: [String]) -> String {
        (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<\(root) xmlns=\"\(namespace)\">"] + lines + ["</\(root)>", ""])
            .joined(separator: "\n")
    }

    private static func text(_ path: String, _ text: String) -> GalleryData.File {
        GalleryData.File(path: path, data: Data(text.utf8))
    }

    /// Text escaped for XML element content.
    private static func escape(_ text: String) -> String { XMLText.escape(text) }
}
