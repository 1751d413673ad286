import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Synchronization
import Testing

/// `--jobs` bounds all of a build's parallel work: the build runs with ``Concurrently/width`` set to
/// it, so the synchronous parallel parts (records, shards, the search index) use that many cores too.
struct JobsWidthTests {
    /// The widths in force whenever the build read its records file.
    private func widthsSeen(jobs: Int) async throws -> [Int?] {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        let seen = Mutex<[Int?]>([])
        let records = site.directory.path + "/records.json"
        var environment = environment()
        environment.fileSystem = ObservedFileSystem(LocalFileSystem(), before: { _, path throws(FileSystemError) in
            if path == records { seen.withLock { $0.append(Concurrently.width) } }
        })
        let options = BuildOptions(configPath: site.configPath, cacheDirectory: site.cachePath, jobs: jobs)
        let report = try await SiteBuilder(options: options, environment: environment).build()
        #expect(!report.hasProblems, "\(report.diagnostics)")
        #expect(report.inputs.options.jobs == jobs)
        return seen.withLock { $0 }
    }

    @Test(arguments: [1, 3])
    func theBuildRunsWithItsJobsAsTheWidth(jobs: Int) async throws {
        let seen = try await widthsSeen(jobs: jobs)
        #expect(!seen.isEmpty, "the records file is read")
        #expect(seen.allSatisfy { $0 == jobs }, "\(seen)")
        #expect(Concurrently.width == nil, "and only while it runs")
    }
}
