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
        let told = await lines.first(containing: "the network looks unreachable", timeout: .seconds(10))
        let toldAfter = ContinuousClock.now - start
        #expect(told != nil, "no line saying the network looks unreachable")
        #expect(toldAfter < .seconds(2), "said after \(toldAfter)")
        #expect(told?.contains("--offline") == true, "\(told ?? "")")
        #expect(await lines.first(containing: "records: waiting for ", timeout: .seconds(10))?.contains("(attempt 2 of 4, next in ") == true)
        while process.isRunning && ContinuousClock.now - start < .seconds(15) { try await Task.sleep(for: .milliseconds(50)) }
        let took = ContinuousClock.now - start
        #expect(!process.isRunning && took < .seconds(10), "ended after \(took)")
        #expect(process.terminationStatus == 1)
        #expect(await lines.first(containing: "error: [records]", timeout: .seconds(2)) != nil)
        let detail = await lines.first(containing: "the network looks unreachable (galgen build --offline", timeout: .seconds(2))
        #expect(detail?.contains("(after 4 attempts)") == true, "the final error suggests --offline too: \(detail ?? "none")")
    }
}
