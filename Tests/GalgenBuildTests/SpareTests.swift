import Foundation
@testable import GalgenBuild
import GalgenCore
import GalgenImaging
@testable import GalgenOutput
import GalgenTestSupport
import Testing

/// A full build leaves a spare beside the output folder (the published site as hard links, with a
/// record of its own), so the first edit after it edits the spare like every later one; a spare
/// half made or made but not recorded (a build killed after its publish) is never trusted. And
/// incremental builds equal clean ones after each kind of edit, folder sources included.
@Suite(.serialized)
struct SpareTests {
    /// The fixture's records (as ``FixtureSite`` writes them), one title changed when asked.
    private static func records(_ count: Int, editing edited: Int? = nil) -> String {
        "[" + (0..<count).map { #"{"id": "item-\#($0)", "title": "\#($0 == edited ? "Edited" : "Item") \#($0)", "image": "images/\#($0).jpg"}"# }
            .joined(separator: ",") + "]"
    }

    private static func inode(_ path: String) -> UInt64 {
        var st = stat()
        return lstat(path, &st) == 0 ? UInt64(st.st_ino) : 0
    }

    @Test func aFullBuildLeavesASpareAndTheFirstEditEditsIt() async throws {
        let site = try FixtureSite(count: 6, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await IncrementalBuildTests.buildAndCompare(site, "first build", fresh: &fresh)
        let spare = site.directory.path + "/.public.spare"
        // The spare is the published site, file for file the same inodes.
        let published = try IncrementalBuildTests.stamps(site.outputPath), spared = try IncrementalBuildTests.stamps(spare)
        #expect(!published.isEmpty && published == spared)
        #expect(!siblings(of: site.outputPath).contains { $0.contains(".spare-") || $0.contains(".staging-") })
        let spareFolder = Self.inode(spare), kept = Self.inode(site.outputPath + "/things/item-5/index.html")

        try site.writeRecords(Self.records(6, editing: 2))
        let report = try await IncrementalBuildTests.buildAndCompare(site, "first edit", fresh: &fresh)
        #expect(report.output?.full == false)
        // The spare was edited and swapped in (no fresh folder): the output folder is the old spare,
        // and a page the edit does not touch is the very file it was.
        #expect(Self.inode(site.outputPath) == spareFolder)
        #expect(Self.inode(site.outputPath + "/things/item-5/index.html") == kept)
    }

    @Test func underCIAFullBuildMakesNoSpareAndAnEditIsStillRight() async throws {
        let site = try FixtureSite(count: 6, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var ci = environment()
        ci.variable = { $0 == "CI" ? "true" : nil }
        func build() async throws -> BuildReport {
            try await SiteBuilder(options: BuildOptions(configPath: site.configPath, jobs: 2), environment: ci).build()
        }
        let first = try await build()
        #expect(first.output?.full == true)
        let spare = site.directory.path + "/.public.spare"
        #expect(FileManager.default.fileExists(atPath: site.outputPath + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: spare), "a build under CI made a spare")
        #expect(!siblings(of: site.outputPath).contains { $0.contains(".spare") || $0.contains(".staging-") })
        // An edit there still gives the clean build's site (without a spare it links into a fresh folder).
        try site.writeRecords(Self.records(6, editing: 1))
        let edit = try await build()
        #expect(edit.output?.full == false)
        var fresh = 0
        let report = try await IncrementalBuildTests.buildAndCompare(site, "after CI", fresh: &fresh)
        #expect(report.output?.rendered == 0)
    }

    @Test func aSpareHalfMadeOrNotRecordedIsNeverTrusted() async throws {
        let site = try FixtureSite(count: 6, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await IncrementalBuildTests.buildAndCompare(site, "first build", fresh: &fresh)
        let spare = site.directory.path + "/.public.spare"
        // Killed after renaming the spare, before recording it: no record, and a file in it replaced.
        let identity = try #require(LocalFileSystem().identity(at: spare))
        try FileManager.default.removeItem(atPath: OutputManifest.path(cache: site.cachePath, output: site.outputPath, identity: identity))
        try FileManager.default.removeItem(atPath: spare + "/things/item-5/index.html")
        try site.directory.write("<p>stale</p>", to: ".public.spare/things/item-5/index.html")
        // And one killed while linking (its process is gone).
        try site.directory.write("<p>half</p>", to: ".public.spare-999999/index.html")
        try site.writeRecords(Self.records(6, editing: 3))
        let report = try await IncrementalBuildTests.buildAndCompare(site, "untrusted spare", fresh: &fresh)
        #expect(report.output?.full == false)
        _ = try await build(site, alive: { $0 != 999999 })  // the half-made spare's process is gone: removed
        #expect(!siblings(of: site.outputPath).contains { $0.contains(".spare-") || $0.contains(".staging-") || $0.contains(".old-") })
        try site.writeRecords(Self.records(6))
        try await IncrementalBuildTests.buildAndCompare(site, "edit after it", fresh: &fresh)
    }

    @Test func eachKindOfEditEqualsACleanBuild() async throws {
        let site = try FixtureSite(count: 5, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await IncrementalBuildTests.buildAndCompare(site, "first build", fresh: &fresh)
        try site.writeRecords(Self.records(5, editing: 1))
        try await IncrementalBuildTests.buildAndCompare(site, "a record", fresh: &fresh)
        try site.directory.write("<p>edited footer</p>\n", to: "Templates/footer.mustache")
        try await IncrementalBuildTests.buildAndCompare(site, "a template", fresh: &fresh)
        let picture = Painter.portrait(width: 200, height: 150, hue: 200, shade: 0.4)
        try site.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/2.jpg")
        try await IncrementalBuildTests.buildAndCompare(site, "a picture", fresh: &fresh)
        try site.writeConfig(extra: #""pageSize": 3"#)
        try await IncrementalBuildTests.buildAndCompare(site, "the config", fresh: &fresh)
    }

    @Test func photosAddedRemovedOrRenamedInAFolderSourceEqualACleanBuild() async throws {
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        func photo(_ i: Int) throws -> Data {
            try JPEGCodec.encode(Painter.solid(width: 120 + 8 * i, height: 90, rgb: (UInt8(30 * i), 90, 200)), quality: 80)
        }
        for i in 0..<4 { try site.directory.write(try photo(i), to: "photos/\(i < 2 ? "one" : "two")/p\(i).jpg") }
        try site.writeConfig(sources: #"[{"name": "trip", "title": "Trip", "type": "folder", "path": "photos"}]"#)
        var fresh = 0
        try await IncrementalBuildTests.buildAndCompare(site, "first build", fresh: &fresh)
        try site.directory.write(try photo(5), to: "photos/two/p5.jpg")
        try await IncrementalBuildTests.buildAndCompare(site, "a photo added", fresh: &fresh)
        try FileManager.default.removeItem(atPath: site.directory.path + "/photos/one/p1.jpg")
        try await IncrementalBuildTests.buildAndCompare(site, "a photo removed", fresh: &fresh)
        try FileManager.default.moveItem(atPath: site.directory.path + "/photos/two/p2.jpg", toPath: site.directory.path + "/photos/one/renamed.jpg")
        try await IncrementalBuildTests.buildAndCompare(site, "a photo renamed", fresh: &fresh)
    }
}
