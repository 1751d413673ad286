/// One request that did not give a usable body: what kind of failure, for which URL, and whether
/// trying again could help.
public struct FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of failure.
    public enum Code: String, Sendable, Hashable {
        /// The URL is not an absolute http(s) URL.
        case badURL
        /// The connection could not be opened or broke.
        case connection
        /// No bytes arrived for longer than the idle timeout.
        case idleTimeout
        /// The attempt took longer than the total timeout (a slow drip ends here).
        case totalTimeout
        /// Redirects looped or were too many.
        case redirects
        /// The body is, or says it will be, larger than allowed.
        case tooLarge
        /// The body ended before its announced length.
        case truncated
        /// The server answered with a status that is not 200 (or 304 to a conditional request).
        case status
        /// The status was fine but the bytes are not what was asked for (HTML instead of JSON, …).
        case unexpectedBody
        /// `--offline` and nothing cached.
        case notCached
        /// The build was cancelled.
        case cancelled
    }

    /// The class of failure.
    public var code: Code
    /// The URL asked for.
    public var url: String
    /// What happened, for people (the URL is not repeated in it).
    public var message: String
    /// The HTTP status, when there was one.
    public var status: Int?
    /// Whether another attempt may succeed (connection trouble, timeouts, 5xx, 429, throttling).
    public var isTransient: Bool
    /// Attempts made before giving up.
    public var attempts = 1

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of failure.
    ///   - url: The URL asked for.
    ///   - message: What happened.
    ///   - status: The HTTP status, if any.
    ///   - isTransient: Whether a retry may help.
    public init(_ code: Code, url: String, message: String, status: Int? = nil, isTransient: Bool = false) {
        self.code = code
        self.url = url
        self.message = message
        self.status = status
        self.isTransient = isTransient
    }

    public var description: String { "\(url): \(message)" }
}
