import ArgumentParser
import Foundation
import GalgenBuild
import GalgenConfig
import GalgenCore
import GalgenServe

/// `galgen serve`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on this machine, and rebuild and reload open pages on every change.",
        discussion: """
            Watches the config file, the templates folder and local source files. A failed rebuild keeps \
            the last good site and shows the error in the terminal and over open pages. Ctrl-C stops.
            """)

    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "Use only the cache: no network.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("Address to listen on. Anything but loopback exposes your drafts to the network.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("Port to listen on (default: 8080, or the next free one when 8080 is taken; 0 picks any free one).", valueName: "n"))
    var port: Int?

    /// The port tried first when `--port` is not given.
    static let defaultPort = 8080

    @Option(name: .long, help: ArgumentHelp("How often to look for changed inputs, in milliseconds.", valueName: "ms"))
    var poll = 100

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if !(10...10_000).contains(poll) { throw ValidationError("--poll must be between 10 and 10000 ms") }
    }

    func run() async throws {
        throw GalgenCLI.Exit(code: await GalgenCLI.runServe(self, console: GalgenCLI.currentConsole))
    }

    /// Whether an address only this machine can reach.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

extension GalgenCLI {
    static func runServe(_ command: ServeCommand, console: Console) async -> ExitStatus {
        let options = command.site.buildOptions(offline: command.offline)
        let configPath = options.configPath
        let config: SiteConfig
        let fileSystem = LocalFileSystem()
        do { config = try ConfigLoader(fileSystem: fileSystem).load(path: configPath) } catch {
            console.err("error: \(error)")
            return .usageOrConfig
        }
        let buildOptions = options
        let site = options.outputDirectory(for: config)
        if !ServeCommand.isLoopback(command.host) {
            console.err("warning: listening on \(command.host): anyone who can reach this machine can read the site and the build errors")
        }
        let quiet = command.outputOptions.quiet, verbose = command.outputOptions.verbose
        guard let port = choosePort(command, console: console) else { return .buildFailed }
        // Rebuilds reuse what the previous one worked out (page keys, the output folders' records).
        let session = BuildSession()
        let server = PreviewServer(
            settings: .init(host: command.host, port: port, siteDirectory: site, configPath: configPath,
                            pollInterval: .milliseconds(command.poll)),
            fileSystem: fileSystem,
            build: { _ in
                let start = ContinuousClock.now
                do {
                    var environment = liveEnvironment()
                    environment.notice = { line in if !quiet { console.err("galgen: " + line) } }
                    let report = try await SiteBuilder(options: buildOptions, environment: environment, session: session).build()
                    Summary(report: report, seconds: (ContinuousClock.now - start).seconds, verbose: verbose, quiet: quiet,
                            console: console).print()
                    return .succeeded(reading: session.localImages)
                } catch {
                    console.err("error: \(error)")
                    return .failed("\(error)")
                }
            },
            log: { line in if !quiet { console.out("galgen serve: " + line) } })
        do {
            try await server.run { port in
                let shown = command.host.contains(":") && !command.host.hasPrefix("[") ? "[\(command.host)]" : command.host
                console.out("galgen serve: http://\(shown):\(port)/ (serving \(site); Ctrl-C stops)")
            }
        } catch where PortProbe.isAddressInUse(error) {
            console.err(portTaken(port, host: command.host))
            return .buildFailed
        } catch {
            console.err("error: the server stopped: \(error)")
            return .buildFailed
        }
        if !quiet { console.out("galgen serve: stopped") }
        return .success
    }

    /// The port to serve on: `--port` when it is free; without `--port`, 8080 or the next free port
    /// after it (saying so). `nil` (after printing why) when the port asked for is taken.
    static func choosePort(_ command: ServeCommand, console: Console) -> Int? {
        let wanted = command.port ?? ServeCommand.defaultPort
        if PortProbe.isFree(host: command.host, port: wanted) { return wanted }
        if command.port != nil {
            console.err(portTaken(wanted, host: command.host))
            return nil
        }
        guard let free = PortProbe.firstFree(host: command.host, from: wanted + 1) else {
            console.err("error: ports \(wanted) to \(wanted + 20) on \(command.host) are all taken; choose one with --port N (--port 0 picks any free port)")
            return nil
        }
        console.out("galgen serve: port \(wanted) is taken (another galgen serve?); using port \(free) instead (--port N chooses)")
        return free
    }

    /// The message for a port someone else listens on.
    static func portTaken(_ port: Int, host: String) -> String {
        "error: port \(port) on \(host) is taken (another galgen serve?); choose another with --port N (--port 0 picks any free port)"
    }
}
