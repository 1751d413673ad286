import Foundation
import GalgenCore
import GalgenTestSupport
import Testing

@testable import GalgenFetch

/// The live transport (AsyncHTTPClient) against the local fixture server's fault routes.
@Suite(.serialized) struct AsyncHTTPTransportTests {
    static let server = Result { try FixtureServer() }

    func withTransport(_ policy: FetchPolicy, _ body: (AsyncHTTPTransport, FixtureServer) async throws -> Void) async throws {
        let server = try Self.server.get()
        let transport = AsyncHTTPTransport(policy: policy)
        do {
            try await body(transport, server)
        } catch {
            await transport.shutdown()
            throw error
        }
        await transport.shutdown()
    }

    func send(_ transport: AsyncHTTPTransport, _ url: String, maxBytes: Int = 10_000_000) async -> Result<TransportResponse, FetchError> {
        do throws(FetchError) {
            return .success(try await transport.send(TransportRequest(url: url, headers: [("User-Agent", "galgen-test")], maxBytes: maxBytes)))
        } catch {
            return .failure(error)
        }
    }

    func code(_ result: Result<TransportResponse, FetchError>) -> FetchError.Code? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    @Test func completeResponseWithValidators() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            let response = try await send(transport, server.url("/fault/image/ok.jpg")).get()
            #expect(response.status == 200)
            #expect(BodyKind.sniff(response.body) == .media(.jpeg))
            #expect(response.header("ETag") != nil)
            #expect(try await server.log().last?.userAgent == "galgen-test")
        }
    }

    @Test func aServerThatNeverAnswersHitsTheIdleTimeout() async throws {
        try await withTransport(FetchPolicy(idleTimeout: .milliseconds(300), totalTimeout: .seconds(20))) { transport, server in
            let started = ContinuousClock.now
            let result = await send(transport, server.url("/fault/image/hang.jpg"))
            #expect(code(result) == .idleTimeout)
            // Well before the 20 s total timeout. Not 5 s: with the whole suite running on two cores, reaching the
            // local server and its first silence took 6.6 s once (CI trial); the idle timeout itself is 0.3 s.
            #expect(ContinuousClock.now - started < .seconds(12))
        }
    }

    @Test func aSlowDripHitsTheTotalTimeoutThoughBytesKeepComing() async throws {
        try await withTransport(FetchPolicy(idleTimeout: .seconds(5), totalTimeout: .milliseconds(800))) { transport, server in
            let started = ContinuousClock.now
            let result = await send(transport, server.url("/fault/image/drip.jpg"))
            #expect(code(result) == .totalTimeout)
            #expect(ContinuousClock.now - started < .seconds(4))
        }
    }

    @Test func slowHeadersHitTheTotalTimeout() async throws {
        try await withTransport(FetchPolicy(idleTimeout: .seconds(10), totalTimeout: .milliseconds(500))) { transport, server in
            #expect(code(await send(transport, server.url("/fault/image/slow-headers.jpg"))) == .totalTimeout)
        }
    }

    @Test func redirectLoopsAreRefusedAndPlainRedirectsFollowed() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            let loop = await send(transport, server.url("/fault/image/redirect-loop.jpg"))
            #expect(code(loop) == .redirects)
            let followed = try await send(transport, server.url("/fault/image/redirect-ok.jpg")).get()
            #expect(followed.status == 200)
            #expect(BodyKind.sniff(followed.body) == .media(.jpeg))
        }
    }

    @Test func aGiganticContentLengthIsRefusedAtTheHeaders() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            let result = await send(transport, server.url("/fault/image/huge-length.jpg"))
            #expect(code(result) == .tooLarge)
            if case .failure(let error) = result { #expect(error.message.contains("50000000000")) }
        }
    }

    @Test func aBodyOverTheCapIsCutOff() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            #expect(code(await send(transport, server.url("/fault/image/ok.jpg"), maxBytes: 100)) == .tooLarge)
        }
    }

    @Test func aBodyShorterThanAnnouncedIsTruncated() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            let result = await send(transport, server.url("/fault/image/truncated.jpg"))
            #expect(code(result) == .truncated)
            if case .failure(let error) = result { #expect(error.isTransient) }
        }
    }

    @Test func aClosedPortIsAConnectionError() async throws {
        try await withTransport(FetchPolicy(connectTimeout: .milliseconds(500))) { transport, _ in
            let result = await send(transport, "http://127.0.0.1:9/nothing")
            #expect(code(result) == .connection)
        }
    }

    @Test func theFetcherRetriesAFailureOnceAndSucceeds() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            let pauses = RecordedPauses()
            let fetcher = Fetcher(transport: transport, policy: FetchPolicy(), pause: pauses.pause, now: { 0 }, random: { 1 })
            let path = "/fault/image/500-once.jpg?test=\(UUID().uuidString)"
            let fetched = try await fetcher.fetch(server.url(path), expecting: .image, maxBytes: 10_000_000)
            #expect(fetched.attempts == 2)
            #expect(pauses.all == [.milliseconds(500)])
            let statuses = try await server.log().filter { $0.path == path }.map(\.status)
            #expect(statuses == [500, 200])
        }
    }

    @Test func thePNGLieAndTheHTMLLieAreSeenThroughByTheFetcher() async throws {
        try await withTransport(FetchPolicy()) { transport, server in
            let fetcher = Fetcher(transport: transport, policy: FetchPolicy(), pause: RecordedPauses().pause, now: { 0 })
            let png = try await fetcher.fetch(server.url("/fault/image/png.jpg"), expecting: .image, maxBytes: 1_000_000)
            guard case .body(_, let kind, _) = png.outcome else { Issue.record("no body"); return }
            #expect(kind == .media(.png))
            await #expect { _ = try await fetcher.fetch(server.url("/fault/image/html.jpg"), expecting: .image, maxBytes: 1_000_000) } throws: {
                ($0 as? FetchError)?.code == .unexpectedBody
            }
        }
    }
}
