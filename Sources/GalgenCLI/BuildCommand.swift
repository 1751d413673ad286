import ArgumentParser
import Foundation
import GalgenBuild
import GalgenConfig
import GalgenCore
import GalgenRemoteCache

/// `galgen build`.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from config.json into the output folder.")

    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "Exit with code 1 when any record, image or link had a problem.")
    var strict = false

    @Flag(name: .long, help: "Use only the cache: no network. Fails, listing them, when records or images are not cached.")
    var offline = false

    @Flag(name: .long, help: "Revalidate every cached response and image, even those within their maxAge.")
    var refresh = false

    @Flag(name: .long, help: "Write every file, trusting nothing an earlier build left (by default only files whose inputs changed are written).")
    var clean = false

    @Flag(name: .long, help: "Read and verify every image variant in the cache (by default a variant verified before and unchanged since is trusted); damaged ones are made again.")
    var verify = false

    @Option(name: .long, help: ArgumentHelp("Share image work through this remote cache (Bazel's HTTP cache protocol); replaces the config's cache.remote.", valueName: "url"))
    var remoteCache: String?

    @Option(name: .long, help: ArgumentHelp(
        "Do only the image work of shard I of N (1 ≤ I ≤ N), upload it to the remote cache, and write no site; a final build without --shard then publishes.",
        valueName: "I/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Also write the build report as JSON to this file.", valueName: "file"))
    var report: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        try GalgenCLI.checkRemoteCache(remoteCache)
        if let shard {
            guard Shard(parsing: shard) != nil else {
                throw ValidationError("--shard: expected I/N with 1 ≤ I ≤ N ≤ 4096 (shards count from 1; a Kubernetes Indexed Job passes $((JOB_COMPLETION_INDEX + 1))/N), found \"\(shard)\"")
            }
            if offline { throw ValidationError("--shard and --offline cannot be combined: a shard's work reaches the final build only through the remote cache") }
            if clean { throw ValidationError("--shard writes no site, so --clean has nothing to do") }
        }
        if offline && refresh { throw ValidationError("--offline and --refresh cannot be combined: one forbids the network, the other asks for it") }
    }

    func run() async throws {
        throw GalgenCLI.Exit(code: await GalgenCLI.runBuild(self, console: GalgenCLI.currentConsole))
    }
}
