/// Limits and retry rules for every HTTP request a build makes.
public struct FetchPolicy: Sendable, Hashable {
    /// Time allowed to open a connection.
    public var connectTimeout: Duration
    /// Longest silence allowed while waiting for headers or body bytes.
    public var idleTimeout: Duration
    /// Longest time one attempt may take from start to last body byte (a slow drip ends here).
    public var totalTimeout: Duration
    /// Redirects followed before giving up (cycles are refused at once).
    public var maxRedirects: Int
    /// Attempts per request, the first one included.
    public var maxAttempts: Int
    /// Wait before the first retry; doubled for each later one.
    public var backoffBase: Duration
    /// Longest wait between two attempts, `Retry-After` included.
    public var backoffCap: Duration
    /// Requests in flight to one host at once.
    public var perHostConcurrency: Int
    /// Sent as `User-Agent`.
    public var userAgent: String

    /// The defaults: 10 s connect, 20 s idle, 60 s total, 5 redirects, 4 attempts, backoff from
    /// 0.5 s up to 60 s, 6 requests per host.
    public init(connectTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(20),
                totalTimeout: Duration = .seconds(60), maxRedirects: Int = 5, maxAttempts: Int = 4,
                backoffBase: Duration = .milliseconds(500), backoffCap: Duration = .seconds(60),
                perHostConcurrency: Int = 6, userAgent: String = FetchPolicy.defaultUserAgent) {
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.maxRedirects = maxRedirects
        self.maxAttempts = max(1, maxAttempts)
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.perHostConcurrency = max(1, perHostConcurrency)
        self.userAgent = userAgent
    }

    /// `galgen/<version> (+https://github.com/galgen/galgen)`.
    public static let defaultUserAgent = "galgen/0.4 (static gallery generator; +https://github.com/galgen/galgen)"
}
