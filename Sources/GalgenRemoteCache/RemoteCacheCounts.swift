/// What the shared remote cache did in one build (the build report's `remoteCache`). Its problems
/// never fail a build (not even `--strict`): they are listed here and printed as warnings.
public struct RemoteCacheCounts: Sendable, Codable, Hashable {
    /// The remote's base URL.
    public var url: String
    /// Sources whose missing work all came from the remote (nothing decoded).
    public var remoteHits = 0
    /// Sources the local cache lacked and the remote did not supply (absent, damaged, or the remote failing).
    public var remoteMisses = 0
    /// Bodies uploaded (`PUT /cas/…`).
    public var uploaded = 0
    /// Requests that failed, bodies that did not match their SHA-256, and action entries not used.
    public var remoteErrors = 0
    /// The first distinct problems, each naming the request, the URL and the reason.
    public var problems: [String] = []
    /// Record pages taken from the remote cache (fetched by another runner) instead of their API.
    public var pagesFromRemote = 0
    /// Image URLs whose entry (digest, validators, fetch time) was taken from the remote cache:
    /// another runner had downloaded or revalidated them.
    public var urlsFromRemote = 0
    /// Image URL entries this build wrote to the remote cache.
    public var urlsShared = 0
    /// Entries found only in the previous bucket and written to the current one (`rotate`).
    public var promoted = 0
    /// With `rotate`: the bucket written and read first, and the previous one read after it.
    public var buckets: [String]?
    /// Shards and pushes: sources whose complete local work was uploaded.
    public var pushed: Int?
    /// Shards and pushes: sources whose work the remote already held as the local cache does.
    public var alreadyRemote: Int?
    /// Pushes: sources whose work the local cache does not hold in full (not uploaded).
    public var notLocal: Int?

    /// Creates empty counts.
    /// - Parameter url: The remote's base URL.
    public init(url: String) { self.url = url }
}
