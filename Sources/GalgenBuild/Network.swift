import GalgenCache
import GalgenConfig
import GalgenCore
import GalgenFetch
import GalgenRemoteCache
import GalgenImageWork

/// A build's way to the origins: the fetcher through the cache, its transport (made on the first
/// request, so a site of local files never opens a connection pool) and the record pages shared
/// through the remote cache.
struct Network: Sendable {
    /// Gets URLs through the cache (no fetcher when `--offline`, for a push, or when every source is local).
    var fetch: RemoteFetch
    var transport: (any HTTPTransport)?
    /// Record pages shared through the remote cache, when one is set.
    var pages: RemoteResponses?
    /// Image URLs shared through the remote cache, when one is set.
    var images: RemoteURLs?

    /// The network of a build.
    /// - Parameters:
    ///   - state: The build (its config, options and environment).
    ///   - cache: The local cache.
    ///   - origins: Whether the origins may be asked at all (not for a push).
    init(for state: BuildState, config: SiteConfig, cache: DiskCache, origins: Bool = true) {
        let environment = state.environment
        let policy = Self.policy(config.fetch)
        transport = state.options.offline || !origins ? nil : LazyTransport(make: { environment.makeTransport(policy) })
        let notice = environment.notice
        let fetcher = transport.map {
            Fetcher(transport: $0, policy: policy, pause: environment.pause, now: environment.now, random: environment.random,
                    notify: { notice($0.line) })
        }
        fetch = RemoteFetch(fetcher: fetcher, cache: cache, now: environment.now, refresh: state.options.refresh, stats: NetworkStats())
        pages = state.remoteCache.map { RemoteResponses(client: $0, cache: cache, fileSystem: environment.fileSystem, now: environment.now) }
        images = state.remoteCache.map { RemoteURLs(client: $0, cache: cache, accept: Fetcher.imageAccept) }
    }

    /// The fetch limits of the config (the remote cache uses them too).
    static func policy(_ settings: FetchSettings) -> FetchPolicy {
        FetchPolicy(
            connectTimeout: .seconds(settings.connectTimeout), idleTimeout: .seconds(settings.idleTimeout),
            totalTimeout: .seconds(settings.totalTimeout), maxRedirects: settings.maxRedirects, maxAttempts: settings.retries + 1,
            backoffBase: .seconds(settings.backoff), backoffCap: .seconds(settings.maxBackoff), perHostConcurrency: settings.perHost,
            userAgent: settings.userAgent ?? FetchPolicy.defaultUserAgent)
    }

    /// The remote cache client: `--remote-cache` over the config's `cache.remote`; none with `--offline`.
    static func remoteCache(options: BuildOptions, config: SiteConfig, environment: BuildEnvironment) -> RemoteCache? {
        guard !options.offline else { return nil }
        var setting = options.remoteCache.map { RemoteCacheConfig(url: $0, tokenEnv: config.remoteCache?.tokenEnv) } ?? config.remoteCache
        if options.remoteCache != nil { setting?.rotate = config.remoteCache?.rotate }
        return RemoteCache.make(setting, policy: policy(config.fetch), maxBytes: max(config.fetch.maxResponseBytes, config.maxSourceBytes),
                                makeTransport: environment.makeTransport, pause: environment.pause, variable: environment.variable,
                                now: environment.now())
    }
}

extension BuildState {
    /// Closes the connections the build opened (the origins' and the remote cache's).
    func closeNetwork() async {
        await network?.transport?.shutdown()
        await remoteCache?.transport.shutdown()
    }
}
