import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// Runs the real `galgen` binary and kills it with SIGKILL at several moments: the output folder
/// must always be absent or a complete, valid site, and the cache must never be trusted wrongly.
struct KillTests {
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

    private func siblingNames(of path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)) ?? []
    }
}
