import Foundation
@testable import GalgenBuild
import GalgenCore
import GalgenOutput
import GalgenTestSupport
import Testing

/// The output stager's errors reach people as they always did: under the step `output` or
/// `publish`, their message unchanged.
struct OutputErrorStepTests {
    @Test func aFileAtTheOutputPathFailsTheOutputStep() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("not a folder", to: "public")
        let error = try #require(await buildError(site))
        #expect(error.step == .output)
        #expect(error.description == "[output] \(site.outputPath) exists and is not a folder")
        #expect(error.report?.fatal == BuildReport.Fatal(step: "output", message: "\(site.outputPath) exists and is not a folder", issues: []))
    }

    @Test func aSwapThatFailsIsReportedUnderPublish() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path + "/public"
        let stager = try OutputStager(output: output, protecting: [], cache: directory.path + "/cache", clean: false,
                                      fileSystem: LocalFileSystem(), processID: 7, isProcessAlive: { _ in false })
        _ = try stager.prepare([OutputEntry(path: "index.html", key: OutputKey(digesting: Data("x".utf8)))])
        try FileManager.default.removeItem(atPath: stager.staging)
        let thrown = #expect(throws: BuildError.self) { _ = try BuildError.mapping(try stager.publish()) }
        let error = try #require(thrown)
        #expect(error.step == .publish)
        guard case .failed(let message) = error.reason else { Issue.record("expected a failure, got \(error.reason)"); return }
        #expect(message.hasPrefix("cannot ") && message.contains(stager.staging))
        #expect(error.description == "[publish] " + message)
    }
}
