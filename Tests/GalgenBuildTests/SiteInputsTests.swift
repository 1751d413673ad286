import Foundation
@testable import GalgenBuild
import GalgenCore
import GalgenImaging
@testable import GalgenOutput
@testable import GalgenRecords
import GalgenTestSupport
import Testing

/// A no-op proven by the record of the site's inputs (``SiteInputs``, ``InputsRecord``): taken
/// only when nothing the site is made from changed, never after an edit, and never on a record
/// that is missing, damaged, foreign or of another build.
@Suite(.serialized)
struct SiteInputsTests {
    static let proven = "proven unchanged by the record of the site's inputs"
    static let changed = "computed: the site's inputs changed"

    /// The record of the inputs of the site's published folder.
    static func recordPath(_ site: FixtureSite) throws -> String {
        let identity = try #require(LocalFileSystem().identity(at: site.outputPath))
        return InputsRecord.path(manifest: OutputManifest.path(cache: site.cachePath, output: site.outputPath, identity: identity))
    }

    /// Builds, expects the keys to be known as `keys` says and the site to equal a clean build.
    @discardableResult
    static func expectBuild(_ site: FixtureSite, _ step: String, keys: String, fresh: inout Int) async throws -> BuildReport {
        let report = try await IncrementalBuildTests.buildAndCompare(site, step, fresh: &fresh)
        #expect(report.output?.keys == keys, "\(step): \(String(describing: report.output))")
        #expect(report.output?.full == false, "\(step)")
        return report
    }

