public import Foundation
public import GalgenCache
public import GalgenCore
public import GalgenFetch

/// Fetches through the cache: a fresh entry is used as it is, a stale one is revalidated with a
/// conditional request (a 304 costs no body), a failed fetch falls back to the stale copy with a
/// warning, and `--offline` answers from the cache alone.
public struct RemoteFetch: Sendable {
    /// How a body was obtained.
    public enum Source: Sendable, Equatable {
        /// Downloaded in this build (not yet stored: see ``RemoteFetch/commit(_:)``).
        case network(Validators)
        /// Cached and within its `maxAge`, or `--offline`.
        case cache
        /// Cached; the server said 304.
        case revalidated
        /// Cached and stale; the fetch failed for the reason given.
        case stale(String)
    }

    /// A body and where it came from.
    public struct Body: Sendable {
        public var url: String
        public var data: Data?
        /// Set for bodies from the cache (its hash is the content hash).
        public var entry: RemoteEntry?
        public var source: Source
    }

    /// Why nothing could be had.
    public struct Failure: Error, Sendable {
        public var url: String
        public var message: String
        /// `--offline` and nothing cached.
        public var notCached: Bool
        /// The failure this build remembered in the cache (a definitive answer), if it did.
        public var remembered: RemoteEntry? = nil
    }

    /// Nil when the build is `--offline`.
    public let fetcher: Fetcher?
    public let cache: DiskCache
    public let now: @Sendable () -> Double
    /// `--refresh`: revalidate even fresh entries.
    public let refresh: Bool
    public let stats: NetworkStats

    /// A fetcher through the cache.
    /// - Parameters:
    ///   - fetcher: Nil when the build is `--offline`.
    ///   - cache: Holds the downloads and their entries.
    ///   - now: Seconds since 1970.
    ///   - refresh: Revalidate even fresh entries (`--refresh`).
    ///   - stats: Counts what the network layer did.
    public init(fetcher: Fetcher?, cache: DiskCache, now: @escaping @Sendable () -> Double, refresh: Bool, stats: NetworkStats) {
        self.fetcher = fetcher
        self.cache = cache
        self.now = now
        self.refresh = refresh
        self.stats = stats
    }

    /// Gets a URL's body.
    /// - Parameters:
    ///   - url: The URL.
    ///   - expecting: JSON or image.
    ///   - maxBytes: Largest body.
    ///   - maxAge: Seconds a cached copy counts as fresh.
    ///   - needBytes: Whether cached bytes must be read (records yes; images only when they must be decoded).
    ///   - force: Download the body whatever the cache holds (an unconditional request): the
    ///     cached entry does not hold its body and the body is needed.
    public func get(_ url: String, expecting: Expectation, maxBytes: Int, maxAge: Double, needBytes: Bool, force: Bool = false) async -> Result<Body, Failure> {
        var cached: RemoteEntry?
        switch cache.remoteEntry(for: url) {
        case .hit(let entry): cached = entry
        case .miss: break
        case .damaged(let why): await stats.note(damaged: why)
        }
        if force, fetcher != nil { cached = nil }
        func fromCache(_ entry: RemoteEntry, _ source: Source) async -> Result<Body, Failure> {
            if let failure = entry.failure { return .failure(Failure(url: url, message: failure, notCached: false)) }
            guard needBytes else { return .success(Body(url: url, data: nil, entry: entry, source: source)) }
            switch cache.body(hash: entry.body) {
            case .hit(let data): return .success(Body(url: url, data: data, entry: entry, source: source))
            case .miss, .damaged:
                await stats.note(damaged: "\(CacheKey.body(hash: entry.body)): missing or damaged")
                return .failure(Failure(url: url, message: "the cached copy is damaged", notCached: fetcher == nil))
            }
        }
        guard let fetcher else {
            guard let cached else {
                return .failure(Failure(url: url, message: "not in the cache", notCached: true))
            }
            await stats.count(.cache)
            return await fromCache(cached, .cache)
        }
        if let cached, !refresh, isFresh(cached, maxAge: maxAge, expecting: expecting) {
            await stats.count(.cache)
            return await fromCache(cached, .cache)
        }
        // A remembered failure that is no longer fresh is asked again from scratch: it has no validators.
        if cached?.failure != nil { cached = nil }
        let validators = cached.map { Validators(etag: $0.etag, lastModified: $0.lastModified) }
        do {
            let fetched = try await fetcher.fetch(url, expecting: expecting, maxBytes: maxBytes, validators: validators)
            await stats.attempts(fetched.attempts)
            switch fetched.outcome {
            case .notModified:
                // Only a conditional request, which needs a cached entry, can be answered 304.
                guard var entry = cached else {
                    return .failure(Failure(url: url, message: "HTTP 304 to an unconditional request", notCached: false))
                }
                entry.fetchedAt = now()
                try? cache.store(entry)
                await stats.count(.revalidated)
                return await fromCache(entry, .revalidated)
            case .body(let data, _, let validators):
                await stats.downloaded(data.count)
                return .success(Body(url: url, data: data, entry: nil, source: .network(validators)))
            }
        } catch {
            await stats.attempts(error.attempts)
            await stats.failed()
            // An image that is gone (404, 410) or is no image any more is not shown from a stale
            // copy: every runner, with or without that copy, must publish the same page.
            let gone = expecting == .image && (error.status == 404 || error.status == 410 || (error.code == .unexpectedBody && !error.isTransient))
            if let cached, !gone {
                await stats.count(.stale(""))
                return await fromCache(cached, .stale(error.message))
            }
            // A definitive answer (404, a page where an image was expected, a redirect loop, …) is
            // remembered like a response, so the next build within maxAge, and an --offline build,
            // report the same failure instead of asking again or calling the URL uncached.
            var remembered: RemoteEntry?
            if !error.isTransient, error.code != .cancelled {
                let entry = RemoteEntry(url: url, fetchedAt: now(), failure: error.message)
                if (try? cache.store(entry)) != nil { remembered = entry }
            }
            return .failure(Failure(url: url, message: error.message, notCached: false, remembered: remembered))
        }
    }

