import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// Builds on real disks that fill up, turn read-only or lose the cache folder mid-build (small tmpfs
/// mounts; needs root, as CI has). Each time the build exits 1 naming the disk and the path, the
/// published site is exactly the previous one, and once the disk is fixed the next build equals a
/// clean build of the same inputs (nothing in the cache was poisoned).
@Suite(.serialized, .enabled(if: TmpFS.available, "needs root to mount a tmpfs"))
struct DiskTests {
    /// A site whose output and cache folders the test places.
    struct Site {
        let fixture: FixtureSite
        var output: String
        var cache: String

        init(count: Int, output: (String) -> String, cache: (String) -> String) throws {
            fixture = try FixtureSite(count: count, config: #""imageWidths": [120, 240]"#)
            self.output = output(fixture.directory.path)
            self.cache = cache(fixture.directory.path)
        }

        func build(_ extra: [String] = []) async -> (code: Int32, capture: Capture) {
            await run(["build", "--config", fixture.configPath, "--output", output, "--cache", cache, "--quiet"] + extra)
        }

        /// What a clean build of the current inputs publishes, made in a folder of its own.
        func reference() async throws -> [String: Data] {
            let folder = fixture.directory.path + "/reference-\(UUID().uuidString.prefix(8))"
            let clean = await run(["build", "--config", fixture.configPath, "--output", folder, "--cache", folder + "-cache", "--quiet"])
            try #require(clean.code == 0, "\(clean.capture.err)")
            return try files(of: folder)
        }

        /// Gives every record a new picture (so the next build has image work to store).
        func repaint(_ round: Int, count: Int) throws {
            for i in 0..<count {
                let picture = Painter.portrait(width: 300, height: 240, hue: 40 * round + 7 * i, shade: 0.4)
                try fixture.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/\(i).jpg")
            }
        }
    }

    @Test func aFullOutputDiskStopsTheBuildAndKeepsThePreviousSite() async throws {
        var site = try Site(count: 8, output: { $0 + "/disk/public" }, cache: { $0 + "/cache" })
        defer { site.fixture.directory.remove() }
        let disk = try TmpFS(at: site.fixture.directory.path + "/disk", kilobytes: 8192)
        defer { disk.unmount() }
        site.output = disk.path + "/public"
        #expect(await site.build().code == 0)
        let before = try files(of: site.output)
        try site.fixture.writeConfig(extra: #""imageWidths": [120, 240], "pageSize": 3"#)
        let filler = disk.fill()

        let failed = await site.build()
        #expect(failed.code == 1)
        #expect(failed.capture.err.contains("the disk is full") || failed.capture.err.contains("No space left on device"), "\(failed.capture.err)")
        #expect(failed.capture.err.contains("disk \(disk.path) (tmpfs"), "the message names the disk: \(failed.capture.err)")
        #expect(failed.capture.err.contains(disk.path + "/"), "the message names the path: \(failed.capture.err)")
        #expect(try files(of: site.output) == before, "the previous site changed")
        #expect(leftovers(in: disk.path) == [])

        try FileManager.default.removeItem(atPath: filler)
        let again = await site.build()
        #expect(again.code == 0, "\(again.capture.err)")
        #expect(try files(of: site.output) == (try await site.reference()))
    }

    @Test func aFullCacheDiskStopsTheBuildBeforeAnImageBecomesAPlaceholder() async throws {
        var site = try Site(count: 8, output: { $0 + "/public" }, cache: { $0 + "/disk/cache" })
        defer { site.fixture.directory.remove() }
        let disk = try TmpFS(at: site.fixture.directory.path + "/disk", kilobytes: 4096)
        defer { disk.unmount() }
        site.cache = disk.path + "/cache"
        #expect(await site.build().code == 0)
        let before = try files(of: site.output)
        try site.repaint(1, count: 8)
        let filler = disk.fill()

        let failed = await site.build()
        #expect(failed.code == 1)
        #expect(failed.capture.err.contains("the disk is full"), "\(failed.capture.err)")
        #expect(failed.capture.err.contains("disk \(disk.path) (tmpfs") && failed.capture.err.contains(site.cache + "/"), "\(failed.capture.err)")
        #expect(try files(of: site.output) == before, "a site of placeholders replaced the previous one")

        try FileManager.default.removeItem(atPath: filler)
        let again = await site.build()
        #expect(again.code == 0, "\(again.capture.err)")
        #expect(try files(of: site.output) == (try await site.reference()), "the cache kept a broken entry")
    }

    @Test func aReadOnlyOutputOrCacheDiskStopsTheBuildAndNothingChanges() async throws {
        var site = try Site(count: 6, output: { $0 + "/out/public" }, cache: { $0 + "/store/cache" })
        defer { site.fixture.directory.remove() }
        let out = try TmpFS(at: site.fixture.directory.path + "/out", kilobytes: 8192)
        defer { out.unmount() }
        let store = try TmpFS(at: site.fixture.directory.path + "/store", kilobytes: 8192)
        defer { store.unmount() }
        site.output = out.path + "/public"
        site.cache = store.path + "/cache"
        #expect(await site.build().code == 0)
        let before = try files(of: site.output)
        try site.repaint(2, count: 6)

        for disk in [out, store] {
            try #require(disk.setReadOnly(true))
            let failed = await site.build()
            #expect(failed.code == 1)
            #expect(failed.capture.err.contains("Read-only file system") && failed.capture.err.contains("mounted read-only"), "\(failed.capture.err)")
            #expect(failed.capture.err.contains("disk \(disk.path) (tmpfs"), "\(failed.capture.err)")
            try #require(disk.setReadOnly(false))
            #expect(try files(of: site.output) == before)
        }
        let again = await site.build()
        #expect(again.code == 0, "\(again.capture.err)")
        #expect(try files(of: site.output) == (try await site.reference()))
    }
}
