public import GalgenCore

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

    /// Creates options.
    /// - Parameters:
    ///   - configPath: Absolute path of the config file.
    ///   - outputDirectory: Output override.
    ///   - cacheDirectory: Cache override.
    ///   - jobs: Parallel workers, at least 1.
    public init(configPath: String, outputDirectory: String? = nil, cacheDirectory: String? = nil, jobs: Int) {
        self.configPath = configPath
        self.outputDirectory = outputDirectory
        self.cacheDirectory = cacheDirectory
        self.jobs = max(1, jobs)
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

    /// Creates an environment.
    /// - Parameters:
    ///   - fileSystem: Files.
    ///   - clock: Time for timings.
    ///   - processID: This process's id.
    ///   - isProcessAlive: Process liveness check.
    ///   - now: Wall-clock time, seconds since 1970.
    public init(fileSystem: any FileSystem, clock: any Clock<Duration>, processID: Int32,
                isProcessAlive: @escaping @Sendable (Int32) -> Bool, now: @escaping @Sendable () -> Double) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.processID = processID
        self.isProcessAlive = isProcessAlive
        self.now = now
    }
}
