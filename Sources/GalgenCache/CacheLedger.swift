
/// What one build did with the cache; stored as `builds/<time>-<pid>.json` in the cache folder.
/// Pruning keeps what recent builds used.
public struct BuildRecord: Sendable, Codable, Hashable {
    /// When the build ran (seconds since 1970).
    public var time: Double
    /// Variants taken from the cache.
    public var hits: Int
    /// Variants that had to be made.
    public var misses: Int
    /// Entries found damaged.
    public var damaged: Int
    /// Every entry the build used (paths below the cache folder), sorted.
    public var entries: [String]

    /// Creates a record.
    /// - Parameters:
    ///   - time: Seconds since 1970.
    ///   - hits: Variants reused.
    ///   - misses: Variants made.
    ///   - damaged: Damaged entries.
    ///   - entries: Entries used.
    public init(time: Double, hits: Int, misses: Int, damaged: Int, entries: [String]) {
        self.time = time
        self.hits = hits
        self.misses = misses
        self.damaged = damaged
        self.entries = entries.sorted()
    }
}

/// Entries and bytes of one namespace.
public struct NamespaceCount: Sendable, Hashable {
    /// `sources` or `variants`.
    public var namespace: String
    /// Number of entries.
    public var count: Int
    /// Their bytes.
    public var bytes: Int
}

/// Counts of a cache folder.
public struct CacheStatistics: Sendable, Hashable {
    /// Entries per namespace (`sources`, `variants`).
    public var entries: [NamespaceCount]
    /// Build records kept.
    public var builds: Int
    /// The newest build record.
    public var lastBuild: BuildRecord?

    /// All entries.
    public var totalEntries: Int { entries.reduce(0) { $0 + $1.count } }
    /// All bytes of entries.
    public var totalBytes: Int { entries.reduce(0) { $0 + $1.bytes } }
}

/// What a prune removed.
public struct PruneResult: Sendable, Hashable {
    /// Entries removed.
    public var removedEntries = 0
    /// Bytes freed.
    public var removedBytes = 0
    /// Entries kept.
    public var keptEntries = 0
    /// Old build records and stale temporary files removed.
    public var removedRecords = 0
}
