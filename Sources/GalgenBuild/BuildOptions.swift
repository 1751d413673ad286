public import GalgenCore
public import GalgenFetch
public import GalgenConfig

/// How to run a build: paths, parallelism and effects.
public struct BuildOptions: Sendable {
    /// Absolute path of `config.json`.
    public var configPath: String
    /// Absolute output folder; nil uses the config's `output`, else `public` beside the config.
    public var outputDirectory: String?
    /// Absolute cache folder; nil uses the config's `cache`, else `.galgen/cache` beside the config.
    public var cacheDirectory: String?
    /// How many images are processed (and pages rendered) at once.
    public var jobs: Int
    /// Build from the cache alone; anything remote that is not cached fails the build, listed.
    public var offline: Bool
    /// Revalidate every cached response, even those within their `maxAge`.
    public var refresh: Bool
    /// Trust nothing an earlier build left (the record of its files, the spare folder): write
    /// every file of the site (`galgen build --clean`).
    public var clean = false
    /// Read and verify every image variant in the cache, trusting no record of earlier
    /// verifications (`galgen build --verify`); a damaged one is made again.
    public var verify = false
    /// Take a no-op from the stamps of the files the last build read (``InputStamps``): when every one
    /// is as it was and the published site is as recorded, nothing is read or computed. `galgen build`
    /// sets it (not with `--clean`, `--verify` or `--refresh`); off, a no-op is proven from the inputs
    /// as read (``SiteInputs``).
    public var trustStamps = false
    /// A remote cache base URL (`galgen build --remote-cache`) that replaces the config's `cache.remote`.
    public var remoteCache: String?
    /// What the build makes: the site (default), one shard's image work, or a push or pull of the cache.
    public var mode: BuildMode = .site

    /// Creates options.
    /// - Parameters:
    ///   - configPath: Absolute path of the config file.
    ///   - outputDirectory: Output override.
    ///   - cacheDirectory: Cache override.
    ///   - jobs: Parallel workers, at least 1.
    ///   - offline: Build from the cache alone.
    ///   - refresh: Revalidate every cached response.
    public init(configPath: String, outputDirectory: String? = nil, cacheDirectory: String? = nil, jobs: Int,
                offline: Bool = false, refresh: Bool = false) {
        self.configPath = configPath
        self.outputDirectory = outputDirectory
        self.cacheDirectory = cacheDirectory
        self.jobs = max(1, jobs)
        self.offline = offline
        self.refresh = refresh
    }
}

extension BuildOptions {
    /// The folder a build of `config` writes: the override, else the config's `output`, else
    /// `public` beside the config.
    public func outputDirectory(for config: SiteConfig) -> String {
        outputDirectory ?? config.outputDirectory ?? config.baseDirectory + "/" + SiteConfig.Defaults.output
    }
}

/// The effects a build uses; tests pass their own.
public struct BuildEnvironment: Sendable {
    /// Files.
    public var fileSystem: any FileSystem
    /// Time, for the per-step timings.
    public var clock: any Clock<Duration>
    /// This process's id (names the staging folder).
    public var processID: Int32
    /// Whether a process id is still running (stale staging folders of dead builds are removed).
    public var isProcessAlive: @Sendable (Int32) -> Bool
    /// Wall-clock time in seconds since 1970 (stamps cache build records; never reaches the output).
    public var now: @Sendable () -> Double
    /// Makes the HTTP transport (called at most once per build, on the first request).
    public var makeTransport: @Sendable (FetchPolicy) -> any HTTPTransport
    /// Waits between retries.
    public var pause: Pause
    /// Uniform random numbers in 0..<1 (retry jitter).
    public var random: @Sendable () -> Double
    /// Reads an environment variable (the remote cache's token); the CLI passes the process's.
    public var variable: @Sendable (String) -> String?
    /// Shows a line to the person waiting while the build waits for the network (a host looks
    /// unreachable, the next attempt is in 1 s); the CLI prints it with the progress, tests may collect it.
    public var notice: @Sendable (String) -> Void = { _ in }

    /// Creates an environment.
    /// - Parameters:
    ///   - fileSystem: Files.
    ///   - clock: Time for timings.
    ///   - processID: This process's id.
    ///   - isProcessAlive: Process liveness check.
    ///   - now: Wall-clock time, seconds since 1970.
    ///   - makeTransport: Makes the HTTP transport (AsyncHTTPClient unless a test passes its own).
    ///   - pause: Waits between retries.
    ///   - random: Random numbers for the jitter.
    ///   - variable: Reads an environment variable (none by default).
    public init(fileSystem: any FileSystem, clock: any Clock<Duration>, processID: Int32,
                isProcessAlive: @escaping @Sendable (Int32) -> Bool, now: @escaping @Sendable () -> Double,
                makeTransport: @escaping @Sendable (FetchPolicy) -> any HTTPTransport = { AsyncHTTPTransport(policy: $0) },
                pause: Pause = .live, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                variable: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.processID = processID
        self.isProcessAlive = isProcessAlive
        self.now = now
        self.makeTransport = makeTransport
        self.pause = pause
        self.random = random
        self.variable = variable
    }
}
