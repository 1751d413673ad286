import Foundation
import GalgenTestSupport
import Testing

/// `galgen build --shard I/N` as separate processes running at once, each with its own cache
/// folder, then `galgen build`: the summary and report of each, and usage errors.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct ShardCLITests {
    struct Report: Decodable {
        struct Images: Decodable { var decoded: Int }
        struct Shard: Decodable { var index: Int; var count: Int; var sources: Int; var assigned: Int }
        struct Remote: Decodable { var remoteHits: Int; var uploaded: Int; var remoteErrors: Int }
        var images: Images
        var shard: Shard?
        var remoteCache: Remote?
        var published: Bool
    }

    static func report(_ path: String) throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func threeShardProcessesAtOnceThenTheFinalBuild() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let count = 9
        let site = try FixtureSite(count: count, config: #""formats": ["jpeg", "webp"], "imageWidths": [100, 200], "cache": {"remote": "\#(nginx.url("ok"))"}"#)
        defer { site.directory.remove() }
        let dir = site.directory.path
        let shards = try (1...3).map { i in
            try GalgenBinary.start(["build", "--config", site.configPath, "--shard", "\(i)/3", "--cache", "\(dir)/cache\(i)", "--jobs", "1",
                                    "--report", "\(dir)/shard\(i).json", "--quiet"])
        }
        for process in shards { process.waitUntilExit() }
        #expect(shards.allSatisfy { $0.terminationStatus == 0 })
        let reports = try (1...3).map { try Self.report("\(dir)/shard\($0).json") }
        #expect(reports.map { $0.images.decoded }.reduce(0, +) == count, "each source's work once, over all shards")
        #expect(reports.allSatisfy { $0.shard?.assigned == $0.images.decoded && $0.shard?.sources == count && !$0.published })
        #expect(reports.allSatisfy { $0.remoteCache?.remoteErrors == 0 })
        #expect(!FileManager.default.fileExists(atPath: site.outputPath), "a shard writes no site")

        let final = await run(["build", "--config", site.configPath, "--cache", "\(dir)/final", "--report", "\(dir)/final.json"])
        #expect(final.code == 0, "\(final.capture.err)")
        let built = try Self.report("\(dir)/final.json")
        #expect(built.images.decoded == 0 && built.remoteCache?.remoteHits == count && built.published)

        let alone = await run(["build", "--config", site.configPath, "--cache", "\(dir)/alone", "--remote-cache", "http://127.0.0.1:1/none/",
                               "--output", "\(dir)/alone-out", "--quiet"])
        #expect(alone.code == 0, "\(alone.capture.err)")
        let a = try FixtureSite.snapshot(of: site.outputPath), b = try FixtureSite.snapshot(of: "\(dir)/alone-out")
        #expect(a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1))
    }

    @Test func theSummarySaysWhatAShardAndAPushDid() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let site = try FixtureSite(count: 4, config: #""formats": ["jpeg"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        let shard = await run(["build", "--config", site.configPath, "--shard", "1/1", "--remote-cache", nginx.url("ok")])
        #expect(shard.code == 0, "\(shard.capture.err)")
        #expect(shard.capture.out.contains("galgen: shard 1/1: image work of 4 of 4 sources"), "\(shard.capture.out)")
        let push = await run(["cache", "push", "--config", site.configPath, "--remote-cache", nginx.url("ok")])
        #expect(push.code == 0, "\(push.capture.err)")
        #expect(push.capture.out.contains("galgen: cache push") && push.capture.out.contains("0 sources pushed · 4 already there"), "\(push.capture.out)")
        let failing = await run(["cache", "push", "--config", site.configPath, "--remote-cache", nginx.url("noput")])
        #expect(failing.code == 1 && failing.capture.err.contains("HTTP 403"), "\(failing.capture.err)")
        let pull = await run(["cache", "pull", "--config", site.configPath, "--cache", site.directory.path + "/pulled", "--remote-cache", nginx.url("ok")])
        #expect(pull.code == 0 && pull.capture.out.contains("remote cache: 4 hits"), "\(pull.capture.out) \(pull.capture.err)")
    }

    @Test func badShardsAreUsageErrors() async throws {
        for (arguments, message) in [(["--shard", "0/3"], "--shard: expected I/N"), (["--shard", "2/1"], "--shard: expected I/N"),
                                     (["--shard", "1/2", "--offline"], "cannot be combined")] {
            let result = await run(["build"] + arguments)
            #expect(result.code == 2 && result.capture.err.contains(message), "\(arguments): \(result.capture.err)")
        }
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        let noRemote = await run(["build", "--config", site.configPath, "--shard", "1/2"])
        #expect(noRemote.code == 2 && noRemote.capture.err.contains("needs a remote cache"), "\(noRemote.capture.err)")
        #expect(!FileManager.default.fileExists(atPath: site.outputPath))
    }
}
