public import Foundation

/// One request, as the fetcher (or the remote cache) hands it to a transport: a GET unless told otherwise.
public struct TransportRequest: Sendable {
    /// Absolute http(s) URL.
    public var url: String
    /// The HTTP method: `GET` (the default), `HEAD` (no body is read) or `PUT`.
    public var method: String
    /// The body to send (for `PUT`); nil sends none.
    public var body: Data?
    /// Extra headers (`User-Agent`, conditional validators).
    public var headers: [(name: String, value: String)]
    /// Largest body accepted; a larger announced or received body fails with ``FetchError/Code/tooLarge``.
    public var maxBytes: Int

    /// Creates a request.
    /// - Parameters:
    ///   - url: Absolute http(s) URL.
    ///   - headers: Extra headers.
    ///   - maxBytes: Body limit.
    ///   - method: The HTTP method (`GET` unless given).
    ///   - body: The body to send, if any.
    public init(url: String, headers: [(name: String, value: String)], maxBytes: Int, method: String = "GET", body: Data? = nil) {
        self.url = url
        self.headers = headers
        self.maxBytes = maxBytes
        self.method = method
        self.body = body
    }
}

/// A complete response: any status, headers with lowercase names, the whole (bounded) body.
public struct TransportResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Headers, names lowercased, in arrival order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - status: Status code.
    ///   - headers: Headers (names are lowercased here).
    ///   - body: Body bytes.
    public init(status: Int, headers: [(name: String, value: String)], body: Data) {
        self.status = status
        self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        self.body = body
    }

    /// The first value of a header.
    /// - Parameter name: Header name, any case.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }
}

/// Sends one request and returns its response, enforcing the transport-level limits (timeouts,
/// redirects, body size). Retries, validation and caching are the ``Fetcher``'s job.
public protocol HTTPTransport: Sendable {
    /// Sends a request (a GET unless the request names another method).
    /// - Parameter request: What to send.
    /// - Returns: The response, whatever its status.
    /// - Throws: ``FetchError`` for anything that is not a complete response.
    func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse

    /// Releases connections; called once when the build is done with the network.
    func shutdown() async

    /// Looks quickly (about 2 s at most) whether a connection to `host:port` can be opened.
    /// - Parameters:
    ///   - host: The host name or address.
    ///   - port: The TCP port.
    func probe(host: String, port: Int) async -> Reachability
}

extension HTTPTransport {
    /// Nothing to release.
    public func shutdown() async {}

    /// Assumes every host can be reached (transports that do not look, such as tests' fakes).
    public func probe(host: String, port: Int) async -> Reachability { .reachable }
}

/// How the fetcher waits between attempts; tests record the waits instead of sleeping.
public struct Pause: Sendable {
    /// Waits for a duration (throws when the task is cancelled).
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a pause.
    /// - Parameter sleep: The waiting function.
    public init(sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.sleep = sleep
    }

    /// Sleeps for real.
    public static let live = Pause { try await Task.sleep(for: $0) }
}

/// A transport made on first use, so a build that fetches nothing never starts a client.
public actor LazyTransport: HTTPTransport {
    private let make: @Sendable () -> any HTTPTransport
    private var made: (any HTTPTransport)?

    /// Creates a lazy transport.
    /// - Parameter make: Makes the real transport.
    public init(make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    private func transport() -> any HTTPTransport {
        if let made { return made }
        let fresh = make()
        made = fresh
        return fresh
    }

    public func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse {
        try await transport().send(request)
    }

    public func shutdown() async {
        await made?.shutdown()
        made = nil
    }

    public func probe(host: String, port: Int) async -> Reachability {
        await transport().probe(host: host, port: port)
    }
}
