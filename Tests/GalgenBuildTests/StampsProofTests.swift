import Foundation
@testable import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A no-op taken from the stamps of what the last build read (``StampsRecord``, issue 46): nothing
/// read or made when every file and folder is as it was; any edit of anything the site is made from
/// is seen, and the site is then what a clean build makes.
@Suite(.serialized)
struct StampsProofTests {
    /// Paths read during a build.
    final class Reads: Sendable {
        let paths = Mutex<[String]>([])
    }

    /// Waits until what was just written is older than a file-time tick can hide (a file changed just
    /// before a build looks at it proves nothing: no stamps are kept then, see `aFileChangedJustBeforeTheBuildIsNotTrusted`).
    static func settle() { Thread.sleep(forTimeInterval: Double(StampingFileSystem.Log.settled) / 1e9 + 0.02) }

    /// Builds as `galgen build` does (stamps trusted), into `output` (the site's `public` by default).
    static func build(_ site: FixtureSite, output: String? = nil, trustStamps: Bool = true, reads: Reads? = nil) async throws -> BuildReport {
        var environment = environment()
        environment.fileSystem = ObservedFileSystem(LocalFileSystem(), before: { operation, path throws(FileSystemError) in
            if operation == "read" { reads?.paths.withLock { $0.append(path) } }
        })
        var options = BuildOptions(configPath: site.configPath, outputDirectory: output, cacheDirectory: site.cachePath, jobs: 2)
        options.trustStamps = trustStamps
        return try await SiteBuilder(options: options, environment: environment).build()
    }

    /// Builds, then expects the site to equal a clean build of the same inputs.
    @discardableResult
    static func buildAndCompare(_ site: FixtureSite, _ step: String, fresh: inout Int, trustStamps: Bool = true) async throws -> BuildReport {
        let report = try await build(site, trustStamps: trustStamps)
        fresh += 1
        let reference = NSTemporaryDirectory() + "galgen-stamps-fresh-\(getpid())-\(fresh)"
        defer { try? FileManager.default.removeItem(atPath: reference) }
        let clean = try await build(site, output: reference, trustStamps: false)
        #expect(clean.output?.full == true)
        let a = try IncrementalBuildTests.tree(site.outputPath), b = try IncrementalBuildTests.tree(reference)
        #expect(a.keys.sorted() == b.keys.sorted(), "\(step): different files or folders")
        #expect(a.keys.filter { a[$0] != b[$0] }.sorted() == [], "\(step): different bytes")
        return report
    }

