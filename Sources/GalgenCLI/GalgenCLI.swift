import ArgumentParser
import Foundation
import GalgenBuild
import GalgenConfig
import GalgenCore
import GalgenRemoteCache
import GalgenValidation
#if canImport(Glibc)
import Glibc
#endif

/// Entry point of the `galgen` executable, as a library so tests can run commands in-process.
public enum GalgenCLI {
    /// galgen's version.
    public static let version = GalgenVersion.current

    /// Where commands write; tests bind their own.
    @TaskLocal static var currentConsole = Console.standard

    /// Thrown by commands to end with an exit code.
    struct Exit: Error {
        var code: ExitStatus
    }

    /// Runs galgen with command-line arguments.
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - console: Where output goes.
    /// - Returns: The process exit code (see ``ExitStatus``).
    public static func main(arguments: [String], console: Console = .standard) async -> Int32 {
        if VersionText.wantsVerbose(arguments) {
            console.out(VersionText.verbose)
            return ExitStatus.success.rawValue
        }
        do {
            var command = try Galgen.parseAsRoot(arguments)
            try await $currentConsole.withValue(console) {
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
            return ExitStatus.success.rawValue
        } catch let exit as Exit {
            return exit.code.rawValue
        } catch {
            let message = Galgen.fullMessage(for: error)
            if Galgen.exitCode(for: error) == .success {
                console.out(message)
                return ExitStatus.success.rawValue
            }
            console.err(message)
            return ExitStatus.usageOrConfig.rawValue
        }
    }

    /// Prints an error from a command and turns it into the right exit code.
    static func fail(_ error: any Error, console: Console) -> Exit {
        console.err("error: \(error)")
        return Exit(code: error is ConfigError ? .usageOrConfig : .buildFailed)
    }

    /// Checks a `--remote-cache` argument (galgen build, cache push and pull).
    static func checkRemoteCache(_ url: String?) throws {
        if let url, let problem = RemoteCacheConfig.problem(with: url) {
            throw ValidationError("--remote-cache: \(problem), found \"\(url)\"")
        }
    }

    static func absolute(_ path: String) -> String {
        Paths.resolve(path, against: FileManager.default.currentDirectoryPath)
    }

    static func liveEnvironment() -> BuildEnvironment {
        BuildEnvironment(
            fileSystem: LocalFileSystem(), clock: ContinuousClock(), processID: getpid(),
            isProcessAlive: { pid in pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) },
            now: { Date().timeIntervalSince1970 }, variable: { ProcessInfo.processInfo.environment[$0] })
    }

    static func runBuild(_ command: BuildCommand, console: Console) async -> ExitStatus {
        var options = command.site.buildOptions(offline: command.offline, refresh: command.refresh)
        options.clean = command.clean
        options.verify = command.verify
        // A no-op is taken from the stamps of what the last build read, unless asked to trust nothing or to look again.
        options.trustStamps = !command.clean && !command.verify && !command.refresh
        options.remoteCache = command.remoteCache
        if let shard = command.shard.flatMap(Shard.init(parsing:)) { options.mode = .shard(shard) }
        return await run(options, strict: command.strict, reportPath: command.report, output: command.outputOptions, console: console)
    }

    /// Runs a build (or a shard, a push, a pull), prints its summary, writes its report.
    /// - Parameters:
    ///   - options: What to run.
    ///   - strict: Fail when anything had a problem.
    ///   - reportPath: Where to write the JSON report, if anywhere.
    ///   - output: Verbosity.
    ///   - console: Where output goes.
    ///   - remoteErrorsFail: Whether remote cache errors fail it (pushes and pulls, whose whole work they are).
    static func run(_ options: BuildOptions, strict: Bool, reportPath: String?, output: OutputOptions, console: Console,
                    remoteErrorsFail: Bool = false) async -> ExitStatus {
        let verbose = output.verbose
        let quiet = output.quiet
        let style = ProgressStyle.choose(isTerminal: console.isTerminal, environment: ProcessInfo.processInfo.environment, quiet: quiet)
        let printer = ProgressPrinter(style: style, console: console)
        let start = ContinuousClock.now
        var report: BuildReport
        var status: ExitStatus
        do {
            var environment = liveEnvironment()
            environment.notice = { printer.note($0) }
            report = try await SiteBuilder(options: options, environment: environment).build(events: { printer.handle($0) })
            printer.finish()
            let seconds = (ContinuousClock.now - start).seconds
            Summary(report: report, seconds: seconds, verbose: verbose, quiet: quiet, console: console, strict: strict).print()
            status = strict && report.hasProblems ? .buildFailed : .success
            if status != .success {
                console.err("error: --strict: \(report.diagnostics.count) problem\(report.diagnostics.count == 1 ? "" : "s") (listed above); failing the build (the site was still written)")
            }
            if remoteErrorsFail, let errors = report.remoteCache?.remoteErrors, errors > 0 {
                console.err("error: \(errors) request\(errors == 1 ? "" : "s") to the remote cache failed (listed above)")
                status = .buildFailed
            }
        } catch {
            printer.finish()
            console.err("error: \(error)")
            status = error.isConfigError ? .usageOrConfig : .buildFailed
            report = error.report ?? BuildReport()
        }
        if let path = reportPath {
            report.inputs.options.strict = strict
            report.exitCode = Int(status.rawValue)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do {
                try LocalFileSystem().writeFileAtomically(try encoder.encode(report) + Data("\n".utf8), to: absolute(path))
            } catch {
                console.err("error: cannot write the report to \(path): \(error)")
                return .buildFailed
            }
        }
        return status
    }

    static func runCheck(_ command: CheckCommand, console: Console) -> ExitStatus {
        let directory = absolute(command.directory)
        do {
            let result = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: directory)
            for issue in result.issues { console.err(issue.description) }
            if result.issues.isEmpty {
                if !command.outputOptions.quiet { console.out("galgen check: \(result.pages) pages and \(result.files) files in \(command.directory): no problems") }
                return .success
            }
            console.err("galgen check: \(result.issues.count) problem\(result.issues.count == 1 ? "" : "s") in \(result.pages) pages")
            return .buildFailed
        } catch {
            console.err("error: \(error)")
            return .buildFailed
        }
    }
}
