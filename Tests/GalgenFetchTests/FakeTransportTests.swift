import Foundation
import GalgenFetch
import GalgenTestSupport
import Testing

/// The test transport itself: routes by URL, the shared script, counts.
@Suite struct FakeTransportTests {
    private func get(_ transport: FakeTransport, _ url: String) async -> String {
        do {
            let response = try await transport.send(TransportRequest(url: url, headers: [], maxBytes: 100))
            return "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
        } catch {
            return "\(error.code)\(error.isTransient ? " transient" : "")"
        }
    }

    @Test func answersByURLAndCounts() async {
        let transport = FakeTransport(routes: ["https://a.test/x": [.ok("first"), .respond(500, [], "then")]])
        transport.route("https://a.test/y", .fail(.connection, transient: true), .ok(Data("ok".utf8)))
        var answers: [String] = []
        for url in ["https://a.test/x", "https://a.test/x", "https://a.test/x", "https://a.test/y", "https://a.test/y", "https://a.test/z"] {
            answers.append(await get(transport, url))
        }
        #expect(answers == ["200 first", "500 then", "500 then", "connection transient", "200 ok", "404 Not Found"])
        #expect(transport.count == 6 && transport.count("https://a.test/x") == 3 && transport.requests.last?.url == "https://a.test/z")
    }

    @Test func sharesItsScriptAndLooks() async {
        let transport = FakeTransport([.ok("one"), .respond(201, [("ETag", "\"v\"")], "two")], looks: [.unknown, .reachable])
        #expect(await get(transport, "https://a.test/1") == "200 one")
        #expect(await get(transport, "https://b.test/2") == "201 two")
        #expect(await get(transport, "https://a.test/3") == "201 two")
        #expect(await transport.probe(host: "a.test", port: 443) == .unknown)
        #expect(await transport.probe(host: "a.test", port: 443) == .reachable)
        await transport.shutdown()
        #expect(transport.probes == 2 && transport.shutdowns == 1)
    }
}
