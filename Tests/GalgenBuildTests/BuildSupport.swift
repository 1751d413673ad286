import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
#if canImport(Glibc)
import Glibc
#endif

func environment(alive: @escaping @Sendable (Int32) -> Bool = { _ in true }) -> BuildEnvironment {
    BuildEnvironment(fileSystem: LocalFileSystem(), clock: ContinuousClock(), processID: getpid(), isProcessAlive: alive,
                     now: { Date().timeIntervalSince1970 })
}

func build(_ site: FixtureSite, output: String? = nil, jobs: Int = 2, session: BuildSession? = nil,
           alive: @escaping @Sendable (Int32) -> Bool = { _ in true }) async throws -> BuildReport {
    try await SiteBuilder(options: BuildOptions(configPath: site.configPath, outputDirectory: output, jobs: jobs),
                          environment: environment(alive: alive), session: session).build()
}

func buildError(_ site: FixtureSite, output: String? = nil) async -> BuildError? {
    do {
        _ = try await build(site, output: output)
        return nil
    } catch {
        return error as? BuildError
    }
}

func siblings(of path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent))?.sorted() ?? []
}
