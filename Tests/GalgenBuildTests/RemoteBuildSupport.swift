import Foundation
import GalgenBuild
import GalgenCore
import GalgenFetch
import GalgenTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock time a test can move forward.
final class ManualNow: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double

    init(_ start: Double = Date().timeIntervalSince1970) {
        value = start
    }

    var seconds: Double { lock.withLock { value } }
    func advance(by seconds: Double) { lock.withLock { value += seconds } }
}

/// Waits requested by the fetcher, recorded instead of slept.
final class PauseLog: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []
    var all: [Duration] { lock.withLock { waits } }
    var pause: Pause { Pause { [self] d in lock.withLock { waits.append(d) } } }
}

/// One fixture server for the whole test process.
enum SharedServer {
    static let result = Result { try FixtureServer() }
    static func get() throws -> FixtureServer { try result.get() }
}

/// Fetch limits that keep fault tests fast: short timeouts, one retry.
let quickFetch = #""fetch": {"connectTimeout": 1, "idleTimeout": "400ms", "totalTimeout": "1500ms", "retries": 1, "backoff": "10ms", "imageMaxAge": 0}"#

/// The default fetch limits, for tests that count the server's requests: on a loaded machine the
/// quick limits time a healthy answer out, and its retry is one request more in the log.
let patientFetch = #""fetch": {"imageMaxAge": 0}"#

struct RemoteBuild {
    var site: FixtureSite
    var now = ManualNow()
    var pauses = PauseLog()

    init(sources: String, extra: String = quickFetch) throws {
        site = try FixtureSite(count: 0)
        try site.writeConfig(sources: sources, extra: extra)
    }

    func environment() -> BuildEnvironment {
        let now = self.now
        return BuildEnvironment(fileSystem: LocalFileSystem(), clock: ContinuousClock(), processID: getpid(), isProcessAlive: { _ in true },
                                now: { now.seconds }, pause: pauses.pause, random: { 1 })
    }

    func build(output: String? = nil, offline: Bool = false, refresh: Bool = false) async throws -> BuildReport {
        try await SiteBuilder(options: BuildOptions(configPath: site.configPath, outputDirectory: output, jobs: 2, offline: offline, refresh: refresh),
                              environment: environment()).build()
    }

    func buildError(offline: Bool = false) async -> BuildError? {
        do {
            _ = try await build(offline: offline)
            return nil
        } catch {
            return error as? BuildError
        }
    }

    func page(_ relative: String) throws -> String {
        String(decoding: try site.directory.read("public/" + relative), as: UTF8.self)
    }
}

extension BuildReport {
    func diagnostics(_ code: String) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}
