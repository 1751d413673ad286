import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import GalgenValidation
import Testing

/// `"itemPages": "none"` through a whole build: no item folders, cells that link to their own ids,
/// a sitemap of the pages that exist, a site `galgen check` accepts, and the report's page count.
struct ItemPagesBuildTests {
    private let config = #""pageSize": 3, "baseURL": "https://ex.org/""#

    private func text(_ site: FixtureSite, _ path: String) throws -> String {
        String(decoding: try site.directory.read("public/" + path), as: UTF8.self)
    }

    private func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func noneWritesNoItemPagesAndTheSiteChecks() async throws {
        let site = try FixtureSite(count: 7, config: #""itemPages": "none", \#(config)"#)
        defer { site.directory.remove() }
        let report = try await build(site)
        #expect(report.records == 7)
        #expect(report.pages == 5, "home, 404 and three gallery pages")
        let folder = try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/things").sorted()
        #expect(folder == ["index.html", "page"])
        // Each gallery page links every cell to its own id, on that page.
        var linked: [String] = []
        for path in ["things/index.html", "things/page/2/index.html", "things/page/3/index.html"] {
            let html = try text(site, path)
            let links = try matches(##"<a href="#(item-[^"]+)">"##, in: html)
            let ids = try matches(#"<li class="cell" id="([^"]+)""#, in: html)
            #expect(!links.isEmpty && links == ids, "\(path): \(links) \(ids)")
            linked += links
        }
        #expect(linked == (0..<7).map { "item-item-\($0)" })
        for file in try FixtureSite.snapshot(of: site.outputPath) where file.0.hasSuffix(".html") {
            #expect(!String(decoding: file.1, as: UTF8.self).contains("item-0/"), "\(file.0) links an item page")
        }
        let sitemap = try text(site, "sitemap.xml")
        let urls = try matches("<loc>([^<]+)</loc>", in: sitemap)
        #expect(urls == ["", "things/", "things/page/2/", "things/page/3/"].map { "https://ex.org/" + $0 })
        let data = try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/data/things")
        let manifest = try text(site, "data/things/" + (try #require(data.first { $0 == "manifest.json" })))
        #expect(manifest.contains(#""itemPages":false"#))

        let check = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: site.outputPath)
        #expect(check.issues.isEmpty, "\(check.issues)")
        #expect(check.pages == 5)
    }

    @Test func checkerRejectsACellLinkToAnIdThatIsNotThere() async throws {
        let site = try FixtureSite(count: 4, config: #""itemPages": "none", \#(config)"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let path = site.outputPath + "/things/page/2/index.html"
        let html = try text(site, "things/page/2/index.html")
        #expect(html.contains(##"href="#item-item-3""##))
        try Data(html.replacingOccurrences(of: ##"href="#item-item-3""##, with: ##"href="#item-item-9""##).utf8)
            .write(to: URL(fileURLWithPath: path))
        let check = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: site.outputPath)
        #expect(check.issues.map(\.code) == ["broken-fragment"], "\(check.issues)")
        #expect(check.issues.first?.page == "things/page/2/index.html")
    }

    @Test func allIsTheDefault() async throws {
        let site = try FixtureSite(count: 7, config: config)
        defer { site.directory.remove() }
        let report = try await build(site)
        #expect(report.pages == 5 + 7)
        #expect(try text(site, "things/page/2/index.html").contains(#"<a href="../../../things/item-3/">"#))
        let sitemap = try text(site, "sitemap.xml")
        #expect(try matches("<loc>([^<]+)</loc>", in: sitemap).count == 4 + 7)
        let check = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: site.outputPath)
        #expect(check.issues.isEmpty, "\(check.issues)")
    }
}
