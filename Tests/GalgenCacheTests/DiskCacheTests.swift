import Foundation
import GalgenCache
import GalgenCore
import GalgenTestSupport
import Testing

/// The disk cache alone: keys to paths, stores read back, damaged entries removed, pruning by builds and age.
struct DiskCacheTests {
    @Test func aKeyIsAFileUnderItsNamespaceAndTwoHexDigits() {
        let key = CacheKey(namespace: "variants", hash: "ab12cd", fileExtension: "webp")
        #expect(key.relativePath == "variants/ab/ab12cd.webp" && key.description == key.relativePath)
        let a = CacheKey.variant(sourceHash: "00ff", width: 320, encoding: "q=80", fileExtension: "jpg", pipelineVersion: 3)
        let b = CacheKey.variant(sourceHash: "00ff", width: 320, encoding: "q=81", fileExtension: "jpg", pipelineVersion: 3)
        let c = CacheKey.variant(sourceHash: "00ff", width: 320, encoding: "q=80", fileExtension: "jpg", pipelineVersion: 4)
        #expect(a != b && a != c && b != c, "the encoding and the pipeline version are in the key")
        #expect(a == CacheKey.variant(sourceHash: "00ff", width: 320, encoding: "q=80", fileExtension: "jpg", pipelineVersion: 3))
    }

    @Test func aStoredEntryIsReadBackAndADamagedOneIsRemoved() throws {
        let fs = MemoryFileSystem()
        let cache = try DiskCache(directory: "/cache", fileSystem: fs)
        let key = CacheKey(namespace: "variants", hash: "aa11", fileExtension: "jpg")
        guard case .miss = cache.lookup(key, verify: { _ in nil }) else { Issue.record("an empty cache hit"); return }
        try cache.store(Data([1, 2, 3]), for: key)
        guard case .hit(let data) = cache.lookup(key, verify: { _ in nil }) else { Issue.record("no hit"); return }
        #expect(data == Data([1, 2, 3]) && cache.path(for: key) == "/cache/variants/aa/aa11.jpg")
        guard case .damaged(let why) = cache.lookup(key, verify: { _ in "truncated" }) else { Issue.record("not damaged"); return }
        #expect(why == "truncated")
        guard case .miss = cache.lookup(key, verify: { _ in nil }) else { Issue.record("a damaged entry stayed"); return }
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
