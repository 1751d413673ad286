import ArgumentParser
import Foundation
import GalgenBuild
import GalgenCore

/// `galgen build`.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from config.json into the output folder.")

    @Option(name: .long, help: ArgumentHelp("The config file.", valueName: "path"))
    var config = "config.json"

    @Option(name: .long, help: ArgumentHelp("Output folder (default: the config's \"output\", else public beside the config).", valueName: "dir"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Image cache folder (default: the config's \"cache\", else .galgen/cache beside the config).", valueName: "dir"))
    var cache: String?

    @Option(name: .long, help: ArgumentHelp("Images processed at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(name: .long, help: "Exit with code 1 when any record, image or link had a problem.")
    var strict = false

    @Flag(name: .long, help: "Use only the cache: no network. Fails, listing them, when records or images are not cached.")
    var offline = false

    @Flag(name: .long, help: "Revalidate every cached response and image, even those within their maxAge.")
    var refresh = false

    @Option(name: .long, help: ArgumentHelp("Also write the build report as JSON to this file.", valueName: "file"))
    var report: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let jobs, jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256") }
        if offline && refresh { throw ValidationError("--offline and --refresh cannot be combined: one forbids the network, the other asks for it") }
    }

    func run() async throws {
        throw GalgenCLI.Exit(code: await GalgenCLI.runBuild(self, console: GalgenCLI.currentConsole))
    }
}
