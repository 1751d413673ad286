public import GalgenCore
public import GalgenImageWork

/// What a build did: its inputs, counts, cache use, problems and time per step. `--report FILE`
/// writes it as JSON; docs/report.md documents every field.
public struct BuildReport: Sendable, Codable, Hashable {
    /// The version of the JSON format; it changes when a field is removed or changes meaning
    /// (new fields may appear without a change).
    public static let currentFormatVersion = 1

    /// What the build was asked to do: files, folders and options. Sorted or in config order, never timed.
    public struct Inputs: Sendable, Codable, Hashable {
        /// One record source of the config.
        public struct Source: Sendable, Codable, Hashable {
            /// The source's name (its collection's folder).
            public var name: String
            /// The config's `type`: `json`, `randomuser`, `itunes`, `folder`, `csv` or `jsonl`.
            public var type: String
            /// Absolute path of a local JSON file, or of a folder source's folder.
            public var path: String?
            /// The URL of a remote source (for APIs, the endpoint).
            public var url: String?
        }

        /// Options of the build.
        public struct Options: Sendable, Codable, Hashable {
            /// Images processed (and pages rendered) at once.
            public var jobs = 1
            /// `--offline`: the cache alone, no network.
            public var offline = false
            /// `--refresh`: every cached response revalidated.
            public var refresh = false
            /// `--strict`: any problem fails the build (set by `galgen build`).
            public var strict = false
            /// `push` or `pull` for `galgen cache push|pull`; nil for builds.
            public var transfer: String?
        }

        /// The galgen version that ran the build.
        public var galgenVersion = GalgenVersion.current
        /// The commit that galgen was built from, when its build named one (release packages do).
        public var galgenCommit = GalgenVersion.commit
        /// The C libraries that made the images, validated the pages and sorted the records, with the
        /// versions loaded (as `galgen --version` lists them).
        public var libraries: [String: String] = BuildReport.libraryVersions
        /// Absolute path of the config file.
        public var config = ""
        /// The config's `baseURL` (absent when it has none, or when the config could not be read).
        public var baseURL: String?
        /// Absolute path of the templates folder (absent when the config could not be read).
        public var templates: String?
        /// Absolute path of the output folder (absent when the config could not be read).
        public var output: String?
        /// Absolute path of the cache folder (absent when the config could not be read).
        public var cache: String?
        /// The sources, in config order (the order of the collections).
        public var sources: [Source] = []
        /// Options.
        public var options = Options()
    }

    /// Why a build stopped before publishing.
    public struct Fatal: Sendable, Codable, Hashable {
        /// The step that failed, e.g. `records` or `validate`.
        public var step: String
        /// What went wrong.
        public var message: String
        /// Each problem of generated pages that failed validation, as `page:line:column: message [code]`.
        public var issues: [String]
    }

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
    public typealias NetworkCounts = GalgenImageWork.NetworkCounts

    /// One file of the theme the site was rendered with, and where it came from.
    public struct ThemeFile: Sendable, Codable, Hashable {
        /// Path inside the theme: `item.mustache`, `assets/style.css`.
        public var path: String
        /// `site` (a file of the site overrides or adds it) or `builtin` (galgen's default theme).
        public var from: String
        /// Absolute path of the site's file (absent for built-in files).
        public var file: String?
    }

    /// Time spent in one step.
    public struct StepTiming: Sendable, Codable, Hashable {
        /// The step's name.
        public var name: String
        /// Wall-clock seconds.
        public var seconds: Double
        /// The `pages` step: pages whose key changed (or new pages), which were rendered and written.
        public var rendered: Int?
        /// The `pages` step: pages whose key did not change, left as they were.
        public var unchanged: Int?
        /// The `pages` step: pages of the replaced site that are gone.
        public var removed: Int?

        /// Creates a timing.
        public init(name: String, seconds: Double) {
            self.name = name
            self.seconds = seconds
        }
    }

    /// What the build changed in the output folder, over all its files (pages, assets, data
    /// files, images), against the site it replaced.
    public struct OutputCounts: Sendable, Codable, Hashable {
        /// Whether every file was made anew (nothing of the last build could be trusted).
        public var full: Bool
        /// Why the build was a full one (`first build`, `--clean`, a galgen upgrade, a damaged
        /// record, an output folder galgen did not last write); absent for an incremental build.
        public var reason: String?
        /// Files whose key changed or that are new; every file in a full build.
        public var rendered: Int
        /// Files whose key did not change.
        public var unchanged: Int
        /// Files of the replaced site that are gone.
        public var removed: Int
        /// How the files' keys were known: `proven unchanged by the record of the site's inputs` (a
        /// no-op that computed none), or `computed: ` and why (docs/report.md lists the reasons).
        public var keys: String? = nil
        /// Of the pages whose keys were computed, how many were taken from the last build's memo of them
        /// (``GalgenRendering/RenderMemo``): pages none of whose items changed. Absent when none were.
        public var keptPageKeys: Int? = nil
    }

    /// Version of this JSON format (``currentFormatVersion``).
    public var formatVersion = BuildReport.currentFormatVersion
    /// What the build was asked to do.
    public var inputs = Inputs()
    /// Whether the new site replaced the output folder.
    /// Set for a sharded build: its part of the image work (no site is written).
    public var shard: ShardCounts?
    public var published = false
    /// Why the build stopped, when it did (absent after a build that finished).
    public var fatal: Fatal?
    /// The exit code `galgen build` ended with (set by the command; absent in reports made by other callers).
    public var exitCode: Int?
    /// Number of sources.
    public var sources = 0
    /// Records kept (after dropping bad ones and duplicates).
    public var records = 0
    /// What each folder source found, by source name (sorted).
    public var folders: [FolderCounts] = []
    /// Pages written.
    public var pages = 0
    /// Asset files written.
    public var assets = 0
    /// JSON files written for the browser runtime (manifests, shards, search files).
    public var dataFiles = 0
    /// What changed in the output folder (absent when the build stopped before the pages step).
    public var output: OutputCounts?
    /// Image work.
    public var images = ImageCounts()
    /// Network use.
    public var network = NetworkCounts()
    /// The shared remote cache's use (absent when none is set, or with `--offline`).
    public var remoteCache: RemoteCacheCounts?
    /// Every template and asset used, sorted by path, with where it came from (empty when the
    /// build stopped before the theme was loaded).
    public var theme: [ThemeFile] = []
    /// Said once when English stands in for (some of) the site's language in the theme's text; nil otherwise.
    public var languageNote: String?
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
