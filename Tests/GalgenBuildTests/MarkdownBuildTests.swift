import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// The words a photographer writes in sidecars and `index.md` files, through whole folder builds:
/// whatever they hold, the site publishes (the build's validator passes every page), images of the tree
/// and of other sites are shown as images, links reach their pages, and every problem is a warning
/// named by the Markdown file and line.
struct MarkdownBuildTests {
    private static func jpeg(_ i: Int, width: Int = 400, height: Int = 300) throws -> Data {
        try JPEGCodec.encode(Painter.solid(width: width, height: height, rgb: (UInt8(40 * (i % 6)), 120, 90)), quality: 80)
    }

    /// A folder site `trip` over `photos/` (Coast/IMG_0042.jpg, Coast/door-knocker.jpg, Hills/hill.jpg, map.jpg), and a
    /// second folder source `raw` with `"html": true` over `raw/`; each Markdown file as given.
    private func site(_ markdown: [String: String], raw: [String: String] = [:]) throws -> FixtureSite {
        let site = try FixtureSite(count: 0)
        for (i, name) in ["photos/Coast/IMG_0042.jpg", "photos/Coast/door-knocker.jpg", "photos/Hills/hill.jpg", "photos/map.jpg",
                          "raw/r.jpg"].enumerated() {
            try site.directory.write(try Self.jpeg(i, width: i == 2 ? 300 : 400, height: i == 2 ? 450 : 300), to: name)
        }
        for (name, text) in markdown { try site.directory.write(text, to: "photos/" + name) }
        for (name, text) in raw { try site.directory.write(text, to: "raw/" + name) }
        try site.writeConfig(sources: """
            [{"name": "trip", "title": "Trip", "type": "folder", "path": "photos"},
             {"name": "raw", "title": "Raw", "type": "folder", "path": "raw", "html": true}]
            """, extra: #""formats": ["webp", "jpeg"], "imageWidths": [100, 200], "fetch": {"connectTimeout": 1, "retries": 0, "idleTimeout": "5s", "totalTimeout": "20s"}"#)
        return site
    }

    private func page(_ site: FixtureSite, _ path: String) throws -> String {
        String(decoding: try site.directory.read("public/" + path), as: UTF8.self)
    }

    /// The warnings, as `subject: message`.
    private func warnings(_ report: BuildReport) -> [String] {
        report.diagnostics.filter { $0.code.hasPrefix("description.") }.map { "\($0.subject): \($0.message)" }
    }

    @Test func imagesOfTheTreeAndLinksToItsPagesAreShownAndBadOnesNamedByLine() async throws {
        let site = try site(["index.md": """
            Title: Trip to the Alps

            See ![the cliffs](Coast/IMG_0042.jpg "Cliffs") and ![the map](map.jpg).
            A [walk in the hills](Hills/) and [the door](Coast/door-knocker.jpg), [home](./).
            [evil](javascript:alert(1)) and ![x](data:text/html,hi) and [empty]().
            ![gone](nothere.jpg) and [top](#top) and ![an album](Hills/) and [out](../../etc/passwd).
            """, "Coast/IMG_0042.md": "---\ntitle: Cliffs\n---\n\nBack [up](../) or to [the hill](/Hills/hill.jpg).\n"])
        defer { site.directory.remove() }
        let report = try await build(site)
        let top = try page(site, "trip/index.html")
        #expect(top.contains(#"<a class="photo-link" href="../trip/coast/img-0042/"><picture><source type="image/webp""#))
        #expect(top.contains(#"alt="the cliffs" loading="lazy" decoding="async""#) && top.contains(#"width="200" height="150""#))
        #expect(top.contains(#"<a href="../trip/hills/">walk in the hills</a>"#))
        #expect(top.contains(#"<a href="../trip/coast/door-knocker/">the door</a>"#) && top.contains(#"<a href="../trip/">home</a>"#))
        #expect(top.contains("evil and x and empty.") && top.contains("gone and top and an album and out."))
        #expect(!top.contains(#"href="""#) && !top.contains(#"src="""#) && !top.contains("javascript") && !top.contains("data:"))
        let cliffs = try page(site, "trip/coast/img-0042/index.html")
        #expect(cliffs.contains(#"Back <a href="../../../trip/">up</a> or to <a href="../../../trip/hills/hill/">the hill</a>."#))
        #expect(warnings(report) == [
            "photos/index.md:5: link to an unsafe URL (javascript:); its text is shown",
            "photos/index.md:5: image to an unsafe URL (data:); its alt text is shown",
            "photos/index.md:5: link with no destination; its text is shown",
            "photos/index.md:6: image to nothere.jpg, which names no photo, video or album of the gallery; its alt text is shown",
            "photos/index.md:6: link to #top, an anchor a description cannot know (its page's ids are the theme's); its text is shown",
            "photos/index.md:6: image of Hills/, which is an album, not a photo; its alt text is shown",
            "photos/index.md:6: link to ../../etc/passwd, which leads out of the source's folder; its text is shown",
        ])
        #expect(report.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func remoteImagesAreMadeLikeRecordImagesOrLinkedWhenTheyFail() async throws {
        let host = try FixtureServer(imageCount: 2)
        let site = try site(["Coast/door-knocker.md": """
            A remote ![door](\(host.url("/cdn/1.jpg"))) and a missing one:
            ![lost map](\(host.url("/nothing/here.png"))), and [![linked](\(host.url("/nothing/else.png")))](https://example.org/).
            """])
        defer { site.directory.remove() }
        let report = try await build(site)
        let door = try page(site, "trip/coast/door-knocker/index.html")
        #expect(door.contains(#"<picture><source type="image/webp" srcset="../../../img/"#) && door.contains(#"alt="door""#))
        #expect(!door.contains("/cdn/1.jpg"))  // the image the build made, not the other site's
        #expect(door.contains(#"<a href="\#(host.url("/nothing/here.png"))">lost map</a>"#))
        #expect(door.contains(#"<a href="https://example.org/">linked</a>"#))
        let named = warnings(report)
        #expect(named.count == 2 && named.allSatisfy { $0.hasPrefix("photos/Coast/door-knocker.md:2: image http://127.0.0.1:") })
        #expect(named.first?.hasSuffix("a link to it is shown") == true && named.last?.hasSuffix("its alt text is shown") == true)
        #expect(report.images.failed == 2)
        // Warm: the made image comes from the cache, the page is the same.
        let again = try await build(site)
        #expect(try page(site, "trip/coast/door-knocker/index.html") == door && again.images.decoded == 0)
    }

    @Test func rawHTMLIsEscapedUnlessAllowedAndThenOnlyWhenValid() async throws {
        let long = (0..<5_000).map { ["light", "*stone*", "water", "[hill](./)", "cloud"][$0 % 5] }.joined(separator: " ")
        let site = try site(["Hills/hill.md": "Title: Hill\n\nSome *unclosed emphasis and <b>bold</b> <script>alert(1)</script>\n\n" + long],
                            raw: ["index.md": "Title: Raw\n\nFine <b>bold</b> and <em>em</em>.\n",
                                  "s.md": "Title: S\n\n<span id=\"main\">an id the page has</span>\n",
                                  "r.md": "Title: R\n\nBroken <div><b>bold</div> and a [link](./)\n\n<script>alert(1)</script>\n"])
        defer { site.directory.remove() }
        try site.directory.write(try Self.jpeg(8), to: "raw/s.jpg")
        let report = try await build(site)
        let hill = try page(site, "trip/hills/hill/index.html")
        #expect(hill.contains("Some *unclosed emphasis and &lt;b&gt;bold&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(hill.components(separatedBy: #"<a href="../../../trip/hills/">hill</a>"#).count == 1_001)
        #expect(try page(site, "raw/index.html").contains("Fine <b>bold</b> and <em>em</em>."))
        let r = try page(site, "raw/r/index.html")
        #expect(r.contains("Broken &lt;div&gt;&lt;b&gt;bold&lt;/div&gt; and a <a href=\"../../raw/\">link</a>"))
        #expect(!r.contains("<script>alert") && r.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let named = warnings(report)
        #expect(named == ["raw/r.md:3: its HTML is shown as text: <script> is not allowed in a description (and 5 more)",
                          "raw/s.md:3: its HTML is shown as text: an id attribute is not allowed in a description (it could repeat one of the page's)"],
                "\(named)")
        #expect(try page(site, "raw/s/index.html").contains("&lt;span id=&quot;main&quot;&gt;an id the page has&lt;/span&gt;"))
    }

    @Test func controlCharactersAndNoncharactersNeverStopThePublish() async throws {
        // They stopped the build (the page was not well-formed XML) before cmark's output was cleaned.
        // An album's title from its index.md, and a folder's name, too (they skipped the records' cleaning).
        let site = try site(["Hills/hill.md": "Title: Hill\n\nA bell \u{07}, a \u{01} and \u{0B}, \u{85} and &#1; \u{FFFE} [l](a\u{01}b).\n",
                             "Hills/index.md": "Title: The \u{07}hills\u{FFFE}\n\nText.\n"])
        defer { site.directory.remove() }
        try site.directory.write(try Self.jpeg(7), to: "photos/Odd\u{01}\u{1F}name/x.jpg")
        let report = try await build(site)
        let hill = try page(site, "trip/hills/hill/index.html")
        #expect(hill.contains("A bell , a  and ,  and  "), "\(hill)")
        #expect(try page(site, "trip/hills/index.html").contains("<h1>The hills</h1>"))
        #expect(try page(site, "trip/odd-name/index.html").contains("<h1>Odd name</h1>"))
        #expect(report.diagnostics.contains { $0.code == "record.bad-image" && $0.subject.contains("x.jpg") })
    }

    @Test func aFolderSourceGroupedByAFieldNamesItsDescriptionsProblemsToo() async throws {
        let site = try site(["map.md": "Title: Map\n\nSee [evil](javascript:alert(1)) and [the hills](Hills/).\n"])
        defer { site.directory.remove() }
        try site.writeConfig(sources: #"[{"name": "trip", "title": "Trip", "type": "folder", "path": "photos", "groupBy": {"field": "taken", "by": "year"}}]"#,
                             extra: #""formats": ["jpeg"], "imageWidths": [100]"#)
        let report = try await build(site)
        // Grouped by year, the items are in no folder album: the link to one names nothing and is text.
        #expect(warnings(report) == ["photos/map.md:3: link to an unsafe URL (javascript:); its text is shown",
                                     "photos/map.md:3: link to Hills/, which names no photo, video or album of the gallery; its text is shown"])
    }

    @Test func theSameInputsGiveTheSameSiteAndAChangedPhotoChangesTheDescription() async throws {
        let site = try site(["index.md": "Title: T\n\n![m](map.jpg)\n"])
        defer { site.directory.remove() }
        _ = try await build(site)
        let first = try page(site, "trip/index.html")
        _ = try await build(site)
        #expect(try page(site, "trip/index.html") == first)
        try site.directory.write(try Self.jpeg(5, width: 500, height: 250), to: "photos/map.jpg")
        _ = try await build(site)
        let changed = try page(site, "trip/index.html")
        #expect(changed != first && changed.contains(#"width="200" height="100""#))
    }
}
