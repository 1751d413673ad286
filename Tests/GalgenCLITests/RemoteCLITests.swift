import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` against the local fixture server: exit codes with `--strict` and `--offline`,
/// the network line of the summary, and the JSON report.
@Suite(.serialized) struct RemoteCLITests {
    static let server = Result { try FixtureServer() }

    func site(imagePath: String) throws -> FixtureSite {
        let server = try Self.server.get()
        let site = try FixtureSite(count: 0)
        try site.writeRecords(#"[{"id": "a", "title": "A", "image": "\#(server.url(imagePath))"}]"#)
        try site.writeConfig(extra: #""fetch": {"retries": 0, "idleTimeout": 1}"#)
        return site
    }

    @Test func aMissingImageIsRenderedAndOnlyStrictFails() async throws {
        let site = try site(imagePath: "/fault/image/404.jpg")
        defer { site.directory.remove() }
        let relaxed = await run(["build", "--config", site.configPath])
        #expect(relaxed.code == 0)
        #expect(relaxed.capture.err.contains("HTTP 404"))
        #expect(relaxed.capture.out.contains("network: 1 requests"))
        let strict = await run(["build", "--config", site.configPath, "--strict"])
        #expect(strict.code == 1)
    }

    @Test func offlineExitCodesAndTheReport() async throws {
        let site = try site(imagePath: "/fault/image/ok.jpg")
        defer { site.directory.remove() }
        let cold = await run(["build", "--config", site.configPath, "--offline"])
        #expect(cold.code == 1)
        #expect(cold.capture.err.contains("--offline: 1 image is not in the cache"), "\(cold.capture.err)")
        #expect(cold.capture.err.contains("/fault/image/ok.jpg"))

        #expect(await run(["build", "--config", site.configPath]).code == 0)
        let report = site.directory.path + "/report.json"
        let warm = await run(["build", "--config", site.configPath, "--offline", "--strict", "--report", report])
        #expect(warm.code == 0, "\(warm.capture.err)")
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        let network = json?["network"] as? [String: Any]
        #expect(network?["requests"] as? Int == 0)
        #expect(network?["fromCache"] as? Int == 1)
        #expect(json?["records"] as? Int == 1)

        #expect(await run(["build", "--config", site.configPath, "--offline", "--refresh"]).code == 2)
    }
}
