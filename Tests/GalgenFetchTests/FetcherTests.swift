import Foundation
import GalgenCore
import GalgenTestSupport
import Testing

@testable import GalgenFetch

/// Records the waits instead of sleeping.
final class RecordedPauses: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []
    var all: [Duration] { lock.withLock { waits } }
    var pause: Pause { Pause { [self] d in lock.withLock { waits.append(d) } } }
}

let now: Double = 1_800_000_000

func fetcher(_ transport: FakeTransport, _ pauses: RecordedPauses, attempts: Int = 4, perHost: Int = 6) -> Fetcher {
    let policy = FetchPolicy(maxAttempts: attempts, backoffBase: .milliseconds(500), backoffCap: .seconds(10), perHostConcurrency: perHost)
    return Fetcher(transport: transport, policy: policy, pause: pauses.pause, now: { now }, random: { 1.0 })
}

@Suite struct FetcherRetryTests {
    @Test func retriesServerErrorsWithExponentialBackoffThenSucceeds() async throws {
        let transport = FakeTransport([.respond(503, [], "<html>busy</html>"), .fail(.connection, transient: true), .respond(200, [], "{\"ok\":1}")])
        let pauses = RecordedPauses()
        let fetched = try await fetcher(transport, pauses).fetch("http://api.test/x", expecting: .json, maxBytes: 1000)
        #expect(fetched.attempts == 3)
        #expect(pauses.all == [.milliseconds(500), .milliseconds(1000)])
        guard case .body(let data, let kind, _) = fetched.outcome else { Issue.record("no body"); return }
        #expect(kind == .json)
        #expect(String(decoding: data, as: UTF8.self) == "{\"ok\":1}")
    }

