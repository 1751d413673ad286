import Foundation
@testable import GalgenCLI
import GalgenTestSupport
import Testing

/// `galgen serve` as a real process: it prints where it listens, serves, and stops cleanly on Ctrl-C.
struct ServeCLITests {
    @Test func ctrlCStopsTheServerCleanly() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        let (process, lines) = try startServe(["--config", site.configPath, "--port", "0"])
        defer { if process.isRunning { process.terminate() } }

        let ready = try #require(await lines.first(containing: "galgen serve: http://127.0.0.1:"), "no listening line")
        let port = try #require(Int(ready.split(separator: ":")[3].prefix { $0.isNumber }))
        let page = try await RawHTTP.request(port: port, "/")
        #expect(page.status == 200 && page.text.contains("data-generation=\"1\""))

        // A large download in flight when Ctrl-C arrives still completes.
        let size = 48 << 20
        try Data(count: size).write(to: URL(fileURLWithPath: site.outputPath + "/large.bin"))
        let download = try RawHTTP(port: port)
        download.send("GET /large.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let started = await download.read { $0.count > 1 << 16 }
        #expect(started.data.count < size, "the download must still be running when the signal is sent")

        kill(process.processIdentifier, SIGINT)
        let rest = await download.read(timeout: .seconds(30))
        let response = RawHTTP.parse(started.data + rest.data)
        #expect(response.status == 200 && response.body.count == size && rest.closed, "the in-flight download finished: status \(response.status), \(response.body.count) of \(size) bytes, closed \(rest.closed)")
        let deadline = ContinuousClock.now + .seconds(15)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning, "serve did not stop on SIGINT")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(await lines.first(containing: "galgen serve: stopped") != nil)
        #expect((try? RawHTTP(port: port)) == nil, "nothing listens after Ctrl-C")
    }

    @Test func onlyLoopbackAddressesAreQuiet() async {
        for host in ["127.0.0.1", "127.0.0.2", "localhost", "::1"] { #expect(ServeCommand.isLoopback(host), "\(host)") }
        for host in ["0.0.0.0", "192.168.1.10", "::", "example.org"] { #expect(!ServeCommand.isLoopback(host), "\(host)") }
        #expect(await run(["serve", "--port", "70000"]).code == 2)
        #expect(await run(["serve", "--poll", "1"]).code == 2)
    }
}

/// Starts the built `galgen serve` with `arguments` (after `serve`), reading its standard output line
/// by line; standard error is dropped. The caller stops the process.
func startServe(_ arguments: [String]) throws -> (process: Process, lines: LineCollector) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: GalgenBinary.path)
    process.arguments = ["serve"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, LineCollector(output.fileHandleForReading))
}

/// Reads a child's output line by line on its own thread, noting when each line arrived (on that
/// thread, so a busy test process does not delay the stamps).
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [(text: String, at: ContinuousClock.Instant)] = []

    init(_ handle: FileHandle) {
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let now = ContinuousClock.now
                pending += chunk
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    lock.withLock { lines.append((line, now)) }
                }
            }
        }.start()
    }

    /// Every line read so far.
    var all: [String] { lock.withLock { lines.map(\.text) } }

    /// The first line containing `text`, waiting up to `timeout` for it.
    func first(containing text: String, timeout: Duration = .seconds(60)) async -> String? {
        await stamped(containing: text, timeout: timeout)?.text
    }

    /// The `occurrence`-th line (from 1) containing `text` and when it arrived, waiting up to `timeout` for it.
    func stamped(containing text: String, occurrence: Int = 1, timeout: Duration = .seconds(60)) async -> (text: String, at: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + timeout
        func find() -> (text: String, at: ContinuousClock.Instant)? {
            lock.withLock {
                let matching = lines.filter { $0.text.contains(text) }
                return matching.count >= occurrence ? matching[occurrence - 1] : nil
            }
        }
        while ContinuousClock.now < deadline {
            if let found = find() { return found }
            try? await Task.sleep(for: .milliseconds(50))
        }
        // A test process busy with other tests may wake up late: look once more.
        return find()
    }
}