    @Test func aNoOpIsTakenFromTheStampsAndReadsNoInput() async throws {
        let site = try FixtureSite(count: 5, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        Self.settle()
        let first = try await Self.build(site)
        #expect(first.output?.keys == "computed: first build")
        let before = try IncrementalBuildTests.stamps(site.outputPath)
        let reads = Reads()
        let noop = try await Self.build(site, reads: reads)
        #expect(noop.output?.keys == StampsRecord.provenNote, "\(String(describing: noop.output))")
        #expect(try IncrementalBuildTests.stamps(site.outputPath) == before, "nothing written")
        #expect(noop.output?.rendered == 0 && noop.output?.unchanged == before.count)
        #expect(noop.pages == first.pages && noop.records == first.records && noop.dataFiles == first.dataFiles)
        #expect(noop.images.sources == first.images.sources && noop.images.decoded == 0 && noop.images.encoded == 0)
        #expect(noop.images.reused == first.images.encoded + first.images.reused)
        #expect(noop.published)
        let read = reads.paths.withLock { $0 }
        #expect(!read.contains { $0.hasSuffix("/records.json") || $0.contains("/images/") }, "read: \(read)")
        #expect(noop.steps.map(\.name) == ["config", "publish"], "templates, records, images and pages skipped")
        // Asked to trust nothing (galgen build --verify, --clean, --refresh), the inputs are read again.
        let verified = try await Self.build(site, trustStamps: false)
        #expect(verified.output?.keys == SiteInputsTests.proven)
    }

    @Test func everyEditOfWhatTheSiteIsMadeFromIsSeen() async throws {
        let site = try FixtureSite(count: 5, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        Self.settle()
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let item = try String(contentsOfFile: Repository.templates + "/item.mustache", encoding: .utf8)
        let gallery = try String(contentsOfFile: Repository.templates + "/gallery.mustache", encoding: .utf8)
        let records = site.directory.path + "/records.json"
        let edits: [(String, () throws -> Void)] = [
            ("a record", { try site.writeRecords(try String(contentsOfFile: records, encoding: .utf8).replacingOccurrences(of: "Item 2", with: "Item II")) }),
            ("a template added", { try site.directory.write(gallery.replacingOccurrences(of: "</main>", with: "<p>g</p></main>"),
                                                             to: "Templates/gallery.mustache") }),
            ("a template edited", { try site.directory.write(item.replacingOccurrences(of: "</main>", with: "<p>new</p></main>"),
                                                              to: "Templates/item.mustache") }),
            ("a template removed", { try FileManager.default.removeItem(atPath: site.directory.path + "/Templates/gallery.mustache") }),
            ("the config", { try site.writeConfig(extra: #""pageSize": 3"#) }),
            ("an image", { try site.directory.write(try JPEGCodec.encode(Painter.portrait(width: 240, height: 180, hue: 200, shade: 0.4), quality: 80),
                                                    to: "images/1.jpg") }),
            ("an image removed", { try FileManager.default.removeItem(atPath: site.directory.path + "/images/3.jpg") }),
            ("an image back", { try site.directory.write(try JPEGCodec.encode(Painter.solid(width: 90, height: 60, rgb: (9, 99, 199)), quality: 80),
                                                         to: "images/3.jpg") }),
            ("a theme file", { try site.directory.write("body { color: #123; }\n", to: "assets/style.css") }),
            ("the locale's messages", { try site.directory.write(#"{"skipToContent": "Jump to the content"}"#, to: "i18n/en.json") }),
        ]
        for (what, edit) in edits {
            try edit()
            Self.settle()
            let report = try await Self.buildAndCompare(site, "after \(what)", fresh: &fresh)
            #expect(report.output?.keys != StampsRecord.provenNote, "\(what)")
            #expect((report.output?.rendered ?? 0) > 0, "\(what): \(String(describing: report.output))")
            let noop = try await Self.buildAndCompare(site, "no-op after \(what)", fresh: &fresh)
            #expect(noop.output?.keys == StampsRecord.provenNote, "no-op after \(what): \(String(describing: noop.output))")
        }
        // A file rewritten with the same bytes (a new stamp, the same inputs): read again, nothing written, then trusted.
        try site.writeRecords(try String(contentsOfFile: records, encoding: .utf8))
        Self.settle()
        let same = try await Self.buildAndCompare(site, "records rewritten", fresh: &fresh)
        #expect(same.output?.keys == SiteInputsTests.proven && same.output?.rendered == 0)
        #expect(try await Self.build(site).output?.keys == StampsRecord.provenNote)
    }

    /// The one thing stamps miss, said in output.md: a file changed in place with its size and time put
    /// back. A build asked to trust nothing (`--verify`) reads it, and makes the site a clean build makes.
    @Test func aChangeWithItsStampPutBackNeedsVerify() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        var fresh = 0
        Self.settle()
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let path = site.directory.path + "/records.json"
        var st = stat()
        #expect(lstat(path, &st) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "Item 1", with: "Item X").utf8))
        try handle.close()
        var times = [st.st_atim, st.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try await Self.build(site).output?.keys == StampsRecord.provenNote, "the same inode, size and time")
        let verified = try await Self.buildAndCompare(site, "verify", fresh: &fresh, trustStamps: false)
        #expect(verified.output?.keys == SiteInputsTests.changed)
    }

    /// A record of stamps changed by anything but galgen (a byte of a stamp, the record cut short) proves
    /// nothing: the build computes its keys, and the record it then writes proves the next no-op.
    @Test func aDamagedRecordOfStampsProvesNothing() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        var fresh = 0
        Self.settle()
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let outputs = site.cachePath + "/outputs"
        for i in 0..<2 {
            // Every record there is damaged alike: the published folder's, and those of the clean builds compared with.
            let names = try FileManager.default.contentsOfDirectory(atPath: outputs).filter { $0.hasSuffix(".stamps") }
            #expect(!names.isEmpty)
            for name in names {
                let path = outputs + "/" + name
                let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
                let stampLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("f ") })
                let damaged = i == 0 ? text.replacingOccurrences(of: stampLine, with: stampLine.replacingOccurrences(of: "f ", with: "f 9"))
                                     : String(text.dropLast(10))
                try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
            }
            let report = try await Self.buildAndCompare(site, "damaged record \(i)", fresh: &fresh)
            #expect(report.output?.keys != StampsRecord.provenNote, "damaged record \(i)")
            #expect(try await Self.build(site).output?.keys == StampsRecord.provenNote, "the record written after damaged record \(i)")
        }
    }

    @Test func aNoOpReportsTheProblemsTheSiteStillHas() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        try site.writeRecords(#"[{"id": "a", "title": "A", "image": "images/0.jpg"}, {"title": "no id"}, {"id": "c", "title": "C", "image": "images/gone.jpg"}]"#)
        Self.settle()
        let first = try await Self.build(site)
        #expect(first.hasProblems)
        let noop = try await Self.build(site)
        #expect(noop.output?.keys == StampsRecord.provenNote)
        #expect(noop.diagnostics == first.diagnostics, "the bad record and the missing image are named again")
    }

    @Test func aFolderSourcesTreeEditsAreSeen() async throws {
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        let photo = { (i: Int) throws -> Data in try JPEGCodec.encode(Painter.solid(width: 120 + 10 * i, height: 90, rgb: (UInt8(20 * i), 80, 160)), quality: 80) }
        for (i, name) in ["a.jpg", "trip/b.jpg", "trip/c.jpg", "trip/day/d.jpg"].enumerated() { try site.directory.write(try photo(i), to: "photos/" + name) }
        try site.writeConfig(sources: #"[{"name": "photos", "title": "Photos", "type": "folder", "path": "photos"}]"#)
        Self.settle()
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let root = site.directory.path + "/photos/"
        let edits: [(String, () throws -> Void)] = [
            ("a photo added deep down", { try site.directory.write(try photo(7), to: "photos/trip/day/e.jpg") }),
            ("a photo removed", { try FileManager.default.removeItem(atPath: root + "trip/c.jpg") }),
            ("a photo renamed", { try FileManager.default.moveItem(atPath: root + "trip/b.jpg", toPath: root + "trip/bb.jpg") }),
            ("a photo replaced", { try site.directory.write(try photo(9), to: "photos/a.jpg") }),
            ("an album's index.md", { try site.directory.write("Title: The trip\n", to: "photos/trip/index.md") }),
            ("a sidecar", { try site.directory.write("Title: Dee\n", to: "photos/trip/day/d.md") }),
            ("an empty folder gets a photo", {
                try FileManager.default.createDirectory(atPath: root + "later", withIntermediateDirectories: true)
            }),
            ("...its photo", { try site.directory.write(try photo(3), to: "photos/later/f.jpg") }),
        ]
        for (what, edit) in edits {
            try edit()
            Self.settle()
            let report = try await Self.buildAndCompare(site, "after \(what)", fresh: &fresh)
            #expect(report.output?.keys != StampsRecord.provenNote, "\(what)")
            let noop = try await Self.buildAndCompare(site, "no-op after \(what)", fresh: &fresh)
            #expect(noop.output?.keys == StampsRecord.provenNote, "no-op after \(what): \(String(describing: noop.output))")
        }
    }

    @Test func aFileChangedJustBeforeTheBuildIsNotTrusted() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        Self.settle()
        _ = try await Self.build(site)
        #expect(try await Self.build(site).output?.keys == StampsRecord.provenNote)
        // Written, then built: the build reads it, but keeps no stamps (another write within the tick would not show).
        // Its time is set 0.3 s ahead, so it is "just changed" however long the build takes to look at it.
        let path = site.directory.path + "/records.json"
        try site.writeRecords(try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Item 1", with: "Item 9"))
        let ahead = Date().timeIntervalSince1970 + 0.3
        var times = [timespec(tv_sec: Int(ahead), tv_nsec: Int((ahead - ahead.rounded(.down)) * 1e9)),
                     timespec(tv_sec: Int(ahead), tv_nsec: Int((ahead - ahead.rounded(.down)) * 1e9))]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try await Self.build(site).output?.keys == SiteInputsTests.changed)
        try await Task.sleep(for: .milliseconds(300))
        Self.settle()
        #expect(try await Self.build(site).output?.keys == SiteInputsTests.proven, "proven by the digest, the stamps kept now")
        #expect(try await Self.build(site).output?.keys == StampsRecord.provenNote)
    }
}
