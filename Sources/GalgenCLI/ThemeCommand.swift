import ArgumentParser
import Foundation
import GalgenCore
import GalgenScaffold

/// `galgen theme`.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the built-in theme.",
        subcommands: [Eject.self])

    /// `galgen theme eject`.
    struct Eject: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "eject",
            abstract: "Write the complete built-in theme (templates, assets, README.md with every template's keys) into a folder.",
            discussion: """
                A site needs only the files it changes: every template or asset it lacks comes from the built-in \
                theme. Eject to change many of them; Templates/ beside config.json is used without any setting \
                (elsewhere, set "templates" in the config). Existing files are never overwritten unless --force.
                """)

        @Argument(help: ArgumentHelp("The folder to write.", valueName: "dir"))
        var directory = "Templates"

        @Flag(name: .long, help: "Overwrite files that exist.")
        var force = false

        func run() throws {
            let console = GalgenCLI.currentConsole
            let written: [String]
            do {
                written = try ThemeEjector(fileSystem: LocalFileSystem()).eject(to: GalgenCLI.absolute(directory), force: force)
            } catch {
                throw GalgenCLI.fail(error, console: console)
            }
            console.out("galgen: wrote the built-in theme to \(directory): \(written.joined(separator: ", "))")
        }
    }
}
