import Foundation
import GalgenTestSupport
import Testing

/// `galgen build --remote-cache URL` against a real nginx: the summary's line, the report, and
/// remote problems that stay warnings under `--strict`.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct RemoteCacheCLITests {
    @Test func theFlagSetsTheRemoteAndStrictStillSucceedsWhenItFails() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100], "cache": {"remote": "http://127.0.0.1:1/never/"}"#)
        defer { site.directory.remove() }
        let report = site.directory.path + "/report.json"
        let first = await run(["build", "--config", site.configPath, "--remote-cache", nginx.url("ok"), "--strict", "--report", report])
        #expect(first.code == 0, "\(first.capture.err)")
        #expect(first.capture.out.contains("remote cache: 0 hits · 2 misses · 4 uploaded · 0 errors"), "\(first.capture.out)")
        let json = String(decoding: try Data(contentsOf: URL(fileURLWithPath: report)), as: UTF8.self)
        #expect(json.contains(#""remoteCache" : {"#) && json.contains(#""uploaded" : 4"#))

        try FileManager.default.removeItem(atPath: site.cachePath)
        let refused = await run(["build", "--config", site.configPath, "--remote-cache", nginx.url("noput"), "--strict"])
        #expect(refused.code == 0)
        #expect(refused.capture.err.contains("warning: remote cache: PUT \(nginx.url("noput"))cas/") && refused.capture.err.contains("HTTP 403"),
                "\(refused.capture.err)")
    }

    @Test func aBadURLIsAUsageError() async {
        let result = await run(["build", "--remote-cache", "ftp://cache.example/"])
        #expect(result.code != 0)
        #expect(result.capture.err.contains("--remote-cache: expected an absolute http(s) URL"), "\(result.capture.err)")
    }
}
