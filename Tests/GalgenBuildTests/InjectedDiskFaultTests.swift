import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A full or read-only disk under the cache or the output folder, injected into a real file system
/// (``ObservedFileSystem``), so these run wherever the suite runs (the tmpfs tests of `DiskTests`
/// need root): the build stops with the path and the reason, the published site stays exactly as it
/// was, and the next build on a healthy disk equals a clean build.
struct InjectedDiskFaultTests {
    /// The operations that put bytes or names on a disk.
    static let writes: Set<String> = ["write", "create folder", "link", "rename", "exchange"]

    /// Builds with every write under `prefix` failing with `errno` (none when `prefix` is nil).
    func build(_ site: FixtureSite, failing prefix: String?, with number: Int32 = ENOSPC) async -> Result<BuildReport, BuildError> {
        var environment = environment()
        environment.fileSystem = ObservedFileSystem(LocalFileSystem(), before: { operation, path throws(FileSystemError) in
            if let prefix, Self.writes.contains(operation), path.hasPrefix(prefix) {
                throw FileSystemError(errno: number, operation: operation, path: path)
            }
        })
        let options = BuildOptions(configPath: site.configPath, cacheDirectory: site.cachePath, jobs: 2)
        do {
            return .success(try await SiteBuilder(options: options, environment: environment).build())
        } catch {
            return .failure(error)
        }
    }

    func repaint(_ site: FixtureSite, _ round: Int) throws {
        for i in 0..<6 {
            let picture = Painter.portrait(width: 240, height: 200, hue: 50 * round + 9 * i, shade: 0.4)
            try site.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/\(i).jpg")
        }
    }

    @Test(arguments: [("cache", ENOSPC), ("cache", EROFS), ("output", ENOSPC), ("output", EROFS)])
    func aFailingDiskStopsTheBuildAndKeepsThePreviousSite(place: String, number: Int32) async throws {
        let site = try FixtureSite(count: 6)
        defer { site.directory.remove() }
        guard case .success = await build(site, failing: nil) else { Issue.record("the first build failed"); return }
        let before = try IncrementalBuildTests.tree(site.outputPath)
        try repaint(site, 1)
        // The output's writes go to a staging folder beside it, so the prefix is the parent + "/.public".
        let prefix = place == "cache" ? site.cachePath + "/" : site.directory.path + "/.public"
        let result = await build(site, failing: prefix, with: number)
        guard case .failure(let error) = result else { Issue.record("a build on a failing \(place) disk succeeded"); return }
        #expect(error.description.contains(prefix) && error.description.contains(String(cString: strerror(number))), "\(error)")
        if place == "cache" {
            // Each image's cache write fails on its own; the watch turns them into one stop.
            let words = number == ENOSPC ? "the disk is full" : "the disk is read-only"
            #expect(error.description.contains(words) && error.step == .images, "\(error)")
        }
        #expect(try IncrementalBuildTests.tree(site.outputPath) == before, "the published site changed")

        guard case .success(let report) = await build(site, failing: nil) else { Issue.record("the build after the disk was fixed failed"); return }
        #expect(report.images.failed == 0)
        let reference = site.directory.path + "/reference"
        _ = try await SiteBuilder(options: BuildOptions(configPath: site.configPath, outputDirectory: reference,
                                                        cacheDirectory: site.directory.path + "/refcache", jobs: 2),
                                  environment: environment()).build()
        #expect(try IncrementalBuildTests.tree(site.outputPath) == (try IncrementalBuildTests.tree(reference)))
    }
}
