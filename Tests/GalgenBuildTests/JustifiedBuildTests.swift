import Foundation
import GalgenBuild
import GalgenImaging
import GalgenRendering
import GalgenTestSupport
import Testing

/// Justified rows (`layout`, issue 44) through whole builds: a folder source gets them by default and a
/// JSON source the square grid; each picture's shape reaches the page (`--a`) and the manifest (`aspects`)
/// as the same 64ths; an album's `Layout:` overrides its source's, a bad one is named; the output is the
/// same on every build.
struct JustifiedBuildTests {
    /// Photos of known shapes: 3:2, 2:3, square, 5:1 (past the 4:1 kept) and 4:3.
    private static let shapes: [(String, Int, Int)] = [("wide", 300, 200), ("tall", 200, 300), ("square", 160, 160),
                                                       ("panorama", 500, 100), ("four-three", 320, 240)]

    private func folderSite(extra: String = "", index: String? = nil) throws -> FixtureSite {
        let site = try FixtureSite(count: 0, config: #""formats": ["jpeg"], "imageWidths": [100, 400]"#)
        for (i, (name, w, h)) in Self.shapes.enumerated() {
            let pixels = Painter.solid(width: w, height: h, rgb: (UInt8(40 * i), 120, 200))
            try site.directory.write(try JPEGCodec.encode(pixels, quality: 80), to: "photos/\(name).jpg")
            try site.directory.write(try JPEGCodec.encode(pixels, quality: 80), to: "photos/sub/\(name).jpg")
            // Pinned file times: without a date taken a photo's date is its file's, which is on the page, so
            // two sites written a second apart (a loaded machine) would differ.
            for path in ["photos/\(name).jpg", "photos/sub/\(name).jpg"] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(i))],
                                                      ofItemAtPath: site.directory.path + "/" + path)
            }
        }
        if let index { try site.directory.write(index, to: "photos/sub/index.md") }
        try site.writeConfig(sources: #"[{"name": "trip", "type": "folder", "path": "photos"\#(extra)}]"#,
                             extra: #""formats": ["jpeg"], "imageWidths": [100, 400]"#)
        return site
    }

    private func text(_ site: FixtureSite, _ path: String) throws -> String {
        String(decoding: try site.directory.read("public/" + path), as: UTF8.self)
    }

    private func manifest(_ site: FixtureSite, _ collection: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: site.directory.read("public/data/\(collection)/manifest.json")) as? [String: Any])
    }

    /// The `--a` of each cell of a gallery page, in page order.
    private func cellShapes(_ html: String) -> [String] {
        html.components(separatedBy: #"style="--a: "#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func aFolderSourceIsJustifiedAndEveryShapeReachesThePageAndTheManifest() async throws {
        let site = try folderSite()
        defer { site.directory.remove() }
        _ = try await build(site)
        let page = try text(site, "trip/index.html")
        #expect(page.contains(#"<ul class="grid justified held" id="grid""#))
        // The held grid shows once the marker after it is parsed (style.css): both on the page, in that order.
        let end = try #require(page.range(of: #"<div class="grid-end" hidden="hidden"></div>"#), "the marker after a held grid")
        let grid = try #require(page.range(of: #"id="grid""#))
        #expect(try #require(page.range(of: "</ul>", range: grid.upperBound..<page.endIndex)).upperBound <= end.lowerBound)
        // One per photo (their order follows the files' times here: none has a date taken).
        #expect(cellShapes(page).sorted() == ["0.671875", "1", "1.328125", "1.5", "4"])
        let m = try manifest(site, "trip")
        #expect(m["layout"] as? String == "justified")
        let aspects = try #require(m["aspects"] as? String)
        let bytes = try #require(Data(base64Encoded: aspects))
        #expect(bytes.map { Int($0) + 16 }.sorted() == [43, 64, 85, 96, 256], "64ths, the panorama cut to 4:1")
        #expect(cellShapes(page).map { Int((Double($0)! * 64).rounded()) } == bytes.map { Int($0) + 16 }, "page and manifest agree")
        // Each cell's `sizes` is the width its row gives it, not the grid's columns.
        #expect(page.contains(#"sizes="(min-width: 1232px) 432px, (min-width: 700px) 360px, 180px""#), "the 3:2 photo")
        #expect(!page.contains("24vw"))
        #expect(try text(site, "trip/sub/index.html").contains(#"class="grid justified held""#), "albums take their source's layout")
    }

    @Test func aJSONSourceKeepsTheGridAndLayoutChoosesEitherWay() async throws {
        let json = try FixtureSite(count: 3, config: #""formats": ["jpeg"], "imageWidths": [100]"#)
        defer { json.directory.remove() }
        _ = try await build(json)
        let page = try text(json, "things/index.html")
        #expect(page.contains(#"<ul class="grid" id="grid""#) && !page.contains("--a:"))
        #expect(page.contains(#"sizes="\#(AspectRatio.gridSizes)""#))
        #expect(try manifest(json, "things")["aspects"] == nil)

        let grid = try folderSite(extra: #", "layout": "grid""#)
        defer { grid.directory.remove() }
        _ = try await build(grid)
        #expect(try text(grid, "trip/index.html").contains(#"<ul class="grid" id="grid""#))
        #expect(try manifest(grid, "trip")["layout"] == nil)
    }

    @Test func anAlbumsLayoutLineOverridesItsSourceAndABadOneIsNamed() async throws {
        let site = try folderSite(index: "Title: Sub\nLayout: Grid\n\nSquares here.\n")
        defer { site.directory.remove() }
        _ = try await build(site)
        #expect(try text(site, "trip/index.html").contains(#"class="grid justified held""#))
        #expect(try text(site, "trip/sub/index.html").contains(#"<ul class="grid" id="grid""#))

        let bad = try folderSite(index: "Layout: masonry\n")
        defer { bad.directory.remove() }
        let report = try await build(bad)
        let warning = try #require(report.diagnostics.first { $0.code == "album.layout" })
        #expect(warning.message.contains("\"masonry\"") && warning.subject.contains("sub/index.md"), "\(warning)")
        #expect(try text(bad, "trip/sub/index.html").contains(#"class="grid justified held""#), "kept its source's")
    }

    @Test func aBadLayoutStopsTheConfigWithTheChoices() async throws {
        let site = try folderSite(extra: #", "layout": "masonry""#)
        defer { site.directory.remove() }
        await #expect {
            _ = try await build(site)
        } throws: { error in
            let text = "\(error)"
            return text.contains("layout") && text.contains("\"grid\" or \"justified\"")
        }
    }

    @Test func theSameShapesOnEveryBuild() async throws {
        let one = try folderSite(), two = try folderSite()
        defer { one.directory.remove(); two.directory.remove() }
        _ = try await build(one)
        _ = try await build(two)
        let first = try FixtureSite.snapshot(of: one.outputPath)
        #expect(first.map(\.1) == (try FixtureSite.snapshot(of: two.outputPath)).map(\.1), "another cache: byte-identical")
        _ = try await build(one)
        #expect(first.map(\.1) == (try FixtureSite.snapshot(of: one.outputPath)).map(\.1), "warm: byte-identical")
    }
}
