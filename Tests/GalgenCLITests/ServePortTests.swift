import Foundation
@testable import GalgenCLI
import GalgenServe
import GalgenTestSupport
import Testing

/// `galgen serve` on a port someone else listens on: a clear message, or the next free port.
@Suite(.serialized)
struct ServePortTests {
    @Test("a taken --port is named, with a hint, before anything is built")
    func takenPortIsNamed() async throws {
        let holder = try #require(PortHolder())
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        let start = ContinuousClock.now
        let result = await run(["serve", "--config", site.configPath, "--port", "\(holder.port)"])
        #expect(result.code == 1)
        #expect(result.capture.err.contains("port \(holder.port) on 127.0.0.1 is taken"), "\(result.capture.err)")
        #expect(result.capture.err.contains("--port"))
        #expect(!result.capture.err.contains("bind("), "no internal wording: \(result.capture.err)")
        #expect(!FileManager.default.fileExists(atPath: site.outputPath), "nothing is built for a server that cannot start")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test("the probe sees a held port as taken and the next free port after it")
    func probeFindsTheNextFreePort() throws {
        let holder = try #require(PortHolder())
        #expect(!PortProbe.isFree(host: "127.0.0.1", port: holder.port))
        #expect(!PortProbe.isFree(host: "localhost", port: holder.port))
        let next = try #require(PortProbe.firstFree(host: "127.0.0.1", from: holder.port))
        #expect(next > holder.port)
        holder.close()
        #expect(PortProbe.isFree(host: "127.0.0.1", port: holder.port))
    }

    @Test("without --port, a taken 8080 moves serve to the next free port and says so")
    func defaultPortMovesOn() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        // Hold 8080 unless something else already does: either way it is taken.
        let holder = PortHolder(port: ServeCommand.defaultPort)
        defer { holder?.close() }
        #expect(!PortProbe.isFree(host: "127.0.0.1", port: ServeCommand.defaultPort))
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        let (process, lines) = try startServe(["--config", site.configPath])
        defer { if process.isRunning { process.terminate() } }
        let moved = try #require(await lines.first(containing: "port 8080 is taken"), "no line about the taken port")
        #expect(moved.contains("--port"))
        let ready = try #require(await lines.first(containing: "galgen serve: http://127.0.0.1:"), "no listening line")
        let port = try #require(Int(ready.split(separator: ":")[3].prefix { $0.isNumber }))
        #expect(port > 8080 && moved.contains("using port \(port)"), "\(moved) / \(ready)")
        #expect(try await RawHTTP.request(port: port, "/").status == 200)
        kill(process.processIdentifier, SIGINT)
        let deadline = ContinuousClock.now + .seconds(15)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