    /// The cached copy of a URL with its bytes, whatever its age; nil when there is none (or it is damaged).
    /// - Parameter url: The URL.
    public func cachedCopy(_ url: String) -> Body? {
        guard case .hit(let entry) = cache.remoteEntry(for: url), entry.failure == nil, case .hit(let data) = cache.body(hash: entry.body) else { return nil }
        return Body(url: url, data: data, entry: entry, source: .cache)
    }

    /// Stores a downloaded body once it has been checked (a bad body never replaces a good copy).
    /// - Parameter body: A body from the network.
    /// - Returns: Its cache entry.
    public func commit(_ body: Body) throws(FileSystemError) -> RemoteEntry? {
        guard case .network(let validators) = body.source, let data = body.data else { return body.entry }
        return try cache.storeRemote(data, url: body.url, etag: validators.etag, lastModified: validators.lastModified, fetchedAt: now(),
                                     maxAge: validators.maxAge)
    }

    /// Seconds a cached copy stays fresh: the build's `maxAge`, or for an image the response's own
    /// `Cache-Control` lifetime when it is shorter (record pages keep the source's `maxAge`: APIs
    /// send `no-cache` on pages a site means to keep for hours).
    public static func lifetime(_ entry: RemoteEntry, maxAge: Double, expecting: Expectation) -> Double {
        expecting == .image ? min(maxAge, entry.maxAge ?? maxAge) : maxAge
    }

    /// Whether a cached copy is used without asking its server (``lifetime(_:maxAge:expecting:)``).
    public func isFresh(_ entry: RemoteEntry, maxAge: Double, expecting: Expectation) -> Bool {
        now() - entry.fetchedAt < Self.lifetime(entry, maxAge: maxAge, expecting: expecting)
    }
}

/// Counts what the network layer did, for the build report.
public actor NetworkStats {
    public private(set) var counts = NetworkCounts()
    public private(set) var damaged: [String] = []

    /// Nothing counted yet.
    public init() {}

    public func count(_ source: RemoteFetch.Source) {
        switch source {
        case .network: break
        case .cache: counts.fromCache += 1
        case .revalidated: counts.notModified += 1
        case .stale: counts.staleFallbacks += 1
        }
    }

    public func attempts(_ n: Int) {
        counts.requests += n
        counts.retries += max(0, n - 1)
    }

    public func downloaded(_ bytes: Int) {
        counts.downloads += 1
        counts.bytesDownloaded += bytes
    }

    public func failed() { counts.failures += 1 }

    public func note(damaged why: String) { damaged.append(why) }

    public func add(downloadSeconds: Double, processSeconds: Double, overlapSeconds: Double) {
        counts.downloadSeconds = downloadSeconds
        counts.processSeconds = processSeconds
        counts.overlapSeconds = overlapSeconds
    }
}
