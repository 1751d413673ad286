import Foundation
import GalgenRendering
import GalgenValidation
import Testing

/// What galgen writes for search engines, read back with the checker's sitemap reader.
struct CrawlerFileTests {
    @Test func sitemapListsEveryPageAbsoluteSortedAndEscaped() throws {
        let pages = ["people/index.html", "index.html", "people/b/index.html", "people/a/index.html", "people/page/2/index.html"]
        let files = CrawlerFiles.files(baseURL: "https://ex.org/g&s/", pages: pages)
        #expect(files.map(\.path) == ["robots.txt", "sitemap.xml"])
        let robots = String(decoding: files[0].data, as: UTF8.self)
        #expect(robots == "User-agent: *\nAllow: /\nSitemap: https://ex.org/g&s/sitemap.xml\n")
        let xml = String(decoding: files[1].data, as: UTF8.self)
        #expect(!xml.contains("lastmod") && xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(xml.contains("<loc>https://ex.org/g&amp;s/people/a/</loc>"))
        let (sitemap, issues) = Sitemap.read(xml, path: "sitemap.xml")
        #expect(issues == [])
        #expect(sitemap?.isIndex == false)
        #expect(sitemap?.locations.map(\.url) == ["", "people/", "people/a/", "people/b/", "people/page/2/"].map { "https://ex.org/g&s/" + $0 })
    }

    @Test func largeSitesGetASitemapIndex() throws {
        let pages = (0..<5).map { "c/\($0)/index.html" }
        let files = CrawlerFiles.files(baseURL: "https://ex.org/", pages: pages, perFile: 2)
        #expect(files.map(\.path) == ["robots.txt", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
        let index = Sitemap.read(String(decoding: files[4].data, as: UTF8.self), path: "sitemap.xml")
        #expect(index.issues == [] && index.sitemap?.isIndex == true)
        #expect(index.sitemap?.locations.map(\.url) == (1...3).map { "https://ex.org/sitemap-\($0).xml" })
        let urls = files[1...3].flatMap { Sitemap.read(String(decoding: $0.data, as: UTF8.self), path: $0.path).sitemap?.locations.map(\.url) ?? [] }
        #expect(urls == (0..<5).map { "https://ex.org/c/\($0)/" })
    }

    @Test func withoutBaseURLOnlyRobots() {
        let files = CrawlerFiles.files(baseURL: nil, pages: ["index.html"])
        #expect(files.map(\.path) == ["robots.txt"])
        #expect(String(decoding: files[0].data, as: UTF8.self) == "User-agent: *\nAllow: /\n")
    }

    @Test func readerRejectsWhatIsNotASitemap() {
        #expect(Sitemap.read("<urlset><url><loc>x</loc></url></urlset>", path: "s.xml").issues.map(\.message)
            == ["not a sitemap: the root element must be <urlset> or <sitemapindex> in the namespace \(Sitemap.namespace)"])
        #expect(Sitemap.read("<urlset", path: "s.xml").issues.first?.message.hasPrefix("not well-formed XML") == true)
        let partial = Sitemap.read("<urlset xmlns=\"\(Sitemap.namespace)\">\n<url></url>\n<url><loc> https://a/ </loc></url>\n</urlset>", path: "s.xml")
        #expect(partial.sitemap?.locations.map { "\($0.line) \($0.url)" } == ["3 https://a/"])
        #expect(partial.issues.map(\.description) == ["s.xml:2:0: <url> without a <loc> [sitemap]"])
    }
}
