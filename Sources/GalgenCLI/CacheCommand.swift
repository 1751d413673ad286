import ArgumentParser
import Foundation
import GalgenCache
import GalgenConfig
import GalgenCore

/// `galgen cache stats|prune|push|pull`.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect, prune, push or pull the image cache.",
        subcommands: [Stats.self, Prune.self, Push.self, Pull.self])

    /// Where the cache is: `--cache`, else the config's `cache`, else `.galgen/cache` beside the config.
    struct Location: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The config file naming the cache.", valueName: "path"))
        var config = "config.json"

        @Option(name: .long, help: ArgumentHelp("The cache folder (overrides the config).", valueName: "dir"))
        var cache: String?

        func open() throws -> DiskCache {
            let fs = LocalFileSystem()
            let directory: String
            if let cache {
                directory = GalgenCLI.absolute(cache)
            } else {
                let path = GalgenCLI.absolute(config)
                if fs.kind(at: path) == .file {
                    let site = try ConfigLoader(fileSystem: fs).load(path: path)
                    directory = site.cacheDirectory ?? site.baseDirectory + "/" + SiteConfig.Defaults.cache
                } else {
                    directory = GalgenCLI.absolute(SiteConfig.Defaults.cache)
                }
            }
            return try DiskCache(directory: directory, fileSystem: fs)
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Entries, bytes, and the last build's hits and misses.")

        @OptionGroup var location: Location

        func run() async throws {
            let console = GalgenCLI.currentConsole
            let cache: DiskCache
            do { cache = try location.open() } catch { throw GalgenCLI.fail(error, console: console) }
            let stats = cache.statistics()
            let parts = stats.entries.map { "\($0.count) \($0.namespace)" }.joined(separator: ", ")
            console.out("cache \(cache.directory): \(stats.totalEntries) entries (\(parts)), \(ByteCount.format(stats.totalBytes))")
            guard let last = stats.lastBuild else {
                console.out("no builds recorded yet")
                return
            }
            let date = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: last.time))
            console.out("builds recorded: \(stats.builds); last build \(date): \(last.hits) hits, \(last.misses) misses, \(last.damaged) damaged, \(last.entries.count) entries used")
        }
    }

    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove entries that no recent build used.",
            discussion: """
                An entry is kept when one of the last --keep-builds builds used it and, with --max-age, that \
                build ran less than --max-age days ago. Every other entry is removed, and so are older build \
                records and temporary files of killed builds older than an hour.
                """)

        @OptionGroup var location: Location

        @Option(name: .long, help: ArgumentHelp("Keep what the last N builds used.", valueName: "n"))
        var keepBuilds = 5

        @Option(name: .long, help: ArgumentHelp("Ignore builds older than this many days.", valueName: "days"))
        var maxAge: Double?

        func validate() throws {
            if keepBuilds < 1 { throw ValidationError("--keep-builds must be at least 1") }
            if let maxAge, !(maxAge > 0) { throw ValidationError("--max-age must be a positive number of days") }
        }

        func run() async throws {
            let console = GalgenCLI.currentConsole
            let cache: DiskCache
            do { cache = try location.open() } catch { throw GalgenCLI.fail(error, console: console) }
            let result = cache.prune(keepBuilds: keepBuilds, maxAge: maxAge.map { $0 * 86_400 }, now: Date().timeIntervalSince1970)
            console.out("cache \(cache.directory): removed \(result.removedEntries) entries (\(ByteCount.format(result.removedBytes))), kept \(result.keptEntries); removed \(result.removedRecords) old records and temporary files")
        }
    }
}

/// Human-readable byte counts.
enum ByteCount {
    static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
