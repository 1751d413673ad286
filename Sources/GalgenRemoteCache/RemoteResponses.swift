import Foundation
public import GalgenCache
public import GalgenCore

/// Record pages shared through the remote cache, so N runners building one site ask an API once
/// and see the same records (an unseeded randomuser.me answers differently every time). One action
/// per URL maps the local cache's entry for the URL (its fetch time and validators) and the body
/// to their digests. Read-through when the local copy is missing or older than `maxAge`: a remote
/// copy is taken only when it is fresh and was fetched later than the local one; write-behind for every page
/// fetched or revalidated in this build (and, for `galgen cache push`, every page used).
public struct RemoteResponses: Sendable {
    let client: RemoteCache
    let cache: DiskCache
    let fileSystem: any FileSystem
    let now: @Sendable () -> Double
    let uploads = UploadQueue(limit: RemoteImageCache.inFlight)
    /// Pages taken from the remote cache.
    public let counter = Counter()

    /// Pages taken from the remote cache.
    public actor Counter {
        public private(set) var taken = 0
        func add() { taken += 1 }
    }

    /// Creates the record pages' use of a remote cache.
    /// - Parameters:
    ///   - client: The remote cache.
    ///   - cache: The local cache the pages are kept in.
    ///   - fileSystem: Its files.
    ///   - now: Wall-clock time, seconds since 1970.
    public init(client: RemoteCache, cache: DiskCache, fileSystem: any FileSystem, now: @escaping @Sendable () -> Double) {
        self.client = client
        self.cache = cache
        self.fileSystem = fileSystem
        self.now = now
    }

    /// The action key of a URL's page.
    static func actionKey(_ url: String) -> String {
        ContentHash.sha256Hex("\(RemoteImageCache.version)\nresponse\n\(url)")
    }

    /// Fills the local cache with the remote's copy of a page when the local one is missing or
    /// stale and the remote's is newer.
    /// - Parameters:
    ///   - url: The page's URL.
    ///   - maxAge: Seconds a copy counts as fresh.
    public func prefetch(_ url: String, maxAge: Double) async {
        var local: RemoteEntry?
        if case .hit(let entry) = cache.remoteEntry(for: url), entry.failure == nil { local = entry }
        if let local, now() - local.fetchedAt < maxAge { return }
        let action = Self.actionKey(url)
        guard let (data, old) = await client.lookup(action) else { return }
        let entryPath = CacheKey.remote(url: url).relativePath
        guard data.count <= 1 << 16, let map = try? JSONDecoder().decode([String: String].self, from: data), map.count == 2,
              let entryDigest = map[entryPath] else {
            await client.log.failed("GET \(client.display("ac/" + action)): not a galgen page entry for \(url); not used")
            return
        }
        guard let entryBytes = await client.body(entryDigest) else { return }
        guard let entry = try? JSONDecoder().decode(RemoteEntry.self, from: entryBytes), entry.url == url, entry.failure == nil,
              map[CacheKey.body(hash: entry.body).relativePath] == entry.body else {
            await client.log.failed("GET \(client.display("cas/" + entryDigest)): not the cache entry of \(url); not used")
            return
        }
        // Only a fresh copy stands in for the API; a stale one would be revalidated with it anyway.
        guard now() - entry.fetchedAt < maxAge, local.map({ $0.fetchedAt < entry.fetchedAt }) ?? true else { return }
        guard let body = await client.body(entry.body) else { return }
        do {
            try cache.store(body, for: .body(hash: entry.body))
            try cache.store(entry)
            await counter.add()
            if old { await upload(entry) }
        } catch {
            await client.log.failed("cannot store the page \(url) in the local cache: \(error)")
        }
    }

    /// Uploads a page's entry and body in the background (see ``finish()``).
    /// - Parameter entry: The local cache's entry for the page.
    public func upload(_ entry: RemoteEntry) async {
        guard entry.failure == nil else { return }
        let cache = self.cache
        let client = self.client
        let fileSystem = self.fileSystem
        await uploads.add {
            guard let entryBytes = try? fileSystem.readFile(at: cache.path(for: .remote(url: entry.url))),
                  case .hit(let body) = cache.body(hash: entry.body) else { return }
            let entryDigest = ContentHash.sha256Hex(entryBytes)
            let map = [CacheKey.remote(url: entry.url).relativePath: entryDigest, CacheKey.body(hash: entry.body).relativePath: entry.body]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let json = try? encoder.encode(map) else { return }
            _ = await client.upload([(digest: entry.body, read: { body }), (digest: entryDigest, read: { entryBytes })], entry: json,
                                    key: Self.actionKey(entry.url))
        }
    }

    /// Waits for every upload.
    public func finish() async { await uploads.drain() }
}
