import Foundation
import Glibc
import GalgenTestSupport
import Testing

@testable import GalgenFetch

/// A scripted transport that also answers ``HTTPTransport/probe(host:port:)`` from a script.
final class ProbedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var looks: [Reachability]
    private(set) var probes = 0
    private(set) var sends = 0

    init(looks: [Reachability]) { self.looks = looks }

    func probe(host: String, port: Int) async -> Reachability {
        lock.withLock {
            probes += 1
            return looks.count > 1 ? looks.removeFirst() : looks[0]
        }
    }

    func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse {
        lock.withLock { sends += 1 }
        return TransportResponse(status: 200, headers: [], body: Data("{\"ok\":1}".utf8))
    }
}

/// Collects notices.
final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [FetchNotice] = []
    var all: [FetchNotice] { lock.withLock { list } }
    func add(_ notice: FetchNotice) { lock.withLock { list.append(notice) } }
}

@Suite struct ReachabilityTests {
    private func fetcher(_ transport: ProbedTransport, _ pauses: RecordedPauses, _ notices: Notices) -> Fetcher {
        let policy = FetchPolicy(maxAttempts: 4, backoffBase: .milliseconds(500), backoffCap: .seconds(10))
        return Fetcher(transport: transport, policy: policy, pause: pauses.pause, now: { now }, random: { 1.0 }, notify: notices.add)
    }

    @Test("a host that does not resolve: said at once, looked at again after each wait, then one error naming --offline")
    func unreachableHostFailsAfterLooksWithoutRequests() async throws {
        let transport = ProbedTransport(looks: [.unreachable("api.invalid does not resolve (Name or service not known)")])
        let pauses = RecordedPauses(), notices = Notices()
        let f = fetcher(transport, pauses, notices)
        await #expect {
            _ = try await f.fetch("http://api.invalid/x.json", expecting: .json, maxBytes: 1000)
        } throws: { error in
            let e = error as? FetchError
            return e?.code == .connection && e?.isTransient == false && e?.attempts == 4
                && e?.message.contains("does not resolve") == true && e?.message.contains("--offline") == true
        }
        #expect(transport.sends == 0 && transport.probes == 4)
        #expect(pauses.all == [.milliseconds(500), .seconds(1), .seconds(2)])
        let lines = notices.all.map(\.line)
        #expect(lines.first == "records: api.invalid does not resolve (Name or service not known): the network looks unreachable; galgen build --offline builds from the cache (when it holds what the site needs)")
        #expect(Array(lines.dropFirst()) == ["records: waiting for api.invalid (attempt 2 of 4, next in 500 ms)",
                                             "records: waiting for api.invalid (attempt 3 of 4, next in 1 s)",
                                             "records: waiting for api.invalid (attempt 4 of 4, next in 2 s)"])
        // The verdict is kept: another request to the host fails at once, with no new look.
        await #expect(throws: FetchError.self) { _ = try await f.fetch("http://api.invalid/y.jpg", expecting: .image, maxBytes: 1000) }
        #expect(transport.probes == 4 && transport.sends == 0)
    }

    @Test("a host that comes back between two looks is fetched")
    func hostThatHealsIsFetched() async throws {
        let transport = ProbedTransport(looks: [.unreachable("127.0.0.1 refuses connections on port 9"), .reachable])
        let pauses = RecordedPauses(), notices = Notices()
        let fetched = try await fetcher(transport, pauses, notices).fetch("http://127.0.0.1:9/x.json", expecting: .json, maxBytes: 1000)
        #expect(fetched.attempts == 1 && transport.sends == 1 && transport.probes == 2)
        #expect(notices.all.count == 2)
    }

    @Test("a reachable or slow host is retried as before, each wait told")
    func reachableHostIsRetriedAsBefore() async throws {
        for look in [Reachability.reachable, .unknown] {
            let transport = FakeTransport([.respond(503, [], "busy"), .respond(503, [], "busy"), .respond(200, [], "{\"ok\":1}")])
            let pauses = RecordedPauses(), notices = Notices()
            let policy = FetchPolicy(maxAttempts: 4, backoffBase: .milliseconds(500), backoffCap: .seconds(10))
            let probing = ProbingWrapper(inner: transport, look: look)
            let f = Fetcher(transport: probing, policy: policy, pause: pauses.pause, now: { now }, random: { 1.0 }, notify: notices.add)
            let fetched = try await f.fetch("http://slow.test/x.json", expecting: .json, maxBytes: 1000)
            #expect(fetched.attempts == 3 && transport.count == 3)
            #expect(pauses.all == [.milliseconds(500), .seconds(1)])
            #expect(notices.all.map(\.line) == ["records: waiting for slow.test (attempt 2 of 4, next in 500 ms)",
                                                "records: waiting for slow.test (attempt 3 of 4, next in 1 s)"])
        }
    }

    @Test("the live look: a name under .invalid does not resolve, a closed local port refuses, an open one is reachable")
    func liveLook() async throws {
        guard case .unreachable(let reason) = await HostProbe().look(host: "galgen-test.invalid", port: 80) else {
            Issue.record("a .invalid name resolved")
            return
        }
        #expect(reason.contains("galgen-test.invalid does not resolve"))
        let closed = try #require(ClosedPort.find())
        #expect(await HostProbe().look(host: "127.0.0.1", port: closed) == .unreachable("127.0.0.1 refuses connections on port \(closed)"))
        let listener = try #require(ClosedPort.listen())
        defer { close(listener.descriptor) }
        #expect(await HostProbe().look(host: "127.0.0.1", port: listener.port) == .reachable)
    }
}

/// Adds a fixed look to a scripted transport.
struct ProbingWrapper: HTTPTransport {
    let inner: FakeTransport
    let look: Reachability
    func send(_ request: TransportRequest) async throws(FetchError) -> TransportResponse { try await inner.send(request) }
    func probe(host: String, port: Int) async -> Reachability { look }
}

/// Local ports for the live look.
enum ClosedPort {
    /// A socket listening on 127.0.0.1 at a free port.
    static func listen() -> (descriptor: Int32, port: Int)? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && Glibc.listen(descriptor, 4) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ok else { close(descriptor); return nil }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port of 127.0.0.1 nothing listens on.
    static func find() -> Int? {
        guard let open = listen() else { return nil }
        close(open.descriptor)
        return open.port
    }
}
