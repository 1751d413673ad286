public import GalgenCore

/// One part of a sharded build (`galgen build --shard I/N`): the image work whose shard key falls
/// in part `index` of `count`. The key is stable across machines: a local file's SHA-256 (every
/// runner checks out the same bytes), or for a URL the SHA-256 of the URL itself (its bytes are
/// not known before the download, and sharding by URL keeps each URL downloaded by one shard).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// Creates a shard.
    /// - Parameters:
    ///   - index: 1 through `count`.
    ///   - count: How many shards, at least 1.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 4096, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`; nil when it is not two numbers with 1 ≤ I ≤ N ≤ 4096.
    /// - Parameter text: The argument.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the work keyed by `hash` belongs to this shard: the first 64 bits of the hash, modulo the count.
    /// - Parameter hash: SHA-256 hex (at least 16 digits).
    public func contains(hash: String) -> Bool {
        guard let prefix = UInt64(hash.prefix(16), radix: 16) else { return index == 1 }
        return Int(prefix % UInt64(count)) == index - 1
    }

    /// Whether a URL's image work belongs to this shard.
    /// - Parameter url: The image URL.
    public func contains(url: String) -> Bool { contains(hash: ContentHash.sha256Hex("galgen-shard|" + url)) }
}
