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

    /// A 404 is remembered like any response: an --offline rebuild reproduces the last online site,
    /// placeholder and warning included, exits 0, and 1 under --strict.
    @Test func anOfflineRebuildReproducesAMissingImage() async throws {
        let server = try Self.server.get()
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        try site.writeRecords(#"[{"id": "a", "title": "A", "image": "\#(server.url("/fault/image/ok.jpg"))"},"#
            + #" {"id": "b", "title": "B", "image": "\#(server.url("/fault/image/404.jpg"))"}]"#)
        try site.writeConfig(extra: #""fetch": {"retries": 0, "idleTimeout": 1}"#)
        let online = await run(["build", "--config", site.configPath, "--output", site.directory.path + "/online"])
        #expect(online.code == 0, "\(online.capture.err)")
        let warning = try #require(online.capture.err.split(separator: "\n").first { $0.contains("HTTP 404") })
        let offline = await run(["build", "--config", site.configPath, "--offline"])
        #expect(offline.code == 0, "\(offline.capture.err)")
        #expect(offline.capture.err.split(separator: "\n").contains(warning), "\(offline.capture.err)")
        #expect(offline.capture.out.contains("network: 0 requests"))
        let a = try FixtureSite.snapshot(of: site.directory.path + "/online")
        let b = try FixtureSite.snapshot(of: site.outputPath)
        #expect(a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1))
        #expect(await run(["build", "--config", site.configPath, "--offline", "--strict"]).code == 1)
        // Within imageMaxAge an online rebuild does not ask again either; --refresh does.
        let before = try await server.log().filter { $0.path.hasSuffix("/404.jpg") }.count
        #expect(await run(["build", "--config", site.configPath]).code == 0)
        #expect(try await server.log().filter { $0.path.hasSuffix("/404.jpg") }.count == before)
        #expect(await run(["build", "--config", site.configPath, "--refresh"]).code == 0)
        #expect(try await server.log().filter { $0.path.hasSuffix("/404.jpg") }.count == before + 1)
    }
}
