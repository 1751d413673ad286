import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Image variants verified once are trusted while their file's stamp is the one verified: a no-op
/// reads none of them; `galgen build --verify` reads and checks them all, and so catches a variant
/// rewritten in place with its size and time put back.
struct VerifiedVariantTests {
    /// Paths below the cache's `variants/` read during a build.
    final class Reads: Sendable {
        let paths = Mutex<[String]>([])
    }

    private func build(_ site: FixtureSite, verify: Bool = false, reads: Reads? = nil) async throws -> BuildReport {
        var environment = environment()
        let variants = site.cachePath + "/variants/"
        environment.fileSystem = ObservedFileSystem(LocalFileSystem(), before: { operation, path throws(FileSystemError) in
            if operation == "read", path.hasPrefix(variants) { reads?.paths.withLock { $0.append(path) } }
        })
        var options = BuildOptions(configPath: site.configPath, cacheDirectory: site.cachePath, jobs: 2)
        options.verify = verify
        return try await SiteBuilder(options: options, environment: environment).build()
    }

    private func variantFiles(_ site: FixtureSite) throws -> [String] {
        try LocalFileSystem().listFilesRecursively(at: site.cachePath + "/variants").sorted()
    }

    @Test func aVerifiedVariantIsNotReadAgainOnANoOp() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        let cold = Reads()
        _ = try await build(site, reads: cold)
        let count = try variantFiles(site).count
        #expect(count >= 3)
        // Made by this build: recorded as verified when written, so even the first no-op reads none.
        let first = Reads(), second = Reads()
        let report = try await build(site, reads: first)
        #expect(report.images.reused == count)
        #expect(first.paths.withLock { $0 } == [])
        _ = try await build(site, reads: second)
        #expect(second.paths.withLock { $0 } == [])
        // --verify reads every one.
        let verified = Reads()
        _ = try await build(site, verify: true, reads: verified)
        #expect(Set(verified.paths.withLock { $0 }).count == count)
    }

    @Test func aVariantChangedBehindGalgensBackIsCaughtByVerify() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        _ = try await build(site)
        let clean = try IncrementalBuildTests.tree(site.outputPath)
        let jpeg = try #require(try variantFiles(site).first { $0.hasSuffix(".jpg") })
        let path = site.cachePath + "/variants/" + jpeg
        // Rewritten in place (same inode, same size): its end-of-image marker zeroed; then its old time put back.
        var before = stat()
        #expect(lstat(path, &before) == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(before.st_size - 2))
        try handle.write(contentsOf: Data([0, 0]))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
        var after = stat()
        #expect(lstat(path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        // A no-op trusts the stamp: nothing is noticed (the published copy was never touched).
        let trusting = try await build(site)
        #expect(trusting.images.damaged == 0)
        // --verify reads it, finds it damaged and makes it again.
        let verifying = try await build(site, verify: true)
        #expect(verifying.images.damaged == 1)
        #expect(verifying.diagnostics.contains { $0.message.contains(jpeg) }, "\(verifying.diagnostics)")
        let remade = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(remade.suffix(2) == Data([0xFF, 0xD9]))
        #expect(try IncrementalBuildTests.tree(site.outputPath) == clean)
        // And the next no-op trusts the remade one.
        #expect(try await build(site).images.damaged == 0)
    }
}
