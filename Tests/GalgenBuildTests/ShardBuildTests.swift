import Foundation
import GalgenBuild
import GalgenCore
import GalgenRemoteCache
import GalgenTestSupport
import Testing

/// Sharded builds and cache pushes and pulls against a real nginx (WebDAV `PUT`): three shard
/// processes' worth of builds in three cache folders do each source's work exactly once, the final
/// build in a fourth decodes nothing, and its site is byte-identical to a single-machine build.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct ShardBuildTests {
    static let sources = 12
    static let entriesPerSource = 3

    struct Setup {
        let site: FixtureSite
        let nginx: NginxServer
        var remote: String { nginx.url("ok") }

        init() throws {
            site = try FixtureSite(count: ShardBuildTests.sources, config: #""formats": ["jpeg"], "imageWidths": [100, 150], "# + quickFetch)
            nginx = try NginxServer()
        }

        func path(_ name: String) -> String { site.directory.path + "/" + name }

        func run(_ mode: BuildMode, cache: String, output: String? = nil, remote: String?) async throws -> BuildReport {
            var options = BuildOptions(configPath: site.configPath, outputDirectory: path(output ?? "out-" + cache), cacheDirectory: path("cache-" + cache), jobs: 2)
            options.remoteCache = remote
            options.mode = mode
            return try await SiteBuilder(options: options, environment: environment()).build()
        }

        func images(_ cache: String) throws -> [(String, Data)] {
            try FixtureSite.snapshot(of: path("cache-" + cache)).filter { $0.0.hasPrefix("sources/") || $0.0.hasPrefix("variants/") }
        }

        func remove() {
            nginx.stop()
            site.directory.remove()
        }
    }

    @Test func threeShardsDoEachSourceOnceAndTheFinalBuildDecodesNothing() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        var decoded = 0
        var assigned = 0
        for index in 1...3 {
            let report = try await setup.run(.shard(Shard(index: index, count: 3)!), cache: "shard\(index)", remote: setup.remote)
            let shard = try #require(report.shard)
            #expect(shard.index == index && shard.count == 3 && shard.sources == Self.sources)
            #expect(report.images.decoded == shard.assigned && report.images.failed == 0)
            #expect(report.remoteCache?.remoteErrors == 0 && report.remoteCache?.uploaded == shard.assigned * Self.entriesPerSource,
                    "\(report.remoteCache?.problems ?? [])")
            #expect(!report.published && report.pages == 0)
            #expect(!FileManager.default.fileExists(atPath: setup.path("out-shard\(index)")), "a shard writes no site")
            #expect(try setup.images("shard\(index)").count == shard.assigned * Self.entriesPerSource)
            decoded += report.images.decoded
            assigned += shard.assigned
        }
        #expect(decoded == Self.sources && assigned == Self.sources)

        let mark = setup.nginx.requests().count
        let final = try await setup.run(.site, cache: "final", remote: setup.remote)
        #expect(final.published && final.images.decoded == 0 && final.images.encoded == 0)
        #expect(final.remoteCache?.remoteHits == Self.sources && final.remoteCache?.uploaded == 0)
        #expect(!setup.nginx.requests().dropFirst(mark).contains { $0.hasPrefix("PUT") })

        let single = try await setup.run(.site, cache: "single", remote: nil)
        #expect(single.images.decoded == Self.sources)
        let a = try FixtureSite.snapshot(of: setup.path("out-final")), b = try FixtureSite.snapshot(of: setup.path("out-single"))
        #expect(a.count > Self.sources && a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1))

        // Shards run again find their work done remotely: nothing decoded, nothing uploaded.
        let again = try await setup.run(.shard(Shard(index: 2, count: 3)!), cache: "shard2b", remote: setup.remote)
        #expect(again.images.decoded == 0 && again.remoteCache?.uploaded == 0 && again.remoteCache?.pushed == 0)
    }

    @Test func aShardWhoseLocalCacheIsWarmStillUploadsItsWork() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        _ = try await setup.run(.site, cache: "warm", remote: nil)
        let report = try await setup.run(.shard(Shard(index: 1, count: 1)!), cache: "warm", remote: setup.remote)
        #expect(report.images.decoded == 0)
        #expect(report.remoteCache?.pushed == Self.sources && report.remoteCache?.uploaded == Self.sources * Self.entriesPerSource)
        let final = try await setup.run(.site, cache: "final", remote: setup.remote)
        #expect(final.images.decoded == 0 && final.remoteCache?.remoteHits == Self.sources)
    }

    @Test func pushSendsWhatTheLocalCacheHoldsOnceAndPullFetchesIt() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let empty = try await setup.run(.push, cache: "empty", remote: setup.remote)
        #expect(empty.remoteCache?.notLocal == Self.sources && empty.remoteCache?.pushed == 0 && empty.remoteCache?.uploaded == 0)

        _ = try await setup.run(.site, cache: "a", remote: nil)
        let push = try await setup.run(.push, cache: "a", remote: setup.remote)
        #expect(push.images.decoded == 0 && !push.published)
        #expect(push.remoteCache?.pushed == Self.sources && push.remoteCache?.notLocal == 0 && push.remoteCache?.remoteErrors == 0)
        #expect(push.remoteCache?.uploaded == Self.sources * Self.entriesPerSource)
        let mark = setup.nginx.requests().count
        let twice = try await setup.run(.push, cache: "a", remote: setup.remote)
        #expect(twice.remoteCache?.alreadyRemote == Self.sources && twice.remoteCache?.pushed == 0)
        #expect(!setup.nginx.requests().dropFirst(mark).contains { $0.hasPrefix("PUT") })

        let pull = try await setup.run(.pull, cache: "b", remote: setup.remote)
        #expect(pull.images.decoded == 0 && pull.remoteCache?.remoteHits == Self.sources && !pull.published)
        #expect(!FileManager.default.fileExists(atPath: setup.path("out-b")))
        let a = try setup.images("a"), b = try setup.images("b")
        #expect(a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1))
        // The pulled cache builds the site with no remote and no decode.
        let built = try await setup.run(.site, cache: "b", remote: nil)
        #expect(built.images.decoded == 0 && built.images.reused == Self.sources * 2)
    }

    @Test func aShardWhoseRemoteFailsStillFinishesAndTheFinalBuildDoesTheRest() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let refused = try await setup.run(.shard(Shard(index: 1, count: 2)!), cache: "s1", remote: setup.nginx.url("noput"))
        let counts = try #require(refused.remoteCache)
        #expect(refused.images.decoded == refused.shard?.assigned && refused.images.failed == 0 && !refused.hasProblems)
        #expect(counts.uploaded == 0 && counts.remoteErrors > 0 && counts.problems.contains { $0.hasSuffix("HTTP 403") }, "\(counts.problems)")
        let down = try await setup.run(.shard(Shard(index: 2, count: 2)!), cache: "s2", remote: "http://127.0.0.1:\(try NginxServer.freePort())/cache/")
        #expect(down.images.decoded == down.shard?.assigned && down.remoteCache?.remoteErrors == 1)
        // Shard 2's work reached the remote through a second, working run; shard 1's never did.
        let good = try await setup.run(.shard(Shard(index: 2, count: 2)!), cache: "s2", remote: setup.remote)
        #expect(good.images.decoded == 0 && good.remoteCache?.pushed == good.shard?.assigned)
        let final = try await setup.run(.site, cache: "final", remote: setup.remote)
        #expect(final.published && final.images.decoded == refused.shard?.assigned && final.remoteCache?.remoteHits == good.shard?.assigned)
    }

    @Test func aShardWithoutARemoteCacheIsAUsageError() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        for mode in [BuildMode.shard(Shard(index: 1, count: 2)!), .push, .pull] {
            await #expect {
                _ = try await setup.run(mode, cache: "x", remote: nil)
            } throws: { error in
                guard let error = error as? BuildError else { return false }
                return error.isConfigError && error.description.contains("needs a remote cache")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: setup.path("out-x")))
    }

    @Test func recordPagesAreFetchedOnceAcrossRunners() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let api = try FixtureServer(imageCount: 4)
        defer { api.stop() }
        let source = #"[{"name": "people", "type": "randomuser", "url": "\#(api.url("/api/1.4/"))", "seed": "shared", "count": 6, "perRequest": 3, "maxAge": "1d"}]"#
        var first = try RemoteBuild(sources: source, extra: #""formats": ["jpeg"], "imageWidths": [100], "# + quickFetch)
        defer { first.site.directory.remove() }
        func build(_ cache: String) async throws -> BuildReport {
            var options = BuildOptions(configPath: first.site.configPath, outputDirectory: first.site.directory.path + "/out-" + cache,
                                       cacheDirectory: first.site.directory.path + "/cache-" + cache, jobs: 2)
            options.remoteCache = nginx.url("ok")
            return try await SiteBuilder(options: options, environment: first.environment()).build()
        }
        let a = try await build("a")
        #expect(a.records == 6 && a.remoteCache?.pagesFromRemote == 0)
        let asked = try await api.log().map(\.path)
        #expect(asked.filter { $0.hasPrefix("/api/1.4/") }.count == 2, "\(asked)")
        try await api.reset()
        let b = try await build("b")
        #expect(b.records == 6 && b.remoteCache?.pagesFromRemote == 2 && b.images.decoded == 0, "\(String(describing: b.remoteCache)) \(nginx.requests())")
        #expect(try await api.log().filter { $0.path.hasPrefix("/api/1.4/") }.isEmpty, "the second runner asked the API again")
        let one = try FixtureSite.snapshot(of: first.site.directory.path + "/out-a"), two = try FixtureSite.snapshot(of: first.site.directory.path + "/out-b")
        #expect(one.map(\.1) == two.map(\.1))

        // A page older than its maxAge on the remote is not taken: the API is asked (records are shared only within maxAge).
        first.now.advance(by: 400 * 86_400)
        try await api.reset()
        let c = try await build("c")
        #expect(c.remoteCache?.pagesFromRemote == 0 && c.records == 6)
        #expect(try await api.log().filter { $0.path.hasPrefix("/api/1.4/") }.count == 2)
    }
}

/// The remote cache's buckets: named by UTC month or ISO week, the previous one across a year's end.
struct RemoteBucketTests {
    func at(_ text: String) -> Double { ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970 }

    @Test func monthsAndWeeksRollOverYearsInUTC() {
        #expect(RemoteCache.buckets(.month, at: at("2026-11-27T12:00:00Z")) == ["2026-11", "2026-10"])
        #expect(RemoteCache.buckets(.month, at: at("2027-01-01T00:00:00Z")) == ["2027-01", "2026-12"])
        #expect(RemoteCache.buckets(.month, at: at("2026-12-31T23:59:59Z")) == ["2026-12", "2026-11"])
        #expect(RemoteCache.buckets(.month, at: at("2026-03-31T10:00:00Z")) == ["2026-03", "2026-02"])
        // 2027-01-01 is a Friday: ISO week 53 of 2026.
        #expect(RemoteCache.buckets(.week, at: at("2027-01-01T00:00:00Z")) == ["2026-W53", "2026-W52"])
        #expect(RemoteCache.buckets(.week, at: at("2027-01-04T00:00:00Z")) == ["2027-W01", "2026-W53"])
    }
}
