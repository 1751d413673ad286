public import Foundation
public import GalgenCache
import GalgenCore

/// Image URLs shared through the remote cache, so a fleet downloads each image once: one action
/// per URL, written by whichever runner downloaded or revalidated it, records what the URL served
/// (the SHA-256 of the bytes, which names the image's own action), its validators, when it was
/// fetched and how long the response said it stays fresh, or the definitive failure it answered.
/// A runner whose local cache lacks the URL (or holds it stale) takes the entry into its local
/// cache without the body; then the build's usual rules apply to it: fresh means no request to the
/// origin, stale means one conditional request, and a body is downloaded only when it must be decoded.
public struct RemoteURLs: Sendable {
    /// The entry's format, part of every key.
    static let version = "galgen-url-v1"

    let client: RemoteCache
    let cache: DiskCache
    /// The request headers that change what an image URL serves (`Accept`: CDNs choose WebP or
    /// AVIF by it); part of the key.
    let accept: String
    let uploads = UploadQueue(limit: RemoteImageCache.inFlight)
    /// What happened to URL entries in this build.
    public let counter = Counter()

    /// Counts for the report.
    public actor Counter {
        /// Entries taken into the local cache.
        public private(set) var taken = 0
        /// Entries written.
        public private(set) var written = 0
        func take() { taken += 1 }
        func write() { written += 1 }
    }

    /// Creates the image URLs' use of a remote cache.
    /// - Parameters:
    ///   - client: The remote cache.
    ///   - cache: The local cache the entries go to.
    ///   - accept: The `Accept` header sent for images.
    public init(client: RemoteCache, cache: DiskCache, accept: String) {
        self.client = client
        self.cache = cache
        self.accept = accept
    }

    /// An image URL's entry on the remote.
    struct Entry: Codable, Hashable {
        var url: String
        /// When it was fetched or revalidated, seconds since 1970.
        var fetchedAt: Double
        /// SHA-256 hex of the body; absent for a failure.
        var digest: String?
        var bytes: Int?
        var etag: String?
        var lastModified: String?
        /// The response's own freshness lifetime, seconds.
        var maxAge: Double?
        /// The definitive failure the URL answered (404, not an image).
        var failure: String?
        var version: String

        /// The remote form of a local entry.
        init(_ local: RemoteEntry) {
            url = local.url
            fetchedAt = local.fetchedAt
            failure = local.failure
            version = RemoteURLs.version
            if local.failure == nil {
                digest = local.body
                bytes = local.bytes
                etag = local.etag
                lastModified = local.lastModified
                maxAge = local.maxAge
            }
        }

        /// The local form: a failure, or an entry whose body is not held here.
        var local: RemoteEntry {
            if let failure { return RemoteEntry(url: url, fetchedAt: fetchedAt, failure: failure) }
            var entry = RemoteEntry(url: url, fetchedAt: fetchedAt, etag: etag, lastModified: lastModified, body: digest ?? "", bytes: bytes ?? 0)
            entry.maxAge = maxAge
            entry.held = false
            return entry
        }

        /// Whether the entry is well formed for `url`.
        func valid(for url: String) -> Bool {
            guard self.url == url, version == RemoteURLs.version, fetchedAt.isFinite, fetchedAt >= 0, (maxAge ?? 0) >= 0 else { return false }
            if let failure { return digest == nil && !failure.isEmpty && failure.utf8.count <= 4096 }
            guard let digest, let bytes, bytes > 0 else { return false }
            return RemoteImageCache.isHex(digest, count: 64)
        }

        var json: Data? {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(self)
        }
    }

    /// The action key of an image URL.
    func actionKey(_ url: String) -> String {
        ContentHash.sha256Hex("\(RemoteImageCache.version)\n\(Self.version)\n\(url)\naccept=\(accept)")
    }

    /// Takes the remote's entry for an image URL into the local cache when the local one is
    /// missing, or older than the remote's. The local entry is then what the build fetches with:
    /// within its freshness it is used as it is, after it a conditional request revalidates it.
    /// - Parameters:
    ///   - url: The image URL.
    ///   - local: The local cache's entry, if any.
    /// - Returns: Whether an entry was taken.
    @discardableResult
    public func prefetch(_ url: String, local: RemoteEntry?) async -> Bool {
        let key = actionKey(url)
        guard let (data, old) = await client.lookup(key) else { return false }
        guard data.count <= 1 << 16, let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.valid(for: url) else {
            await client.log.failed("GET \(client.display("ac/" + key)): not a galgen entry for the image \(url); not used")
            return false
        }
        if old {
            let client = self.client
            await uploads.add {
                if await client.putAction(data, key: key) { await client.promoted() }
            }
        }
        if let local, local.fetchedAt >= entry.fetchedAt { return false }
        // A local body with the same digest stays: the entry keeps saying it is held.
        var taken = entry.local
        if entry.failure == nil, let local, local.failure == nil, local.held != false, local.body == entry.digest { taken.held = nil }
        do {
            try cache.store(taken)
            await counter.take()
            return true
        } catch {
            await client.log.failed("cannot store the entry of \(url) in the local cache: \(error)")
            return false
        }
    }

    /// Whether the remote's entry for a URL is the same as the local one (nil: it could not tell).
    /// - Parameter local: The local cache's entry.
    public func isCurrent(_ local: RemoteEntry) async -> Bool? {
        guard let data = await client.action(actionKey(local.url)) else { return await client.log.isDown ? nil : false }
        return data == Entry(local).json
    }

    /// Writes a URL's entry in the background (see ``finish()``).
    /// - Parameter local: The local cache's entry after this build fetched, revalidated or failed on it.
    public func upload(_ local: RemoteEntry) async {
        await uploads.add { [self] in await write(local) }
    }

    /// Writes URLs' entries now, one after the other.
    /// - Parameter entries: Local cache entries.
    public func write(_ entries: [RemoteEntry]) async {
        for entry in entries { await write(entry) }
    }

    /// Writes a URL's entry now.
    /// - Parameter local: The local cache's entry after this build fetched, revalidated or failed on it.
    public func write(_ local: RemoteEntry) async {
        guard let json = Entry(local).json else { return }
        if await client.putAction(json, key: actionKey(local.url)) { await counter.write() }
    }

    /// Waits for every upload.
    public func finish() async { await uploads.drain() }
}
