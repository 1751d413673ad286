import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenValidation
import Testing

/// `galgen check`'s checker on a small built site in memory: its pages, the runtime's data and the sitemap.
struct SiteCheckerTests {
    /// A site of one page, one collection's manifest and shard with one image, a search file, robots.txt and a sitemap.
    private static func site() throws -> MemoryFileSystem {
        let files = MemoryFileSystem()
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8" />
            <title>T</title>
            <link rel="stylesheet" href="assets/s.css" />
            </head>
            <body>
            <main id="main"><a href="#main">skip</a> <img src="img/a.jpg" width="10" height="10" alt="A" /></main>
            </body>
            </html>
            """
        let sitemap = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>https://example.org/site/</loc></url>
            </urlset>
            """
        let contents = [
            "index.html": page, "assets/s.css": "p{}", "img/a.jpg": "jpeg", "search/index.json": "{}",
            "data/people/manifest.json": #"{"count":1,"shards":["data/people/0-a.json"],"search":"search/index.json"}"#,
            "data/people/0-a.json": #"{"first":0,"items":[{"k":"a","v":[["img/a.jpg",10,10]]}]}"#,
            "robots.txt": "User-agent: *\nSitemap: https://example.org/site/sitemap.xml\n", "sitemap.xml": sitemap,
        ]
        for (path, text) in contents {
            try files.createDirectory(at: "/site/" + (path as NSString).deletingLastPathComponent)
            try files.writeFile(Data(text.utf8), to: "/site/" + path)
        }
        return files
    }

    private static func check(_ files: MemoryFileSystem) throws -> SiteChecker.Result {
        try SiteChecker(fileSystem: files).check(directory: "/site")
    }

    @Test func aCompleteSiteHasNoIssues() throws {
        let result = try Self.check(try Self.site())
        #expect(result.issues == [], "\(result.issues)")
        #expect(result.pages == 1 && result.files == 8)
    }

    @Test func aMissingImageIsNamedByThePageAndTheShard() throws {
        let files = try Self.site()
        try files.remove(at: "/site/img/a.jpg")
        let issues = try Self.check(files).issues
        #expect(issues.contains { $0.page == "index.html" && $0.message.contains("img/a.jpg") }, "\(issues)")
        #expect(issues.contains { $0.code == "runtime-data" && $0.message == "image img/a.jpg of item a is missing" }, "\(issues)")
    }

    @Test func damagedRuntimeDataIsNamed() throws {
        let files = try Self.site()
        try files.writeFile(Data(#"{"first":0,"items":["#.utf8), to: "/site/data/people/0-a.json")
        let damaged = try Self.check(files).issues
        #expect(!damaged.isEmpty && damaged.allSatisfy { $0.code == "runtime-data" }, "\(damaged)")
        #expect(damaged.first?.message.hasPrefix("malformed JSON") == true, "\(damaged)")
        try files.writeFile(Data(#"{"count":2,"shards":["data/people/0-a.json"],"search":"search/none.json"}"#.utf8),
                            to: "/site/data/people/manifest.json")
        try files.writeFile(Data(#"{"first":0,"items":[]}"#.utf8), to: "/site/data/people/0-a.json")
        let messages = try Self.check(files).issues.map(\.message)
        #expect(messages == ["search file search/none.json is missing", "the shards hold 0 items, the manifest says 2"])
    }

    @Test func aSitemapEntryWithoutItsPageIsNamed() throws {
        let files = try Self.site()
        try files.remove(at: "/site/index.html")
        let issues = try Self.check(files).issues
        #expect(issues.map(\.code) == ["sitemap"])
        #expect(issues.first?.message == "https://example.org/site/ is not a page of the site (index.html is missing)")
    }

    @Test func aFolderThatIsNotThereIsAnError() throws {
        #expect {
            try SiteChecker(fileSystem: MemoryFileSystem()).check(directory: "/nowhere")
        } throws: { error in
            guard let error = error as? CheckError else { return false }
            return error.code == .notAFolder && error.description == "[check] /nowhere is not a folder"
        }
    }
}