    @Test func gives_up_after_the_last_attempt_and_says_so() async throws {
        let transport = FakeTransport([.respond(500, [], "oops")])
        let pauses = RecordedPauses()
        await #expect {
            _ = try await fetcher(transport, pauses, attempts: 3).fetch("http://api.test/x", expecting: .json, maxBytes: 1000)
        } throws: { error in
            guard let error = error as? FetchError else { return false }
            return error.status == 500 && error.attempts == 3 && error.message.contains("after 3 attempts")
        }
        #expect(transport.count == 3)
        #expect(pauses.all.count == 2)
    }

    @Test func jitterScalesTheWaitBetweenHalfAndAll() {
        let policy = FetchPolicy(backoffBase: .seconds(1), backoffCap: .seconds(5))
        let low = Fetcher(transport: FakeTransport([]), policy: policy, now: { now }, random: { 0 })
        let high = Fetcher(transport: FakeTransport([]), policy: policy, now: { now }, random: { 1 })
        #expect(low.backoff(attempt: 1) == .milliseconds(500))
        #expect(high.backoff(attempt: 1) == .seconds(1))
        #expect(high.backoff(attempt: 3) == .seconds(4))
        #expect(high.backoff(attempt: 4) == .seconds(5))  // capped
        #expect(high.backoff(attempt: 40) == .seconds(5))
    }

    @Test(arguments: [("2", Duration.seconds(2)), ("0", Duration.zero), ("600", Duration.seconds(10))])
    func tooManyRequestsHonoursRetryAfterSecondsWithACap(header: String, expected: Duration) async throws {
        let transport = FakeTransport([.respond(429, [("Retry-After", header)], "{\"error\":\"slow down\"}"), .respond(200, [], "[]")])
        let pauses = RecordedPauses()
        _ = try await fetcher(transport, pauses).fetch("http://api.test/x", expecting: .json, maxBytes: 1000)
        #expect(pauses.all == [expected])
    }

    @Test func retryAfterAsAnHTTPDateIsMeasuredFromNow() async throws {
        let date = HTTPDate.format(now + 3)
        let transport = FakeTransport([.respond(503, [("Retry-After", date)], ""), .respond(200, [], "[]")])
        let pauses = RecordedPauses()
        _ = try await fetcher(transport, pauses).fetch("http://api.test/x", expecting: .json, maxBytes: 1000)
        #expect(pauses.all == [.seconds(3)])
    }

    @Test func tooManyRequestsWithoutRetryAfterBacksOff() async throws {
        let transport = FakeTransport([.respond(429, [], "{\"error\":\"Whoa, ease up there cowboy\"}"), .respond(200, [], "[]")])
        let pauses = RecordedPauses()
        let fetched = try await fetcher(transport, pauses).fetch("http://api.test/x", expecting: .json, maxBytes: 1000)
        #expect(fetched.attempts == 2)
        #expect(pauses.all == [.milliseconds(500)])
    }

    @Test func emptyForbiddenIsThrottlingButForbiddenWithABodyIsFinal() async throws {
        let throttled = FakeTransport([.respond(403, [], ""), .respond(403, [], ""), .respond(200, [], "{}")])
        let pauses = RecordedPauses()
        let fetched = try await fetcher(throttled, pauses).fetch("http://itunes.test/search", expecting: .json, maxBytes: 1000)
        #expect(fetched.attempts == 3)

        let forbidden = FakeTransport([.respond(403, [], "<html>Forbidden</html>")])
        await #expect(throws: FetchError.self) {
            _ = try await fetcher(forbidden, RecordedPauses()).fetch("http://itunes.test/search", expecting: .json, maxBytes: 1000)
        }
        #expect(forbidden.count == 1)
    }

    @Test(arguments: [404, 410, 400, 401])
    func clientErrorsAreNotRetried(status: Int) async throws {
        let transport = FakeTransport([.respond(status, [], "Not Found")])
        await #expect {
            _ = try await fetcher(transport, RecordedPauses()).fetch("http://api.test/x", expecting: .image, maxBytes: 1000)
        } throws: { ($0 as? FetchError)?.status == status && ($0 as? FetchError)?.isTransient == false }
        #expect(transport.count == 1)
    }

    @Test func permanentTransportFailuresAreNotRetried() async throws {
        let transport = FakeTransport([.fail(.tooLarge, transient: false)])
        await #expect(throws: FetchError.self) {
            _ = try await fetcher(transport, RecordedPauses()).fetch("http://api.test/x", expecting: .image, maxBytes: 10)
        }
        #expect(transport.count == 1)
    }

    @Test func htmlWithStatus200IsNotJSONAndIsRetried() async throws {
        let transport = FakeTransport([
            .respond(200, [("Content-Type", "text/html")], "<html><body>Your request produced an error. [newNullResponse]</body></html>"),
            .respond(200, [("Content-Type", "text/javascript; charset=utf-8")], "\n\n\n{\"resultCount\":0,\"results\":[]}"),
        ])
        let fetched = try await fetcher(transport, RecordedPauses()).fetch("http://itunes.test/search", expecting: .json, maxBytes: 1000)
        #expect(fetched.attempts == 2)
    }

    @Test func htmlInPlaceOfAnImageFailsAtOnceWithAnExcerpt() async throws {
        let transport = FakeTransport([.respond(200, [("Content-Type", "image/jpeg")], "<!doctype html><title>Error</title>")])
        await #expect {
            _ = try await fetcher(transport, RecordedPauses()).fetch("http://cdn.test/a.jpg", expecting: .image, maxBytes: 1000)
        } throws: { error in
            guard let error = error as? FetchError else { return false }
            return error.code == .unexpectedBody && error.message.contains("an HTML page") && error.message.contains("<title>Error")
        }
        #expect(transport.count == 1)
    }

    @Test func conditionalRequestSendsValidatorsAndUnderstands304() async throws {
        let transport = FakeTransport([.respond(304, [], "")])
        let fetched = try await fetcher(transport, RecordedPauses()).fetch(
            "http://cdn.test/a.jpg", expecting: .image, maxBytes: 1000, validators: Validators(etag: "\"abc\"", lastModified: "Wed, 21 Oct 2026 07:28:00 GMT"))
        guard case .notModified = fetched.outcome else { Issue.record("expected notModified"); return }
        let headers = transport.requests[0].headers
        #expect(headers.contains { $0.name == "If-None-Match" && $0.value == "\"abc\"" })
        #expect(headers.contains { $0.name == "If-Modified-Since" && $0.value == "Wed, 21 Oct 2026 07:28:00 GMT" })
        #expect(headers.contains { $0.name == "User-Agent" && $0.value.hasPrefix("galgen/") })
    }

    @Test func validatorsOfANewBodyAreReturned() async throws {
        let transport = FakeTransport([.respond(200, [("ETag", "W/\"v2\""), ("Last-Modified", "Thu, 22 Oct 2026 07:28:00 GMT")], "{}")])
        let fetched = try await fetcher(transport, RecordedPauses()).fetch("http://api.test/x", expecting: .json, maxBytes: 1000)
        guard case .body(_, _, let validators) = fetched.outcome else { Issue.record("no body"); return }
        #expect(validators == Validators(etag: "W/\"v2\"", lastModified: "Thu, 22 Oct 2026 07:28:00 GMT"))
        #expect(transport.requests[0].headers.contains { $0.name == "If-None-Match" } == false)
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "/relative/path", "ftp://x.test/a"])
    func nonHTTPURLsAreRefusedWithoutARequest(url: String) async throws {
        let transport = FakeTransport([.respond(200, [], "{}")])
        await #expect { _ = try await fetcher(transport, RecordedPauses()).fetch(url, expecting: .json, maxBytes: 10) } throws: {
            ($0 as? FetchError)?.code == .badURL
        }
        #expect(transport.count == 0)
    }
}