    @Test func aNoOpIsProvenAndNoEditIsTakenForOne() async throws {
        let site = try FixtureSite(count: 5, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        let first = try await IncrementalBuildTests.buildAndCompare(site, "first", fresh: &fresh)
        #expect(first.output?.keys == "computed: first build")
        let before = try IncrementalBuildTests.stamps(site.outputPath)
        let noop = try await Self.expectBuild(site, "no-op", keys: Self.proven, fresh: &fresh)
        #expect(try IncrementalBuildTests.stamps(site.outputPath) == before)
        #expect(noop.output?.rendered == 0 && noop.output?.unchanged == before.count && noop.output?.removed == 0)
        #expect(noop.pages == first.pages && noop.dataFiles == first.dataFiles && noop.assets == first.assets)
        let pages = try #require(noop.steps.first { $0.name == "pages" })
        #expect(pages.rendered == 0 && pages.unchanged == noop.pages)

        let item = try String(contentsOfFile: Repository.templates + "/item.mustache", encoding: .utf8)
        let edits: [(String, () throws -> Void)] = [
            ("a record", {
                let records = try String(contentsOfFile: site.directory.path + "/records.json", encoding: .utf8)
                try site.writeRecords(records.replacingOccurrences(of: "\"Item 2\"", with: "\"Item two\""))
            }),
            ("a template", { try site.directory.write(item.replacingOccurrences(of: "</main>", with: "<p>new</p></main>"),
                                                      to: "Templates/item.mustache") }),
            ("the config", { try site.writeConfig(extra: #""pageSize": 3"#) }),
            ("an image", {
                let picture = Painter.portrait(width: 240, height: 180, hue: 200, shade: 0.4)
                try site.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/1.jpg")
            }),
            ("a theme file", { try site.directory.write("body { color: #123; }\n", to: "assets/style.css") }),
            ("the locale's messages", { try site.directory.write(#"{"skipToContent": "Jump to the content"}"#, to: "i18n/en.json") }),
        ]
        for (what, edit) in edits {
            try edit()
            let report = try await Self.expectBuild(site, "after \(what)", keys: Self.changed, fresh: &fresh)
            #expect((report.output?.rendered ?? 0) > 0, "\(what): \(String(describing: report.output))")
            try await Self.expectBuild(site, "no-op after \(what)", keys: Self.proven, fresh: &fresh)
        }

        // Inputs that changed without changing a file: computed, nothing written, then proven again.
        try site.writeConfig(extra: #""pageSize":   3"#)
        let same = try await Self.expectBuild(site, "config spacing", keys: Self.changed, fresh: &fresh)
        #expect(same.output?.rendered == 0)
        try await Self.expectBuild(site, "no-op after config spacing", keys: Self.proven, fresh: &fresh)
    }

    @Test func aMissingDamagedOrForeignRecordMeansEveryKeyComputed() async throws {
        let site = try FixtureSite(count: 4, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await IncrementalBuildTests.buildAndCompare(site, "first", fresh: &fresh)
        try await Self.expectBuild(site, "no-op", keys: Self.proven, fresh: &fresh)
        let record = try InputsRecord.decode(try Data(contentsOf: URL(fileURLWithPath: try Self.recordPath(site))),
                                             version: GalgenVersion.current)

        // Each is a state that proves nothing: the keys are computed, nothing changes, and the
        // record is written again, so the next no-op is proven.
        let states: [(String, String, (String) throws -> Void)] = [
            ("missing", "computed: no record of the site's inputs", { try FileManager.default.removeItem(atPath: $0) }),
            ("damaged", "computed: the record of the site's inputs is damaged (its checksum does not match)", { path in
                var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                bytes[bytes.count / 2] ^= 0x01
                try bytes.write(to: URL(fileURLWithPath: path))
            }),
            ("truncated", "computed: the record of the site's inputs is damaged (truncated)", { path in
                try Data(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(40)).write(to: URL(fileURLWithPath: path))
            }),
            ("of another version", "computed: the record of the site's inputs is of galgen 0.0.1", { path in
                var foreign = record
                foreign.version = "0.0.1"
                try foreign.encode().write(to: URL(fileURLWithPath: path))
            }),
            ("of another manifest", "computed: the record of the site's inputs is of another build of it", { path in
                var foreign = record
                foreign.manifest = String(repeating: "0", count: 64)
                try foreign.encode().write(to: URL(fileURLWithPath: path))
            }),
            ("of other inputs", Self.changed, { path in
                var foreign = record
                foreign.inputs = OutputKey(high: record.inputs.high ^ 1, low: record.inputs.low)
                try foreign.encode().write(to: URL(fileURLWithPath: path))
            }),
        ]
        for (what, keys, damage) in states {
            try damage(try Self.recordPath(site))
            let report = try await Self.expectBuild(site, "record \(what)", keys: keys, fresh: &fresh)
            #expect(report.output?.rendered == 0 && report.output?.removed == 0, "\(what)")
            try await Self.expectBuild(site, "no-op after a record \(what)", keys: Self.proven, fresh: &fresh)
        }

        // A published file changed by hand: not proven, the file is made again.
        try Data("<!-- hand edit -->".utf8).write(to: URL(fileURLWithPath: site.outputPath + "/things/index.html"))
        let edited = try await Self.expectBuild(site, "hand edit", keys: "computed: files of the published site changed since they were written",
                                                fresh: &fresh)
        #expect(edited.output?.rendered == 1)
        try await Self.expectBuild(site, "no-op after a hand edit", keys: Self.proven, fresh: &fresh)

        // --clean trusts nothing: every key computed and every file written.
        let clean = try await SiteBuilder(options: { var o = BuildOptions(configPath: site.configPath, jobs: 2); o.clean = true; return o }(),
                                          environment: environment(), session: nil).build()
        #expect(clean.output?.keys == "computed: --clean" && clean.output?.full == true)
        try await Self.expectBuild(site, "no-op after --clean", keys: Self.proven, fresh: &fresh)
    }

    /// A folder source: photos in albums, an album's `index.md`, a photo's sidecar, album downloads and a
    /// video (an unreadable one is published as it is, keyed by its stamp). A no-op is proven; each kind of
    /// edit of the tree is not, and gives the site a clean build gives.
    @Test func aFolderSiteNoOpIsProvenAndEveryEditOfTheTreeIsNot() async throws {
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        func photo(_ i: Int) throws -> Data {
            try JPEGCodec.encode(Painter.solid(width: 120 + 8 * i, height: 90, rgb: (UInt8(30 * (i % 8)), 90, 200)), quality: 80)
        }
        for (i, name) in ["a.jpg", "Day 1/b.jpg", "Day 1/c.jpg", "Day 2/d.jpg"].enumerated() {
            try site.directory.write(try photo(i), to: "photos/" + name)
        }
        try site.directory.write("Title: The first day\nThumbnail: c.jpg\n\nWe *walked*.\n", to: "photos/Day 1/index.md")
        try site.directory.write("Title: Bee\n\nA caption.", to: "photos/Day 1/b.md")
        try site.directory.write("not really a video", to: "photos/Day 2/clip.mp4")
        try site.writeConfig(sources: #"[{"name": "trip", "title": "Trip", "type": "folder", "path": "photos", "download": "originals"}]"#)
        var fresh = 0
        let first = try await IncrementalBuildTests.buildAndCompare(site, "first", fresh: &fresh)
        #expect(first.output?.keys == "computed: first build")
        #expect(first.diagnostics.contains { $0.code == "video.unreadable" }, "the video is a record, published as it is")
        let before = try IncrementalBuildTests.stamps(site.outputPath)
        let noop = try await Self.expectBuild(site, "no-op", keys: Self.proven, fresh: &fresh)
        #expect(try IncrementalBuildTests.stamps(site.outputPath) == before)
        #expect(noop.pages == first.pages && noop.output?.rendered == 0)
        #expect(noop.diagnostics.contains { $0.code == "video.unreadable" }, "a proven no-op still names what it could not read")

        let root = site.directory.path + "/photos/"
        let edits: [(String, () throws -> Void)] = [
            ("a photo added", { try photo(7).write(to: URL(fileURLWithPath: root + "Day 2/e.jpg")) }),
            ("a sidecar", { try site.directory.write("Title: Bumblebee\n\nA caption.", to: "photos/Day 1/b.md") }),
            ("an album's index.md", { try site.directory.write("Title: Day one\nThumbnail: c.jpg\n\nWe *walked*.\n",
                                                               to: "photos/Day 1/index.md") }),
            ("the video", { try site.directory.write("still not a video, but longer", to: "photos/Day 2/clip.mp4") }),
            ("a photo's bytes", { try photo(9).write(to: URL(fileURLWithPath: root + "Day 1/c.jpg")) }),
            ("a photo renamed", { try FileManager.default.moveItem(atPath: root + "a.jpg", toPath: root + "Day 2/a2.jpg") }),
            ("a photo removed", { try FileManager.default.removeItem(atPath: root + "Day 2/d.jpg") }),
        ]
        for (what, edit) in edits {
            try edit()
            // The published video is a link to its file where both are on one disk: written in place, it is a
            // published file changed as well, and that may be the reason given.
            let report = try await IncrementalBuildTests.buildAndCompare(site, "after \(what)", fresh: &fresh)
            let reasons = what == "the video" ? [Self.changed, "computed: files of the published site changed since they were written"]
                : [Self.changed]
            #expect(reasons.contains(report.output?.keys ?? ""), "\(what): \(String(describing: report.output))")
            #expect(report.output?.full == false, "\(what)")
            #expect((report.output?.rendered ?? 0) > 0, "\(what): \(String(describing: report.output))")
            try await Self.expectBuild(site, "no-op after \(what)", keys: Self.proven, fresh: &fresh)
        }
        // Files that are no photo change only the report's counts: still a no-op, and the report counts them.
        try site.directory.write("notes", to: "photos/notes.txt")
        try site.directory.write("x", to: "photos/Day 1/.hidden")
        let stray = try await Self.expectBuild(site, "no-op after files that are no photo", keys: Self.proven, fresh: &fresh)
        #expect(stray.folders.first?.otherFiles == 1 && stray.folders.first?.hidden == 1, "\(stray.folders)")
    }

    @Test func everyFolderPropertyIsFedOrDeclined() {
        let summary = Mirror(reflecting: FolderSummary()).children.compactMap(\.label)
        #expect(Set(summary) == Set(SiteInputs.fedFolderProperties + SiteInputs.unfedFolderProperties))
        let album = Mirror(reflecting: FolderAlbum(path: "", slugPath: "", title: "")).children.compactMap(\.label)
        #expect(Set(album) == Set(SiteInputs.fedAlbumProperties))
    }

    @Test func everyRecordPropertyIsFedOrDeclined() {
        // A property added to Record must be fed into the inputs' digest (or declined, or shown nowhere).
        let names = Mirror(reflecting: Record(id: "a", slug: "a", title: "a", origin: "o")).children.compactMap(\.label)
        #expect(Set(names) == Set(SiteInputs.fedRecordProperties + SiteInputs.unfedRecordProperties))
        #expect(Set(SiteInputs.fedRecordProperties).isDisjoint(with: SiteInputs.unfedRecordProperties))
    }
}
