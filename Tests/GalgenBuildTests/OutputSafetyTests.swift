import Foundation
import GalgenBuild
import GalgenTestSupport
import Testing

struct OutputSafetyTests {
    @Test func badConfigWritesNothing() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        try site.directory.write(#"{"title": "x", "sources": [], "pagesize": 3}"#, to: "config.json")
        let error = await buildError(site)
        #expect(error?.isConfigError == true)
        #expect(!site.directory.exists("public"))
        #expect(!siblings(of: site.outputPath).contains { $0.contains("staging") })
    }

    @Test func invalidPagesKeepThePreviousSite() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        _ = try await build(site)
        let before = try FixtureSite.snapshot(of: site.outputPath)
        try site.directory.write("<footer><div>unclosed</footer>\n", to: "Templates/footer.mustache")
        let error = await buildError(site)
        guard case .invalidPages(let issues)? = error?.reason else { Issue.record("expected invalid pages, got \(String(describing: error))"); return }
        #expect(issues.count >= 6)
        #expect(issues.allSatisfy { $0.code == "not-well-formed" && $0.line > 0 })
        let after = try FixtureSite.snapshot(of: site.outputPath)
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1))
        #expect(!siblings(of: site.outputPath).contains { $0.contains("staging") })
    }

    @Test func aFolderGalgenDidNotWriteIsNeverReplaced() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("precious", to: "public/notes.txt")
        let error = await buildError(site)
        #expect(error?.description.contains("was not written by galgen") == true)
        #expect(try site.directory.read("public/notes.txt") == Data("precious".utf8))
        let inside = await buildError(site, output: site.directory.path)
        #expect(inside?.description.contains("contains") == true)
    }

    @Test func rebuildsReplaceTheWholeFolderAndDropStaleFiles() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        _ = try await build(site)
        #expect(site.directory.exists("public/things/item-2/index.html"))
        try site.writeRecords(#"[{"id": "only", "title": "Only", "image": "images/0.jpg"}]"#)
        _ = try await build(site)
        #expect(!site.directory.exists("public/things/item-2/index.html"))
        #expect(site.directory.exists("public/things/only/index.html"))
        #expect(site.directory.exists("public/.galgen-output"))
    }

    @Test func leftoversOfKilledBuildsAreRemoved() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("half", to: ".public.staging-999999/index.html")
        try site.directory.write("half", to: ".public.staging-12/index.html")
        _ = try await build(site, alive: { $0 == 12 })
        let names = siblings(of: site.outputPath)
        #expect(!names.contains(".public.staging-999999"))
        #expect(names.contains(".public.staging-12"))  // a build that is still running keeps its folder
    }

    @Test func aReplacedSiteIsKeptAsTheSpareOnlyWhenItsFilesAreKnown() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        try site.directory.write("old", to: ".public.old-7-999999/index.html")  // left by a killed build
        _ = try await build(site, alive: { $0 != 999999 })
        // A full build makes its own spare (the published site as hard links).
        #expect(siblings(of: site.outputPath).filter { $0.hasPrefix(".public.") } == [".public.lock", ".public.spare"])
        try site.directory.write("<p>second</p>\n", to: "Templates/footer.mustache")
        var options = BuildOptions(configPath: site.configPath, jobs: 2)
        options.clean = true  // nothing on disk is trusted: the replaced site is removed, not kept
        let report = try await SiteBuilder(options: options, environment: environment()).build()
        #expect(report.output?.reason == "--clean")
        #expect(try String(contentsOfFile: site.outputPath + "/index.html", encoding: .utf8).contains("<p>second</p>"))
        // The replaced site is gone; the spare is made from the new one.
        #expect(siblings(of: site.outputPath).filter { $0.hasPrefix(".public.") } == [".public.lock", ".public.spare"])
        #expect(try String(contentsOfFile: site.directory.path + "/.public.spare/index.html", encoding: .utf8).contains("<p>second</p>"))
        try site.directory.write("<p>third</p>\n", to: "Templates/footer.mustache")
        _ = try await build(site)
        #expect(siblings(of: site.outputPath).filter { $0.hasPrefix(".public.") } == [".public.lock", ".public.spare"])
        #expect(try String(contentsOfFile: site.outputPath + "/.galgen-output", encoding: .utf8)
            == (try String(contentsOfFile: site.directory.path + "/.public.spare/.galgen-output", encoding: .utf8)))
    }

    @Test func badRecordsAreRenderedOrReportedNeverLost() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        try site.directory.write("<html>not an image</html>", to: "images/fake.jpg")
        try site.writeRecords("""
            [{"id": "a", "title": "<script>alert(1)</script>", "image": "images/0.jpg", "link": "javascript:alert(1)"},
             {"id": "a", "title": "dup"},
             {"title": "no id"},
             {"id": "b", "title": "missing file", "image": "images/nope.jpg"},
             {"id": "c", "title": "html bytes", "image": "images/fake.jpg"},
             {"id": "d", "image": "images/1.jpg"}]
            """)
        let report = try await build(site)
        #expect(report.records == 4)
        #expect(report.diagnostics.map(\.code).sorted() == ["image.failed", "image.failed", "record.bad-link", "record.duplicate-id",
                                                             "record.missing-id", "record.missing-title"])
        #expect(report.diagnostics.contains { $0.message.contains("not an image: the bytes are an HTML page") })
        #expect(report.diagnostics.contains { $0.message.contains("images/nope.jpg: cannot read the image") })
        let gallery = String(decoding: try site.directory.read("public/things/index.html"), as: UTF8.self)
        #expect(gallery.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !gallery.contains("<script>"))
        #expect(gallery.components(separatedBy: "placeholder-").count - 1 == 2)
        #expect(!String(decoding: try site.directory.read("public/things/a/index.html"), as: UTF8.self).contains("javascript:"))
    }
}
