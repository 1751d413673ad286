import ArgumentParser
import Foundation
import GalgenBuild
import GalgenConfig

/// What `galgen cache push` and `galgen cache pull` share: the site, its cache, the remote.
struct TransferOptions: ParsableArguments {
    @OptionGroup var location: CacheCommand.Location

    @Option(name: .long, help: ArgumentHelp("The remote cache (overrides the config's cache.remote).", valueName: "url"))
    var remoteCache: String?

    @Option(name: .long, help: ArgumentHelp("Sources handled at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Also write the report as JSON to this file.", valueName: "file"))
    var report: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        try GalgenCLI.checkRemoteCache(remoteCache)
        try SiteOptions.checkJobs(jobs)
    }

    func run(_ mode: BuildMode) async -> ExitStatus {
        var options = BuildOptions(configPath: GalgenCLI.absolute(location.config), cacheDirectory: location.cache.map(GalgenCLI.absolute),
                                   jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        options.remoteCache = remoteCache
        options.mode = mode
        return await GalgenCLI.run(options, strict: false, reportPath: report, output: outputOptions, console: GalgenCLI.currentConsole,
                                   remoteErrorsFail: true)
    }
}

extension CacheCommand {
    struct Push: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload the site's cached work to the remote cache.",
            discussion: """
                For every image source of the site whose variants the local cache holds in full, uploads \
                the bodies the remote lacks and the action entry naming them; and every record page the \
                local cache holds. Nothing is fetched from an API or an image host, nothing is decoded, no \
                site is written. Sources the local cache lacks are counted, not uploaded. Exits 1 when a \
                request to the remote failed.
                """)

        @OptionGroup var options: TransferOptions

        func run() async throws { throw GalgenCLI.Exit(code: await options.run(.push)) }
    }

    struct Pull: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fill the local cache from the remote cache for every image source of the site.",
            discussion: """
                Reads the site's records (record pages from the remote cache when it holds newer ones), \
                then downloads and verifies every variant the local cache lacks and the remote holds. \
                Image URLs are fetched from their hosts (a source's hash names its work). Nothing is decoded, \
                no site is written: a following `galgen build` (or `--offline` build) finds the work done. \
                Exits 1 when a request to the remote failed.
                """)

        @OptionGroup var options: TransferOptions

        func run() async throws { throw GalgenCLI.Exit(code: await options.run(.pull)) }
    }
}
