extension BuildReport {
    /// What the shared remote cache did. Its problems never fail a build (not even `--strict`):
    /// they are listed here and printed as warnings.
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

        /// Creates empty counts.
        /// - Parameter url: The remote's base URL.
        public init(url: String) { self.url = url }
    }
}
