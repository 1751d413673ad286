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
}
