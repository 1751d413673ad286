public import Foundation
public import GalgenFetch
import Synchronization

/// An ``HTTPTransport`` that answers from a table instead of the network and remembers what it
/// was asked, for tests of the fetcher and of the build's steps.
///
/// A URL with a route gets that route's replies; any other URL gets the shared script. Each
/// request takes the next reply of its list and the last one repeats; an empty list answers 404.
///
///     let transport = FakeTransport(routes: ["https://api.test/items": [.ok(#"{"items":[]}"#)]])
///     // … run the code under test with `transport` …
///     #expect(transport.count("https://api.test/items") == 1)
public final class FakeTransport: HTTPTransport {
    /// One answer: a response of any status, or a failure to get one.
    public struct Reply: Sendable {
        fileprivate let outcome: Result<TransportResponse, Failure>

        fileprivate struct Failure: Error {
            var code: FetchError.Code
            var transient: Bool
        }

        /// A response.
        /// - Parameters:
        ///   - status: The status code.
        ///   - headers: Header names and values.
        ///   - body: The body.
        public static func respond(_ status: Int, _ headers: [(String, String)] = [], _ body: Data) -> Reply {
            Reply(outcome: .success(TransportResponse(status: status, headers: headers.map { (name: $0.0, value: $0.1) }, body: body)))
        }

        /// A response with a text body (UTF-8).
        /// - Parameters:
        ///   - status: The status code.
        ///   - headers: Header names and values.
        ///   - body: The body.
        public static func respond(_ status: Int, _ headers: [(String, String)] = [], _ body: String) -> Reply {
            respond(status, headers, Data(body.utf8))
        }

        /// A 200 response.
        /// - Parameters:
        ///   - body: The body.
        ///   - headers: Header names and values.
        public static func ok(_ body: Data, headers: [(String, String)] = []) -> Reply { respond(200, headers, body) }

        /// A 200 response with a text body (UTF-8).
        /// - Parameters:
        ///   - body: The body.
        ///   - headers: Header names and values.
        public static func ok(_ body: String, headers: [(String, String)] = []) -> Reply { respond(200, headers, body) }

        /// No response: the transport throws a ``FetchError`` of this code.
        /// - Parameters:
        ///   - code: The failure.
        ///   - transient: Whether the fetcher may try again.
        public static func fail(_ code: FetchError.Code, transient: Bool = false) -> Reply {
            Reply(outcome: .failure(Failure(code: code, transient: transient)))
        }

        /// What a URL without a reply gets.
        public static let notFound = respond(404, [], "Not Found")
    }

    private struct State {
        var script: [Reply]
        var routes: [String: [Reply]]
        var looks: [Reachability]
        var requests: [TransportRequest] = []
        var probes = 0
        var shutdowns = 0
    }

    private let state: Mutex<State>

    /// Creates a transport.
    /// - Parameters:
    ///   - script: The replies of every URL without a route, in order (the last repeats).
    ///   - routes: The replies of each URL (the exact text of the request's URL), in order.
    ///   - looks: What ``probe(host:port:)`` answers, in order (the last repeats).
    public init(_ script: [Reply] = [], routes: [String: [Reply]] = [:], looks: [Reachability] = [.reachable]) {
        state = Mutex(State(script: script, routes: routes, looks: looks))
    }

    /// Sets the replies of one URL, replacing any it had.
    /// - Parameters:
    ///   - url: The URL.
    ///   - replies: Its replies, in order (the last repeats).
    public func route(_ url: String, _ replies: Reply...) {
        state.withLock { $0.routes[url] = replies }
    }

    public func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse {
        let reply = state.withLock { state in
            state.requests.append(request)
            if state.routes[request.url] != nil { return Self.next(&state.routes[request.url]!) }
            return Self.next(&state.script)
        }
        switch reply.outcome {
        case .success(let response): return response
        case .failure(let failure):
            throw FetchError(failure.code, url: request.url, message: "scripted \(failure.code)", isTransient: failure.transient)
        }
    }

    public func shutdown() async {
        state.withLock { $0.shutdowns += 1 }
    }

    public func probe(host: String, port: Int) async -> Reachability {
        state.withLock { state in
            state.probes += 1
            guard !state.looks.isEmpty else { return .reachable }
            return state.looks.count > 1 ? state.looks.removeFirst() : state.looks[0]
        }
    }

    private static func next(_ replies: inout [Reply]) -> Reply {
        guard !replies.isEmpty else { return .notFound }
        return replies.count > 1 ? replies.removeFirst() : replies[0]
    }

    /// Every request sent, in order.
    public var requests: [TransportRequest] { state.withLock { $0.requests } }

    /// How many requests were sent.
    public var count: Int { state.withLock { $0.requests.count } }

    /// How many requests were sent to one URL.
    /// - Parameter url: The URL.
    public func count(_ url: String) -> Int { state.withLock { state in state.requests.count { $0.url == url } } }

    /// How many times ``probe(host:port:)`` was asked.
    public var probes: Int { state.withLock { $0.probes } }

    /// How many times ``shutdown()`` was called.
    public var shutdowns: Int { state.withLock { $0.shutdowns } }
}
