import ArgumentParser
import Foundation
import GalgenBuild

/// Where a build reads and writes, shared by `galgen build` and `galgen serve`.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The config file.", valueName: "path"))
    var config = "config.json"

    @Option(name: .long, help: ArgumentHelp("Output folder (default: the config's \"output\", else public beside the config).", valueName: "dir"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Image cache folder (default: the config's \"cache\", else .galgen/cache beside the config).", valueName: "dir"))
    var cache: String?

    @Option(name: .long, help: ArgumentHelp("Images processed at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    func validate() throws { try Self.checkJobs(jobs) }

    /// Checks a `--jobs` argument (build, serve, cache push and pull).
    static func checkJobs(_ jobs: Int?) throws {
        if let jobs, jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256") }
    }

    /// Build options with paths made absolute against the current folder.
    func buildOptions(offline: Bool, refresh: Bool = false) -> BuildOptions {
        BuildOptions(
            configPath: GalgenCLI.absolute(config), outputDirectory: output.map(GalgenCLI.absolute),
            cacheDirectory: cache.map(GalgenCLI.absolute), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            offline: offline, refresh: refresh)
    }
}
