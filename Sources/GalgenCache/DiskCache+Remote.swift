public import Foundation
public import GalgenCore

/// What the cache knows about one URL: when it was fetched, the validators the server sent, and the
/// content hash of the body (stored once in `bodies/`, shared by every URL that served the same bytes).
public struct RemoteEntry: Sendable, Codable, Hashable {
    /// The URL asked for.
    public var url: String
    /// When it was last fetched or revalidated, seconds since 1970.
    public var fetchedAt: Double
    /// `ETag` of the stored body.
    public var etag: String?
    /// `Last-Modified` of the stored body.
    public var lastModified: String?
    /// SHA-256 hex of the body (empty for a remembered failure).
    public var body: String
    /// Size of the body in bytes.
    public var bytes: Int
    /// Set when the last fetch failed for good (a 404, an HTML page where an image was expected, …)
    /// and no good copy was held: the reason, reported again while the entry is fresh and by
    /// `--offline` builds, so they reproduce the last online build. Such an entry has no body.
    public var failure: String?
    /// The response's own freshness lifetime in seconds (`Cache-Control`), when it gave one: a
    /// copy is fresh for the shorter of this and the build's `maxAge`.
    public var maxAge: Double?
    /// False when the body is not kept here: the entry came from the remote cache's entry for the
    /// URL, whose image work the remote holds (nil means true). Such an entry is enough while the
    /// image's variants are cached; the body is downloaded when it must be decoded.
    public var held: Bool?

    /// Creates an entry.
    /// - Parameters:
    ///   - url: The URL.
    ///   - fetchedAt: Fetch time.
    ///   - etag: Entity tag.
    ///   - lastModified: Last-modified date.
    ///   - body: SHA-256 hex of the body.
    ///   - bytes: Body size.
    public init(url: String, fetchedAt: Double, etag: String?, lastModified: String?, body: String, bytes: Int) {
        self.url = url
        self.fetchedAt = fetchedAt
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.bytes = bytes
    }

    /// An entry that remembers a failed fetch.
    /// - Parameters:
    ///   - url: The URL.
    ///   - fetchedAt: When it failed.
    ///   - failure: Why.
    public init(url: String, fetchedAt: Double, failure: String) {
        self.init(url: url, fetchedAt: fetchedAt, etag: nil, lastModified: nil, body: "", bytes: 0)
        self.failure = failure
    }

    /// The cache files this entry uses (for the build's ledger, so pruning keeps them).
    public var cachePaths: [String] {
        failure == nil && held != false ? [CacheKey.remote(url: url).relativePath, CacheKey.body(hash: body).relativePath] : [CacheKey.remote(url: url).relativePath]
    }
}

extension CacheKey {
    /// The key of a URL's entry.
    /// - Parameter url: The URL.
    public static func remote(url: String) -> CacheKey {
        CacheKey(namespace: "remote", hash: ContentHash.sha256Hex("galgen-remote|\(url)"), fileExtension: "json")
    }

    /// The key of a body, by its content hash.
    /// - Parameter hash: SHA-256 hex of the bytes.
    public static func body(hash: String) -> CacheKey {
        CacheKey(namespace: "bodies", hash: hash, fileExtension: "bin")
    }
}

extension DiskCache {
    /// What the cache holds for a URL.
    public enum RemoteLookup: Sendable {
        /// The entry (its body exists and matches its hash when `verifyBody` was asked for).
        case hit(RemoteEntry)
        /// Nothing.
        case miss
        /// Something unusable, now removed.
        case damaged(String)
    }

    /// Looks a URL up.
    /// - Parameters:
    ///   - url: The URL.
    ///   - requireBody: Also check that the body file exists.
    public func remoteEntry(for url: String, requireBody: Bool = true) -> RemoteLookup {
        let key = CacheKey.remote(url: url)
        var entry: RemoteEntry?
        let found = lookup(key) { bytes in
            entry = try? JSONDecoder().decode(RemoteEntry.self, from: bytes)
            guard let entry else { return "unreadable metadata" }
            return entry.url == url ? nil : "metadata for another URL"
        }
        switch found {
        case .miss: return .miss
        case .damaged(let why): return .damaged("\(key): \(why)")
        case .hit:
            guard let entry else { return .miss }
            if requireBody, entry.failure == nil, entry.held != false, fileSystem.kind(at: path(for: .body(hash: entry.body))) != .file {
                try? fileSystem.remove(at: path(for: key))
                return .damaged("\(key): its body \(entry.body.prefix(16))… is missing")
            }
            return .hit(entry)
        }
    }

    /// Reads and verifies a stored body.
    /// - Parameter hash: SHA-256 hex of the bytes.
    public func body(hash: String) -> Lookup {
        lookup(.body(hash: hash)) { ContentHash.sha256Hex($0) == hash ? nil : "content does not match its hash" }
    }

    /// Stores a fetched body and its URL's entry.
    /// - Parameters:
    ///   - body: The bytes.
    ///   - url: The URL they came from.
    ///   - etag: The `ETag` sent with them.
    ///   - lastModified: The `Last-Modified` sent with them.
    ///   - fetchedAt: Fetch time, seconds since 1970.
    /// - Returns: The new entry.
    /// - Throws: ``FileSystemError``.
    @discardableResult
    public func storeRemote(_ body: Data, url: String, etag: String?, lastModified: String?, fetchedAt: Double,
                            maxAge: Double? = nil) throws(FileSystemError) -> RemoteEntry {
        let hash = ContentHash.sha256Hex(body)
        if fileSystem.kind(at: path(for: .body(hash: hash))) != .file { try store(body, for: .body(hash: hash)) }
        var entry = RemoteEntry(url: url, fetchedAt: fetchedAt, etag: etag, lastModified: lastModified, body: hash, bytes: body.count)
        entry.maxAge = maxAge
        try store(entry)
        return entry
    }

    /// Rewrites an entry (e.g. with a new fetch time after a 304).
    /// - Parameter entry: The entry.
    /// - Throws: ``FileSystemError``.
    public func store(_ entry: RemoteEntry) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entry) else { return }
        try store(data, for: .remote(url: entry.url))
    }
}
