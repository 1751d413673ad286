public import GalgenCore

/// What a build did: counts, problems and time per step.
public struct BuildReport: Sendable, Codable, Hashable {
    /// Image work and cache use.
    public struct ImageCounts: Sendable, Codable, Hashable {
        /// Distinct source images referenced by records.
        public var sources = 0
        /// Sources decoded in this build (0 on a warm rebuild).
        public var decoded = 0
        /// Variants encoded in this build.
        public var encoded = 0
        /// Variants taken from the cache.
        public var reused = 0
        /// Cache entries found damaged and rebuilt.
        public var damaged = 0
        /// Sources that could not be used (their items show the placeholder).
        public var failed = 0
        /// Files written to `img/`.
        public var published = 0
    }

    /// What the network layer did (all zero for a site of local files).
    public struct NetworkCounts: Sendable, Codable, Hashable {
        /// HTTP requests sent, retries included.
        public var requests = 0
        /// Requests that were retries.
        public var retries = 0
        /// Bodies downloaded.
        public var downloads = 0
        /// Bytes downloaded.
        public var bytesDownloaded = 0
        /// Conditional requests answered 304 (no body).
        public var notModified = 0
        /// URLs answered from the cache without a request (fresh, or `--offline`).
        public var fromCache = 0
        /// Failed fetches replaced by a stale cached copy.
        public var staleFallbacks = 0
        /// URLs that failed after all attempts.
        public var failures = 0
        /// Seconds during which at least one image download was in progress.
        public var downloadSeconds = 0.0
        /// Seconds during which at least one image was being processed.
        public var processSeconds = 0.0
        /// Seconds during which both happened at once.
        public var overlapSeconds = 0.0
    }

    /// Time spent in one step.
    public struct StepTiming: Sendable, Codable, Hashable {
        /// The step's name.
        public var name: String
        /// Wall-clock seconds.
        public var seconds: Double
    }

    /// Number of sources.
    public var sources = 0
    /// Records kept (after dropping bad ones and duplicates).
    public var records = 0
    /// Pages written.
    public var pages = 0
    /// Asset files written.
    public var assets = 0
    /// JSON files written for the browser runtime (manifests, shards, search files).
    public var dataFiles = 0
    /// Image work.
    public var images = ImageCounts()
    /// Network use.
    public var network = NetworkCounts()
    /// Every problem, in a stable order.
    public var diagnostics: [Diagnostic] = []
    /// Time per step, in run order.
    public var steps: [StepTiming] = []
    /// Where the site was written.
    public var outputDirectory = ""

    /// Creates an empty report.
    public init() {}

    /// Whether anything went wrong (a `--strict` build fails then).
    public var hasProblems: Bool { !diagnostics.isEmpty }
}
