import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live transport: AsyncHTTPClient over SwiftNIO.
///
/// Chosen over Foundation's `URLSession` because on Linux `URLSession` cuts every timeout down to whole
/// seconds, its total (resource) timeout does not cover a slow body reliably, and it has no redirect-cycle
/// check or per-host pool limit. Here the connect and idle (read) timeouts are AsyncHTTPClient's own,
/// redirects are followed up to a limit with cycles refused, and the total timeout of an attempt —
/// headers *and* body — is enforced by racing the transfer against a timer, since AsyncHTTPClient's
/// deadline ends when the response head arrives.
public final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient
    private let policy: FetchPolicy
    private let prober = HostProbe()

    /// Creates a client with the policy's timeouts, redirect limit and per-host pool size.
    /// - Parameter policy: The limits.
    public init(policy: FetchPolicy) {
        self.policy = policy
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: policy.maxRedirects, allowCycles: false)
        configuration.timeout = .init(connect: Self.amount(policy.connectTimeout), read: Self.amount(policy.idleTimeout))
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: policy.perHostConcurrency)
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Closes the connections; call once when the build is done with the network.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Resolves the host and opens a TCP connection to it, within 2 s (``HostProbe``).
    public func probe(host: String, port: Int) async -> Reachability {
        await prober.look(host: host, port: port)
    }

    public func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse {
        let total = policy.totalTimeout
        let url = request.url
        do {
            return try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
                group.addTask { try await self.perform(request) }
                group.addTask {
                    try await Task.sleep(for: total)
                    return nil
                }
                guard let first = try await group.next(), let response = first else {
                    group.cancelAll()
                    throw FetchError(.totalTimeout, url: url, message: "no complete response within \(Self.describe(total)) (total timeout)",
                                     isTransient: true)
                }
                group.cancelAll()
                return response
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw classify(error, url: url, received: 0, expected: nil)
        }
    }

    private func perform(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: .now() + Self.amount(policy.totalTimeout))
        } catch {
            throw classify(error, url: request.url, received: 0, expected: nil)
        }
        // A HEAD response announces a length but has no body to read.
        if outgoing.method == .HEAD {
            return TransportResponse(status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) }, body: Data())
        }
        let expected = response.headers.first(name: "content-length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let expected, expected > request.maxBytes {
            throw FetchError(.tooLarge, url: request.url,
                             message: "announces \(expected) bytes, more than the limit of \(request.maxBytes)")
        }
        var body = Data()
        if let expected { body.reserveCapacity(expected) }
        do {
            for try await buffer in response.body {
                if body.count + buffer.readableBytes > request.maxBytes {
                    throw FetchError(.tooLarge, url: request.url, message: "body exceeds the limit of \(request.maxBytes) bytes")
                }
                body.append(contentsOf: buffer.readableBytesView)
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw classify(error, url: request.url, received: body.count, expected: expected)
        }
        if let expected, body.count < expected {
            throw FetchError(.truncated, url: request.url, message: "truncated: the body ended after \(body.count) of \(expected) bytes", isTransient: true)
        }
        let headers = response.headers.map { (name: $0.name, value: $0.value) }
        return TransportResponse(status: Int(response.status.code), headers: headers, body: body)
    }

    private func classify(_ error: any Error, url: String, received: Int, expected: Int?) -> FetchError {
        if let expected, received < expected {
            return FetchError(.truncated, url: url, message: "truncated: the connection was lost after \(received) of \(expected) bytes", isTransient: true)
        }
        if error is CancellationError { return FetchError(.cancelled, url: url, message: "cancelled") }
        guard let client = error as? HTTPClientError else {
            return FetchError(.connection, url: url, message: Self.describe(error), isTransient: true)
        }
        switch client {
        case .connectTimeout, .tlsHandshakeTimeout:
            return FetchError(.connection, url: url, message: "could not connect within \(Self.describe(policy.connectTimeout))", isTransient: true)
        case .readTimeout:
            return FetchError(.idleTimeout, url: url, message: "no data for \(Self.describe(policy.idleTimeout)) (idle timeout)", isTransient: true)
        case .deadlineExceeded:
            return FetchError(.totalTimeout, url: url, message: "no response within \(Self.describe(policy.totalTimeout)) (total timeout)", isTransient: true)
        case .redirectLimitReached:
            return FetchError(.redirects, url: url, message: "more than \(policy.maxRedirects) redirects")
        case .redirectCycleDetected:
            return FetchError(.redirects, url: url, message: "redirects loop back to a URL already visited")
        case .cancelled:
            return FetchError(.cancelled, url: url, message: "cancelled")
        case .invalidURL, .emptyHost, .emptyScheme:
            return FetchError(.badURL, url: url, message: "not a valid URL")
        case .remoteConnectionClosed:
            return FetchError(.connection, url: url, message: "the server closed the connection", isTransient: true)
        default:
            if String(describing: client).contains("unsupportedScheme") {
                return FetchError(.badURL, url: url, message: "redirected to a scheme other than http(s)")
            }
            return FetchError(.connection, url: url, message: "\(client)", isTransient: true)
        }
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }

    static func describe(_ duration: Duration) -> String {
        let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return ms % 1000 == 0 ? "\(ms / 1000) s" : "\(ms) ms"
    }

    private static func amount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}