/// A transport that holds each request for a moment and records how many ran at once per host.
final class ConcurrencyProbe: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var active: [String: Int] = [:]
    private(set) var peak: [String: Int] = [:]

    func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse {
        let host = URL(string: request.url)!.host!
        lock.withLock {
            active[host, default: 0] += 1
            peak[host] = max(peak[host] ?? 0, active[host]!)
        }
        try? await Task.sleep(for: .milliseconds(20))
        lock.withLock { active[host]! -= 1 }
        return TransportResponse(status: 200, headers: [], body: Data("{}".utf8))
    }
}

@Suite struct FetcherConcurrencyTests {
    @Test func requestsPerHostAreLimited() async throws {
        let probe = ConcurrencyProbe()
        let fetcher = Fetcher(transport: probe, policy: FetchPolicy(perHostConcurrency: 2), now: { now })
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<12 {
                let host = i % 2 == 0 ? "a.test" : "b.test"
                group.addTask { _ = try? await fetcher.fetch("http://\(host)/\(i)", expecting: .json, maxBytes: 100) }
            }
        }
        #expect(probe.peak == ["a.test": 2, "b.test": 2])
    }
}

@Suite struct BodyKindAndDateTests {
    @Test func sniffsByBytesNotByName() {
        #expect(BodyKind.sniff(Data("\n\n\n{\"resultCount\":1}".utf8)) == .json)
        #expect(BodyKind.sniff(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)) == .json)
        #expect(BodyKind.sniff(Data("  <html><body>502 Bad Gateway</body></html>".utf8)) == .html)
        #expect(BodyKind.sniff(Data("Not Found".utf8)) == .text)
        #expect(BodyKind.sniff(Data()) == .empty)
        #expect(BodyKind.sniff(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == .media(.jpeg))
        #expect(BodyKind.sniff(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == .media(.png))
        #expect(BodyKind.sniff(Data("GIF89a....".utf8)) == .media(.gif))
        #expect(BodyKind.sniff(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .media(.webp))
        #expect(BodyKind.sniff(Data([0x00, 0x01, 0x02, 0x03])) == .binary)
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(now)) == now)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("tomorrow") == nil)
    }

    @Test func retryAfterReadsBothForms() {
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay(HTTPDate.format(now + 30), now: now) == .seconds(30))
        #expect(RetryAfter.delay(HTTPDate.format(now - 30), now: now) == .zero)
        #expect(RetryAfter.delay("-5", now: now) == nil)
        #expect(RetryAfter.delay("soon", now: now) == nil)
    }
}

/// A response's own freshness lifetime, as a shared cache reads `Cache-Control` (RFC 9111 §5.2.2).
struct CacheControlTests {
    @Test func maxAgeSharedMaxAgeAndNoCache() {
        #expect(Validators.maxAge(cacheControl: nil) == nil)
        #expect(Validators.maxAge(cacheControl: "public") == nil)
        #expect(Validators.maxAge(cacheControl: "max-age=3600") == 3600)
        #expect(Validators.maxAge(cacheControl: "public, max-age=60, s-maxage=600") == 600)
        #expect(Validators.maxAge(cacheControl: "S-MAXAGE=\"30\", Max-Age=60") == 30)
        #expect(Validators.maxAge(cacheControl: "max-age=31536000, immutable") == 31_536_000)
        #expect(Validators.maxAge(cacheControl: "no-cache") == 0)
        #expect(Validators.maxAge(cacheControl: "max-age=600, no-store") == 0)
        #expect(Validators.maxAge(cacheControl: "max-age=-5") == 0)
        #expect(Validators.maxAge(cacheControl: "max-age=soon") == 0, "an unreadable lifetime is treated as stale")
    }
}
