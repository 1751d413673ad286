public import GalgenRemoteCache

extension BuildReport {
    /// What the shared remote cache did (defined with the remote cache, in ``GalgenRemoteCache``).
    public typealias RemoteCacheCounts = GalgenRemoteCache.RemoteCacheCounts
}

extension BuildReport {
    /// A sharded build's part of the image work (`galgen build --shard I/N`).
    public struct ShardCounts: Sendable, Codable, Hashable {
        /// This shard, 1-based.
        public var index: Int
        /// How many shards.
        public var count: Int
        /// Distinct image sources of the whole site.
        public var sources = 0
        /// Those that fell in this shard (processed, or found complete, and uploaded).
        public var assigned = 0

        /// Creates counts.
        /// - Parameters:
        ///   - index: This shard.
        ///   - count: How many shards.
        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }
}
