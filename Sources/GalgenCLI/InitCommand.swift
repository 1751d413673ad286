public import ArgumentParser
import Foundation
import GalgenCore
public import GalgenScaffold

/// `galgen init`.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new site in a folder: config.json, a .gitignore and, for --source json, example records and pictures.",
        discussion: """
            The folder must be empty or new (a .git folder is allowed) unless --force. With --source json the \
            site builds offline at once; randomuser and itunes fetch their records on the first build. The \
            site uses galgen's built-in theme: add only the templates or assets you change (see galgen theme eject).
            """)

    @Argument(help: ArgumentHelp("The site's folder.", valueName: "dir"))
    var directory = "."

    @Option(name: .long, help: ArgumentHelp("Where the records come from: json (a local file, with example pictures), randomuser, itunes, or folder (a folder of photos and videos, used where it is).", valueName: "kind"))
    var source: SiteScaffolder.Source = .json

    @Option(name: .long, help: ArgumentHelp("With --source folder: the photo folder (default: <dir> itself, where the site's files are then added beside the photos).", valueName: "path"))
    var photos: String?

    @Option(name: .long, help: ArgumentHelp("The site's title.", valueName: "text"))
    var title = "My gallery"

    @Option(name: .long, help: ArgumentHelp("Also write a CI workflow that builds and publishes the site: github (GitHub Pages, with this galgen's release archive pinned by its SHA-256).", valueName: "system"))
    var ci: SiteScaffolder.CI?

    @Flag(name: .long, help: "Write into a folder that is not empty (files of the same names are replaced).")
    var force = false

    @Flag(name: .long, help: "Write only the --ci workflow, into an existing site (an older workflow is replaced; nothing else is touched). --ci in a folder with a config.json does this by itself.")
    var workflowOnly = false

    func validate() throws {
        if workflowOnly && ci == nil { throw ValidationError("--workflow-only needs --ci (e.g. --ci github)") }
        if photos != nil && source != .folder { throw ValidationError("--photos goes with --source folder") }
    }

    func run() async throws {
        let console = GalgenCLI.currentConsole
        let folder = GalgenCLI.absolute(directory)
        let written: [String]
        var onlyWorkflow = workflowOnly
        do {
            var release: GalgenRelease?
            if ci == .github { release = try await ReleaseLocator.currentRelease(environment: ProcessInfo.processInfo.environment) }
            var options = SiteScaffolder.Options(source: source, title: title, ci: ci, force: force, release: release)
            options.workflowOnly = workflowOnly
            if let photos {
                let target = GalgenCLI.absolute(photos)
                guard LocalFileSystem().targetKind(at: target) == .directory else {
                    throw ValidationError("--photos \(photos): not a folder")
                }
                options.photos = Self.path(of: target, from: folder)
            }
            let scaffolder = SiteScaffolder(fileSystem: LocalFileSystem())
            onlyWorkflow = scaffolder.effectiveOptions(options, in: folder).workflowOnly
            written = try scaffolder.scaffold(in: folder, options: options)
        } catch {
            throw GalgenCLI.fail(error, console: console)
        }
        if onlyWorkflow {
            console.out("galgen: wrote \(written.joined(separator: ", ")) in \(directory), pinned to galgen \(GalgenVersion.current)")
            if !workflowOnly {
                console.out("(\(directory) already holds a site: its config.json and everything else were left as they are)")
            }
            return
        }
        let pictures = written.filter { $0.hasPrefix("images/") }.count
        let shown = written.filter { !$0.hasPrefix("images/") } + (pictures > 0 ? ["\(pictures) example pictures in images/"] : [])
        console.out("galgen: made a new site in \(directory): \(shown.joined(separator: ", "))")
        console.out("next:")
        if directory != "." { console.out("  cd \(directory)") }
        console.out("  galgen serve    # build, then preview on http://127.0.0.1:8080/; edits rebuild and reload the page")
        console.out("  galgen build    # build into public/")
        if source == .folder {
            console.out("(every photo and video below \(photos ?? directory) is an item, every sub-folder an album; nothing is copied)")
        } else if source != .json {
            console.out("(the first build fetches the records from the \(source.rawValue) API; later builds use the cache)")
        }
    }
}

extension InitCommand {
    /// `target` as the site's config names it: relative to the site's folder (`.`, `photos`, `../Pictures/trip`),
    /// so the two can move together; absolute when they share nothing but the root.
    static func path(of target: String, from folder: String) -> String {
        let a = target.split(separator: "/"), b = folder.split(separator: "/")
        let common = zip(a, b).prefix { $0 == $1 }.count
        if common == 0 { return target }
        let parts = Array(repeating: "..", count: b.count - common) + a[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

extension SiteScaffolder.Source: ExpressibleByArgument {}
extension SiteScaffolder.CI: ExpressibleByArgument {}
