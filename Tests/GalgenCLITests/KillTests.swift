import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import GalgenValidation
import Testing

/// Runs the real `galgen` binary and kills it with SIGKILL at several moments: the output folder
/// must always be absent or a complete, valid site, and the cache must never be trusted wrongly.
struct KillTests {
    /// The kill tests' site: 400 people sharing one picture, three to a page (about 540 files).
    static func peopleSite() throws -> FixtureSite {
        let site = try FixtureSite(count: 0, config: #""pageSize": 3"#)
        let picture = Painter.portrait(width: 320, height: 240, hue: 30, shade: 0.3)
        try site.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/a.jpg")
        return site
    }

    /// The people's records in `version`: every title changes with it, so every item and gallery page is rendered again.
    static func writePeople(_ site: FixtureSite, _ version: Int) throws {
        try site.writeRecords("[" + (0..<400).map { #"{"id": "p\#($0)", "title": "Person \#($0) v\#(version)", "image": "images/a.jpg"}"# }
            .joined(separator: ",") + "]")
    }

    /// Starts the real binary building `site` (into its own output folder unless `folder` is given).
    static func build(_ site: FixtureSite, into folder: String?, _ extra: [String]) throws -> Process {
        try GalgenBinary.start(["build", "--config", site.configPath, "--output", folder ?? site.outputPath, "--jobs", "2", "--quiet"] + extra)
    }
    @Test func killedBuildsNeverLeaveAHalfWrittenSiteOrABadCache() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try FixtureSite(count: 0, config: #""imageWidths": [160, 320, 640]"#)
        defer { site.directory.remove() }
        var records: [String] = []
        for i in 0..<24 {
            let picture = Painter.portrait(width: 1600, height: 1200, hue: i * 15, shade: 0.3)
            try site.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/\(i).jpg")
            records.append(#"{"id": "p\#(i)", "title": "Person \#(i)", "image": "images/\#(i).jpg"}"#)
        }
        try site.writeRecords("[" + records.joined(separator: ",") + "]")
        let reference = site.directory.path + "/reference"
        let began = ContinuousClock.now
        let ok = try GalgenBinary.start(["build", "--config", site.configPath, "--output", reference, "--cache", site.directory.path + "/refcache"])
        ok.waitUntilExit()
        try #require(ok.terminationStatus == 0)
        let elapsed = ContinuousClock.now - began
        let fullMicroseconds = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12

        let output = site.outputPath
        let cache = site.cachePath
        let checker = SiteChecker(fileSystem: LocalFileSystem())
        var killedWhileRunning = 0
        // Kill at moments spread over a cold build (the cache warms up between kills, so later
        // builds are shorter; early fractions land in the image step, later ones in pages and publish).
        for fraction in [0.05, 0.15, 0.3, 0.5, 0.7, 0.9] {
            let delay = Int(fullMicroseconds * fraction)
            let process = try GalgenBinary.start(["build", "--config", site.configPath, "--output", output, "--cache", cache, "--jobs", "2"])
            usleep(UInt32(max(1_000, delay)))  // a blocking sleep: the test pool may be busy with other tests
            if process.isRunning { killedWhileRunning += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: output) {
                let result = try checker.check(directory: output)
                #expect(result.issues == [], "after a kill at \(delay) µs")
                #expect(result.pages == 1 + 1 + 1 + 24)  // home, 404, gallery, items
            }
        }
        #expect(killedWhileRunning >= 2, "the build finished before any kill; make the fixture bigger")

        let final = try GalgenBinary.start(["build", "--config", site.configPath, "--output", output, "--cache", cache])
        final.waitUntilExit()
        #expect(final.terminationStatus == 0)
        let a = try FixtureSite.snapshot(of: reference), b = try FixtureSite.snapshot(of: output)
        #expect(a.map(\.0) == b.map(\.0))
        #expect(a.map(\.1) == b.map(\.1), "a cache left by killed builds changed the output")
        #expect(!siblingNames(of: output).contains { $0.contains(".staging-") })
    }

    /// Kills incremental rebuilds (editing the spare, linking from the published site, exchanging
    /// the folders, recording the keys) at moments spread over them: the output folder is always a
    /// complete valid site, and the next build equals a clean build of the same inputs.
    @Test func killedIncrementalBuildsLeaveAWholeSiteAndNeverAWrongNextBuild() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try Self.peopleSite()
        defer { site.directory.remove() }
        func records(_ version: Int) throws { try Self.writePeople(site, version) }
        try records(0)
        let output = site.outputPath
        func run(into folder: String? = nil, _ extra: [String] = []) throws -> Process { try Self.build(site, into: folder, extra) }
        let first = try run()
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        // An edit's build, timed twice: the first after a full build also makes the spare folder (docs/output.md)
        // and is the slower; the kills below are spread over the shorter, as every later edit's build is.
        var shortest = Duration.seconds(3600)
        for version in 1...2 {
            try records(version)
            let began = ContinuousClock.now
            let timed = try run()
            timed.waitUntilExit()
            try #require(timed.terminationStatus == 0)
            shortest = min(shortest, ContinuousClock.now - began)
        }
        let microseconds = Double(shortest.components.seconds) * 1e6 + Double(shortest.components.attoseconds) / 1e12

        let checker = SiteChecker(fileSystem: LocalFileSystem())
        var killedWhileRunning = 0
        var version = 2
        for fraction in [0.1, 0.3, 0.5, 0.65, 0.8, 0.9, 0.97] {
            version += 1
            try records(version)
            let process = try run()
            usleep(UInt32(max(1_000, microseconds * fraction)))
            if process.isRunning { killedWhileRunning += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let result = try checker.check(directory: output)
            #expect(result.issues == [], "after a kill at \(fraction)")
            #expect(result.pages == 1 + 1 + 134 + 400, "after a kill at \(fraction)")
        }
        #expect(killedWhileRunning >= 3, "the builds finished before the kills; make the fixture bigger")

        let final = try run()
        final.waitUntilExit()
        #expect(final.terminationStatus == 0)
        let reference = site.directory.path + "/reference"
        let clean = try run(into: reference, ["--clean"])
        clean.waitUntilExit()
        #expect(clean.terminationStatus == 0)
        let a = try FixtureSite.snapshot(of: reference), b = try FixtureSite.snapshot(of: output)
        #expect(a.map(\.0) == b.map(\.0))
        #expect(a.map(\.1) == b.map(\.1), "killed incremental builds changed a later build's output")
    }

    /// Kills full builds while they make the spare (after the publish: `.public.spare-<pid>` being
    /// filled with hard links to the published site): the output folder is the new site, whole; the
    /// spare being made is never trusted, and the next edit equals a clean build.
    @Test func killedWhileMakingTheSpareLeavesTheNewSiteAndAnUntrustedSpare() throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try Self.peopleSite()
        defer { site.directory.remove() }
        func records(_ version: Int) throws { try Self.writePeople(site, version) }
        let output = site.outputPath, parent = site.directory.path
        func run(into folder: String? = nil, _ extra: [String] = []) throws -> Process { try Self.build(site, into: folder, extra) }
        try records(0)
        let first = try run()
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        let checker = SiteChecker(fileSystem: LocalFileSystem())
        var caught = 0, version = 0
        for _ in 0..<12 where caught < 3 {
            version += 1
            try records(version)
            let process = try run(into: nil, ["--clean"])  // a full build: it makes a spare after publishing
            let making = parent + "/.public.spare-\(process.processIdentifier)"
            var seen = false
            while process.isRunning {
                if FileManager.default.fileExists(atPath: making) {
                    kill(process.processIdentifier, SIGKILL)
                    seen = true
                    break
                }
            }
            process.waitUntilExit()
            guard seen else { continue }
            caught += 1
            let result = try checker.check(directory: output)
            #expect(result.issues == [] && result.pages == 1 + 1 + 134 + 400, "killed making the spare, version \(version)")
            let item = try String(contentsOfFile: output + "/things/p7/index.html", encoding: .utf8)
            #expect(item.contains("Person 7 v\(version)"), "the output is not the site just published")
        }
        #expect(caught >= 1, "no kill landed while the spare was made; make the fixture bigger")
        try records(version + 1)
        let edit = try run()
        edit.waitUntilExit()
        #expect(edit.terminationStatus == 0)
        let reference = parent + "/reference"
        let clean = try run(into: reference, ["--clean"])
        clean.waitUntilExit()
        let a = try FixtureSite.snapshot(of: reference), b = try FixtureSite.snapshot(of: output)
        #expect(a.map(\.0) == b.map(\.0))
        #expect(a.map(\.1) == b.map(\.1), "a spare left by a killed build changed a later build's output")
        #expect(!siblingNames(of: output).contains { $0.contains(".spare-") || $0.contains(".staging-") })
    }

    private func siblingNames(of path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)) ?? []
    }
}
