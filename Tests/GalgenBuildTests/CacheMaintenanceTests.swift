import Foundation
import GalgenBuild
import GalgenCache
import GalgenCore
import GalgenTestSupport
import Testing

struct CacheMaintenanceTests {
    private func cache(_ site: FixtureSite) throws -> DiskCache { try DiskCache(directory: site.cachePath, fileSystem: LocalFileSystem()) }

    @Test func buildsRecordWhatTheyUsed() async throws {
        let site = try FixtureSite(count: 3, config: #""formats": ["jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        _ = try await build(site)
        let stats = try cache(site).statistics()
        #expect(stats.entries.map(\.count) == [3, 6])  // 3 sources, 6 variants
        #expect(stats.builds == 2)
        #expect(stats.lastBuild?.hits == 6 && stats.lastBuild?.misses == 0)
        #expect(stats.lastBuild?.entries.count == 9)
        #expect(stats.totalBytes > 0)
    }

    @Test func pruneDropsWhatRecentBuildsDidNotUse() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        try site.writeConfig(extra: #""formats": ["jpeg"], "imageWidths": [100, 180]"#)
        _ = try await build(site)
        let keepTwo = try cache(site).prune(keepBuilds: 2, maxAge: nil, now: Date().timeIntervalSince1970)
        #expect(keepTwo.removedEntries == 0 && keepTwo.keptEntries == 8)
        let keepOne = try cache(site).prune(keepBuilds: 1, maxAge: nil, now: Date().timeIntervalSince1970)
        #expect(keepOne.removedEntries == 2 && keepOne.keptEntries == 6)  // the two 150 px variants
        #expect(try cache(site).statistics().builds == 1)
        let again = try await build(site)
        #expect(again.images.decoded == 0 && again.images.damaged == 0)
    }

    @Test func maxAgeIgnoresOldBuildsAndStaleTemporaryFilesGo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fs = LocalFileSystem()
        let cache = try DiskCache(directory: dir.path, fileSystem: fs)
        try cache.store(Data([0xFF, 0xD8, 0xFF, 0xD9]), for: CacheKey(namespace: "variants", hash: "aa11", fileExtension: "jpg"))
        try cache.store(Data([0xFF, 0xD8, 0xFF, 0xD9]), for: CacheKey(namespace: "variants", hash: "bb22", fileExtension: "jpg"))
        try cache.record(BuildRecord(time: 1000, hits: 0, misses: 1, damaged: 0, entries: ["variants/aa/aa11.jpg"]), processID: 1)
        try cache.record(BuildRecord(time: 90_000, hits: 0, misses: 1, damaged: 0, entries: ["variants/bb/bb22.jpg"]), processID: 1)
        try dir.write("partial", to: "variants/aa/.cc33.jpg.tmp-7-1")
        try dir.write("partial", to: "variants/aa/.dd44.jpg.tmp-7-2")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1000)], ofItemAtPath: dir.path + "/variants/aa/.cc33.jpg.tmp-7-1")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 99_000)], ofItemAtPath: dir.path + "/variants/aa/.dd44.jpg.tmp-7-2")
        let result = cache.prune(keepBuilds: 5, maxAge: 86_400, now: 100_000)
        #expect(result.removedEntries == 1 && result.keptEntries == 1)
        #expect(!dir.exists("variants/aa/aa11.jpg") && dir.exists("variants/bb/bb22.jpg"))
        #expect(!dir.exists("variants/aa/.cc33.jpg.tmp-7-1"))   // an hour old: a killed build's leftover
        #expect(dir.exists("variants/aa/.dd44.jpg.tmp-7-2"))    // recent: maybe a build still writing it
        #expect(cache.statistics().builds == 1)
    }
}
