import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` with the network unreachable (the real binary, default retries): a source URL
/// whose host does not resolve, and one whose port refuses. Within 2 s it says the network looks
/// unreachable and suggests `--offline`; it ends within 10 s, showing each wait.
@Suite(.serialized)
struct UnreachableCLITests {
    @Test(arguments: ["http://galgen-test.invalid/records.json", "refused"])
    func unreachableSourceIsToldAtOnce(url: String) async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let target = url == "refused" ? "http://127.0.0.1:\(try #require(PortHolder.refusing()))/records.json" : url
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        try site.writeConfig(sources: #"[{"name": "people", "type": "json", "url": "\#(target)", "fields": {"id": "id", "title": "title"}}]"#)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GalgenBinary.path)
        process.arguments = ["build", "--config", site.configPath]
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true"]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let start = ContinuousClock.now
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let lines = LineCollector(errors.fileHandleForReading)
        let told = await lines.stamped(containing: "the network looks unreachable", timeout: .seconds(15))
        #expect(told != nil, "no line saying the network looks unreachable: \(lines.all)")
        if let told {
            #expect(told.at - start < .seconds(2), "said after \(told.at - start)")
            #expect(told.text.contains("--offline"), "\(told.text)")
        }
        #expect(await lines.first(containing: "records: waiting for ", timeout: .seconds(10))?.contains("(attempt 2 of 4, next in ") == true)
        // The end, stamped by the thread that reads stderr: it sees the pipe close when the process exits.
        let ended = await lines.stamped(containing: "(after 4 attempts)", timeout: .seconds(15))
        #expect(ended != nil && ended.map { $0.at - start < .seconds(10) } == true, "ended after \(ended.map { $0.at - start } ?? .seconds(99))")
        while process.isRunning && ContinuousClock.now - start < .seconds(30) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 1)
        #expect(await lines.first(containing: "error: [records]", timeout: .seconds(5)) != nil)
        let detail = await lines.first(containing: "the network looks unreachable (galgen build --offline", timeout: .seconds(5))
        #expect(detail?.contains("(after 4 attempts)") == true, "the final error suggests --offline too: \(detail ?? "none")")
    }
}
