import ArgumentParser

/// `galgen check [DIR]`.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a built site: every page, internal link and asset reference.")

    @Argument(help: ArgumentHelp("The site folder.", valueName: "dir"))
    var directory = "public"

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        throw GalgenCLI.Exit(code: GalgenCLI.runCheck(self, console: GalgenCLI.currentConsole))
    }
}
