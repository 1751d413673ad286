public import Hummingbird
public import GalgenCore
import HummingbirdCore
import Logging
import ServiceLifecycle
import UnixSignals

/// `galgen serve`: builds, serves the site folder on loopback, watches the build's inputs, rebuilds
/// on change and tells open pages to reload; a failed rebuild keeps the last good site and shows the
/// error. Runs until SIGINT/SIGTERM (or ``stop()``), then shuts down gracefully: the rebuild in
/// progress finishes, event streams end, in-flight requests complete.
public final class PreviewServer: Sendable {
    /// Where and how to serve.
    public struct Settings: Sendable {
        /// Address to bind (loopback unless the user asks otherwise).
        public var host: String
        /// Port; 0 picks a free one (tests).
        public var port: Int
        /// The folder the build writes and the server serves.
        public var siteDirectory: String
        /// The config file; with the templates and local sources it names, what is watched.
        public var configPath: String
        /// How often the inputs are polled.
        public var pollInterval: Duration

        /// Creates settings.
        public init(host: String, port: Int, siteDirectory: String, configPath: String, pollInterval: Duration = .milliseconds(100)) {
            self.host = host
            self.port = port
            self.siteDirectory = siteDirectory
            self.configPath = configPath
            self.pollInterval = pollInterval
        }
    }

    /// How a build went, as the server needs to know it.
    public struct BuildOutcome: Sendable, Hashable {
        /// Why the build failed (nothing was replaced; the message is shown in the browser); `nil`
        /// when the site folder holds a new good build.
        public var failure: String?
        /// Files the build read beyond what the config names (the local pictures records point at),
        /// watched until the next successful build says otherwise.
        public var inputs: [String]

        /// The site folder holds a new good build.
        public static let succeeded = BuildOutcome(failure: nil, inputs: [])

        /// The site folder holds a new good build, made from these files besides the config's.
        /// - Parameter inputs: Absolute paths of the local pictures the records point at (present or not).
        public static func succeeded(reading inputs: [String]) -> BuildOutcome { BuildOutcome(failure: nil, inputs: inputs) }

        /// Nothing was replaced; the message is shown in the browser.
        /// - Parameter message: The build's error.
        public static func failed(_ message: String) -> BuildOutcome { BuildOutcome(failure: message, inputs: []) }
    }

    /// The settings.
    public let settings: Settings
    /// Where the watched inputs are read.
    private let fileSystem: any FileSystem
    /// What open pages are told.
    public let hub = ReloadHub()
    private let build: @Sendable (_ changed: [String]) async -> BuildOutcome
    private let log: @Sendable (String) -> Void
    private let group = GroupBox()
    private let pictures = PicturesBox()

    /// Creates a server.
    /// - Parameters:
    ///   - settings: Address, folders, poll interval.
    ///   - fileSystem: Where the config and the inputs it names are read, to watch them.
    ///   - build: Runs one build (it prints its own report) and says how it went; `changed` lists the
    ///     inputs that changed (empty for the first build).
    ///   - log: Writes a line for the person at the terminal.
    public init(settings: Settings, fileSystem: any FileSystem, build: @escaping @Sendable (_ changed: [String]) async -> BuildOutcome,
                log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.fileSystem = fileSystem
        self.build = build
        self.log = log
    }

    /// Builds once, then serves and watches until a shutdown signal or ``stop()``.
    /// - Parameter onReady: Called with the bound port once requests are accepted.
    public func run(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var watcher = InputWatcher(configPath: settings.configPath, fileSystem: fileSystem)
        watcher.siteDirectory = settings.siteDirectory
        await record(await build([]))
        // Stamped after the first build, which says which pictures to watch; a picture changed during
        // that build is seen by the next save.
        let inputs = watcher.snapshot(pictures: await pictures.get())
        var logger = Logger(label: "galgen.serve")
        logger.logLevel = .error
        let connections = DescriptorBudget.maximumConnections(openFileLimit: DescriptorBudget.raiseOpenFileLimit())
        let app = Application(
            responder: SiteResponder(files: SiteFiles(root: settings.siteDirectory), hub: hub),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: nil,
                                 availableConnectionsDelegate: MaximumAvailableConnections(connections, logger: logger)),
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
            logger: logger)
        let rebuilder = Rebuilder(server: self, watcher: watcher, start: inputs)
        var configuration = ServiceGroupConfiguration(services: [app, rebuilder], gracefulShutdownSignals: [.sigint, .sigterm],
                                                      logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        let group = ServiceGroup(configuration: configuration)
        await self.group.set(group)
        try await group.run()
    }

    /// Starts a graceful shutdown, as Ctrl-C does.
    public func stop() async {
        await group.get()?.triggerGracefulShutdown()
    }

    fileprivate func rebuild(_ changed: [String]) async {
        let shown = changed.prefix(3).map { Self.relative($0, to: settings.configPath) }.joined(separator: ", ")
        log("changed: \(shown)\(changed.count > 3 ? " and \(changed.count - 3) more" : "") — rebuilding")
        await record(await build(changed))
    }

    /// The local pictures the last good build read.
    fileprivate func watchedPictures() async -> [String] { await pictures.get() }

    private func record(_ outcome: BuildOutcome) async {
        switch outcome.failure {
        case nil:
            await pictures.set(outcome.inputs)
            await hub.built()
            // Streams of closed tabs are counted until a write to them fails (at most 15 s).
            let pages = await hub.connections
            if pages > 0 { log("told \(pages) open page\(pages == 1 ? "" : "s") to reload") }
        case let message?:
            await hub.failed(message)
            log("the build failed; still serving the last good site (the error is shown in open pages)")
        }
    }

    private static func relative(_ path: String, to configPath: String) -> String {
        let base = configPath.split(separator: "/").dropLast().joined(separator: "/")
        let prefix = "/" + base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Holds the running service group so ``PreviewServer/stop()`` can reach it.
private actor GroupBox {
    private var group: ServiceGroup?
    func set(_ group: ServiceGroup) { self.group = group }
    func get() -> ServiceGroup? { group }
}

/// The local pictures the last good build read, for the watcher.
private actor PicturesBox {
    private var paths: [String] = []
    func set(_ paths: [String]) { self.paths = paths }
    func get() -> [String] { paths }
}

/// The watch-and-rebuild loop, as a service: on graceful shutdown it lets a rebuild in progress
/// finish, then ends every event stream so the HTTP server can drain.
private struct Rebuilder: Service {
    let server: PreviewServer
    let watcher: InputWatcher
    let start: InputWatcher.Snapshot

    func run() async throws {
        var last = start
        var sinceHeartbeat = Duration.zero
        let interval = server.settings.pollInterval
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await Task.sleep(for: interval)
            sinceHeartbeat += interval
            if sinceHeartbeat >= .seconds(15) {
                sinceHeartbeat = .zero
                await server.hub.heartbeat()
            }
            var current = watcher.snapshot(pictures: await server.watchedPictures())
            guard current != last, !Task.isShuttingDownGracefully else { continue }
            // Let a save settle (editors write in steps): wait until two polls agree, at most ~1 s.
            for _ in 0..<10 {
                try? await Task.sleep(for: interval)
                let next = watcher.snapshot(pictures: await server.watchedPictures())
                if next == current { break }
                current = next
            }
            let changed = current.changes(since: last)
            last = current
            await server.rebuild(changed)
        }
        await server.hub.finish()
    }
}
