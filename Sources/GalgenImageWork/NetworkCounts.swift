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

    /// All zero.
    public init() {}
}
