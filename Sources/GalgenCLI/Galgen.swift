import ArgumentParser
import Foundation

/// The `galgen` command and its subcommands.
struct Galgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galgen",
        abstract: "Build fast static HTML galleries of people and apps from JSON records.",
        discussion: """
            Exit codes: 0 success; 1 build failed (fatal error, invalid pages, or any problem under --strict), \
            or check found problems; 2 bad usage or bad config.
            """,
        version: VersionText.full,
        subcommands: [InitCommand.self, BuildCommand.self, ServeCommand.self, CheckCommand.self, CacheCommand.self, ThemeCommand.self])
}

/// Options shared by commands that print progress.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print every problem (otherwise the first 20).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }
}
