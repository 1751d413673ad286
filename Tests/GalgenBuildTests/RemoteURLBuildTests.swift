import Foundation
import GalgenBuild
import GalgenCore
import GalgenRemoteCache
import GalgenTestSupport
import Testing

/// Image URLs shared through the remote cache (nginx), against the fixture image host `/cdn/`,
/// which logs every request: a fleet downloads each image once, later runners make no request or
/// only conditional ones, and faults of the origin or of the remote end rendered or named, never
/// as a wrong picture or a failed build.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct RemoteURLBuildTests {
    static let count = 24

    final class Fleet: @unchecked Sendable {
        let site: FixtureSite
        let nginx: NginxServer
        let host: FixtureServer
        let now = ManualNow()
        var remote: String { nginx.url("ok") }

        init(count: Int = RemoteURLBuildTests.count, maxAge: String = "1d", cache: String = "") throws {
            host = try FixtureServer(imageCount: 12)
            nginx = try NginxServer()
            site = try FixtureSite(count: 0)
            let records = (0..<count).map { #"{"id": "p\#($0)", "title": "Product \#($0)", "image": "\#(host.url("/cdn/\($0).jpg"))"}"# }
            try site.writeRecords("[\n" + records.joined(separator: ",\n") + "\n]")
            try site.writeConfig(extra: #""formats": ["jpeg"], "imageWidths": [100], "fetch": {"connectTimeout": 1, "idleTimeout": "5s", "totalTimeout": "20s", "retries": 1, "backoff": "10ms", "imageMaxAge": "\#(maxAge)"}"# + cache)
        }

        func path(_ name: String) -> String { site.directory.path + "/" + name }

        func environment() -> BuildEnvironment {
            let now = self.now
            return BuildEnvironment(fileSystem: LocalFileSystem(), clock: ContinuousClock(), processID: getpid(), isProcessAlive: { _ in true },
                                    now: { now.seconds }, pause: PauseLog().pause, random: { 1 })
        }

        /// Builds with cache folder `cache-<name>` into `out-<name>`.
        func run(_ mode: BuildMode = .site, _ name: String, remote: String? = "", refresh: Bool = false) async throws -> BuildReport {
            var options = BuildOptions(configPath: site.configPath, outputDirectory: path("out-" + name), cacheDirectory: path("cache-" + name), jobs: 2,
                                       refresh: refresh)
            options.remoteCache = remote == "" ? self.remote : remote
            options.mode = mode
            return try await SiteBuilder(options: options, environment: environment()).build()
        }

        /// Requests to the image host since the last reset, by path.
        func origin() async throws -> [FixtureServer.Request] {
            try await host.log().filter { $0.path.hasPrefix("/cdn/") }
        }

        func site(_ name: String) throws -> [(String, Data)] { try FixtureSite.snapshot(of: path("out-" + name)) }

        func same(_ a: String, _ b: String) throws -> Bool {
            let x = try site(a), y = try site(b)
            return !x.isEmpty && x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        }

        func stop() {
            nginx.stop()
            host.stop()
            site.directory.remove()
        }
    }

    @Test func aFleetDownloadsEachImageOnceAndLaterRunnersOnlyRevalidate() async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        var decoded = 0
        for index in 1...3 {
            let report = try await fleet.run(.shard(Shard(index: index, count: 3)!), "shard\(index)")
            #expect(report.images.failed == 0 && report.remoteCache?.remoteErrors == 0, "\(report.remoteCache?.problems ?? [])")
            decoded += report.images.decoded
        }
        var asked = try await fleet.origin()
        #expect(decoded == Self.count)
        #expect(Set(asked.map(\.path)).count == Self.count && asked.count == Self.count && asked.allSatisfy { $0.status == 200 },
                "each image is downloaded once across the shards: \(asked.map(\.path))")

        try await fleet.host.reset()
        let final = try await fleet.run(.site, "final")
        #expect(try await fleet.origin().isEmpty, "the final build asks the image host nothing")
        #expect(final.published && final.images.decoded == 0 && final.images.failed == 0)
        #expect(final.remoteCache?.urlsFromRemote == Self.count && final.remoteCache?.remoteHits == Self.count)

        // A plain build on a new runner: no image download either.
        let plain = try await fleet.run(.site, "plain")
        #expect(try await fleet.origin().isEmpty && plain.images.decoded == 0)
        // The same site as one runner that downloaded and decoded everything.
        let single = try await fleet.run(.site, "single", remote: nil)
        #expect(single.images.decoded == Self.count)
        #expect(try fleet.same("final", "single") && fleet.same("plain", "single"))

        // Two days later (imageMaxAge 1d): each URL is revalidated once, by its shard, and answered 304.
        fleet.now.advance(by: 2 * 86_400)
        try await fleet.host.reset()
        for index in 1...3 {
            let report = try await fleet.run(.shard(Shard(index: index, count: 3)!), "later\(index)")
            #expect(report.images.decoded == 0 && report.images.failed == 0)
        }
        asked = try await fleet.origin()
        #expect(asked.count == Self.count && asked.allSatisfy { $0.status == 304 && $0.ifNoneMatch != nil }, "\(asked.map { "\($0.path) \($0.status)" })")
        try await fleet.host.reset()
        let later = try await fleet.run(.site, "later-final")
        #expect(try await fleet.origin().isEmpty && later.images.decoded == 0 && later.remoteCache?.urlsFromRemote == Self.count)
        #expect(try fleet.same("later-final", "single"))

        // A night that changes a third of the images: the changed ones are downloaded (200) and decoded once.
        try await fleet.host.cdn("night=1&change=33")
        fleet.now.advance(by: 2 * 86_400)
        try await fleet.host.reset()
        decoded = 0
        for index in 1...3 { decoded += try await fleet.run(.shard(Shard(index: index, count: 3)!), "night\(index)").images.decoded }
        asked = try await fleet.origin()
        let changed = asked.filter { $0.status == 200 }.count
        #expect(changed > 0 && changed < Self.count && decoded == changed && asked.count == Self.count)
        try await fleet.host.reset()
        let nightFinal = try await fleet.run(.site, "night-final")
        #expect(try await fleet.origin().isEmpty && nightFinal.images.decoded == 0)
        _ = try await fleet.run(.site, "night-single", remote: nil)
        #expect(try fleet.same("night-final", "night-single") && !fleet.same("night-final", "single"))
    }

    @Test func aResponsesOwnMaxAgeShortensFreshnessAndRefreshBypassesTheEntries() async throws {
        let fleet = try Fleet(count: 6, maxAge: "30d")
        defer { fleet.stop() }
        try await fleet.host.cdn("maxage=60")
        _ = try await fleet.run(.site, "a")
        try await fleet.host.reset()
        fleet.now.advance(by: 30)
        _ = try await fleet.run(.site, "b")
        #expect(try await fleet.origin().isEmpty, "within the response's max-age")
        fleet.now.advance(by: 120)
        _ = try await fleet.run(.site, "c")
        let asked = try await fleet.origin()
        #expect(asked.count == 6 && asked.allSatisfy { $0.status == 304 }, "past max-age=60 though imageMaxAge is 30d")
        try await fleet.host.reset()
        let refreshed = try await fleet.run(.site, "d", refresh: true)
        #expect(try await fleet.origin().count == 6 && refreshed.remoteCache?.urlsFromRemote == 0)
    }

    @Test func bytesChangedUnderTheSameETagAreCaughtByTheNextFullDownload() async throws {
        let fleet = try Fleet(count: 6)
        defer { fleet.stop() }
        try await fleet.host.cdn("sameetag=1")
        _ = try await fleet.run(.site, "a")
        try await fleet.host.cdn("sameetag=1&night=1&change=100")
        fleet.now.advance(by: 2 * 86_400)
        // The contract: a 304 is trusted (HTTP says the stored body is still current), so the old picture stays.
        let b = try await fleet.run(.site, "b")
        #expect(b.images.decoded == 0 && b.network.notModified == 6)
        #expect(try fleet.same("b", "a"))
        // A full download (--refresh, or a runner that must decode) learns the real bytes and replaces the entries.
        let c = try await fleet.run(.site, "c", refresh: true)
        #expect(c.images.decoded == 6 && c.remoteCache?.urlsShared == 6)
        try await fleet.host.reset()
        let d = try await fleet.run(.site, "d")
        #expect(try await fleet.origin().isEmpty && d.images.decoded == 0)
        _ = try await fleet.run(.site, "e", remote: nil)
        #expect(try fleet.same("d", "e") && !fleet.same("d", "a"))
    }

    @Test func aURLEntryWhoseImageWorkTheRemoteLacksIsDownloadedAndTheNewBytesReplaceIt() async throws {
        let fleet = try Fleet(count: 6)
        defer { fleet.stop() }
        try await fleet.host.cdn("sameetag=1")
        _ = try await fleet.run(.site, "a")
        // The remote loses the image work (not the URL entries), and the host changes the bytes under the same ETags.
        let ac = fleet.nginx.root("ok") + "/ac"
        for name in try FileManager.default.contentsOfDirectory(atPath: ac)
        where !(try String(contentsOfFile: ac + "/" + name, encoding: .utf8)).contains("galgen-url-v1") {
            try FileManager.default.removeItem(atPath: ac + "/" + name)
        }
        try await fleet.host.cdn("sameetag=1&night=1&change=100")
        try await fleet.host.reset()
        let b = try await fleet.run(.site, "b")
        let asked = try await fleet.origin()
        #expect(asked.count == 6 && asked.allSatisfy { $0.status == 200 && $0.ifNoneMatch == nil }, "one unconditional download each")
        #expect(b.images.decoded == 6 && b.images.failed == 0 && b.remoteCache?.urlsFromRemote == 6 && b.remoteCache?.urlsShared == 6)
        #expect(b.diagnostics.contains { $0.message.contains("changed under the same ETag") }, "\(b.diagnostics.map(\.message))")
        // The new bytes are what every runner now gets.
        try await fleet.host.reset()
        let c = try await fleet.run(.site, "c")
        #expect(try await fleet.origin().isEmpty && c.images.decoded == 0)
        _ = try await fleet.run(.site, "d", remote: nil)
        #expect(try fleet.same("b", "c") && fleet.same("c", "d") && !fleet.same("a", "c"))
    }

    @Test func anImageThatIsGoneIsTrustedOnlyWhileFreshThenNamedForEveryRunner() async throws {
        let fleet = try Fleet(count: 6)
        defer { fleet.stop() }
        _ = try await fleet.run(.site, "a")
        try await fleet.host.cdn("gone=3")
        try await fleet.host.reset()
        let fresh = try await fleet.run(.site, "b")
        #expect(try await fleet.origin().isEmpty && fresh.images.failed == 0, "a fresh entry is used without asking")
        fleet.now.advance(by: 2 * 86_400)
        let stale = try await fleet.run(.site, "c")
        let asked = try await fleet.origin()
        #expect(asked.filter { $0.path == "/cdn/3.jpg" }.map(\.status) == [404])
        #expect(stale.images.failed == 1 && stale.published)
        #expect(stale.diagnostics.contains { $0.message.contains("/cdn/3.jpg") && $0.message.contains("404") })
        // The remote's entry now says 404: a new runner reports the same without asking the host,
        // and a runner that still holds the old copy does not show it either (the same site everywhere).
        try await fleet.host.reset()
        let next = try await fleet.run(.site, "d")
        #expect(try await fleet.origin().isEmpty && next.images.failed == 1)
        let old = try await fleet.run(.site, "a")
        #expect(old.images.failed == 1)
        #expect(try fleet.same("c", "d") && fleet.same("c", "a"))
    }

    @Test func aCorruptURLEntryIsNotUsedAndIsReplaced() async throws {
        let fleet = try Fleet(count: 6)
        defer { fleet.stop() }
        _ = try await fleet.run(.site, "a")
        let ac = fleet.nginx.root("ok") + "/ac"
        var damaged = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: ac) {
            let file = ac + "/" + name
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard text.contains("galgen-url-v1") else { continue }
            let bad = damaged % 2 == 0 ? "not json" : text.replacingOccurrences(of: "\"digest\":\"", with: "\"digest\":\"zz")
            try bad.write(toFile: file, atomically: true, encoding: .utf8)
            damaged += 1
        }
        #expect(damaged == 6)
        try await fleet.host.reset()
        let b = try await fleet.run(.site, "b")
        #expect(b.published && b.images.failed == 0 && b.remoteCache?.urlsFromRemote == 0)
        #expect(b.remoteCache?.problems.contains { $0.contains("not a galgen entry for the image") } == true)
        #expect(try await fleet.origin().count == 6 && fleet.same("a", "b"))
        // b wrote good entries again.
        try await fleet.host.reset()
        let c = try await fleet.run(.site, "c")
        #expect(try await fleet.origin().isEmpty && c.remoteCache?.urlsFromRemote == 6 && c.remoteCache?.remoteErrors == 0)
    }

    @Test func twoRunnersRacingOnTheSameURLsBothLeaveValidEntries() async throws {
        let fleet = try Fleet(count: 8)
        defer { fleet.stop() }
        async let a = fleet.run(.site, "a")
        async let b = fleet.run(.site, "b")
        let (one, two) = try await (a, b)
        #expect(one.images.failed == 0 && two.images.failed == 0 && one.remoteCache?.remoteErrors == 0 && two.remoteCache?.remoteErrors == 0)
        #expect(try fleet.same("a", "b"))
        try await fleet.host.reset()
        let c = try await fleet.run(.site, "c")
        #expect(try await fleet.origin().isEmpty && c.images.decoded == 0 && c.remoteCache?.urlsFromRemote == 8 && c.remoteCache?.remoteErrors == 0)
        #expect(try fleet.same("a", "c"))
    }

    /// A simulated six weeks of nightly builds on new runners, 10 % of the images changing each
    /// night, monthly buckets, and an operator who deletes every bucket but the current and the
    /// previous month's after each night: the remote never holds more than two buckets, and no
    /// build decodes an image that did not change (nothing it needed was pruned).
    @Test func monthlyBucketsKeepTheRemoteBoundedAndNothingUsedIsPruned() async throws {
        // The build's --remote-cache replaces this URL and keeps the rotation.
        let fleet = try Fleet(count: 16, cache: #", "cache": {"remote": "http://127.0.0.1:9/replaced/", "rotate": "month"}"#)
        defer { fleet.stop() }
        let start = ISO8601DateFormatter().date(from: "2026-01-20T03:00:00Z")!.timeIntervalSince1970
        fleet.now.advance(by: start - fleet.now.seconds)
        let root = fleet.nginx.root("ok")
        var promotedAtBoundary = 0
        var changedTotal = 0
        for night in 0..<45 {
            try await fleet.host.cdn("night=\(night)&change=10")
            try await fleet.host.reset()
            let report = try await fleet.run(.site, "night\(night)")
            let asked = try await fleet.origin()
            let changed = asked.filter { $0.status == 200 }.count
            changedTotal += night > 0 ? changed : 0
            #expect(report.images.failed == 0 && report.remoteCache?.remoteErrors == 0, "night \(night): \(report.remoteCache?.problems ?? [])")
            #expect(report.images.decoded == changed, "night \(night): decoded \(report.images.decoded), downloaded \(changed)")
            if night > 0 { #expect(asked.count == 16 && asked.allSatisfy { $0.status == 200 || $0.status == 304 }) }
            promotedAtBoundary += report.remoteCache?.promoted ?? 0
            // The operator's nightly job: delete every bucket but this month's and last month's.
            let keep = Set(RemoteCache.buckets(.month, at: fleet.now.seconds))
            for name in try FileManager.default.contentsOfDirectory(atPath: root) where !keep.contains(name) {
                try FileManager.default.removeItem(atPath: root + "/" + name)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).count <= 2)
            fleet.now.advance(by: 86_400)
        }
        #expect(changedTotal > 16 && promotedAtBoundary > 0, "\(changedTotal) \(promotedAtBoundary)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["2026-02", "2026-03"])
    }

    @Test func pushSharesTheURLsAndPullNeedsNoImageHost() async throws {
        let fleet = try Fleet(count: 6)
        defer { fleet.stop() }
        try await fleet.host.cdn("gone=4")
        let local = try await fleet.run(.site, "a", remote: nil)
        #expect(local.images.failed == 1)
        try await fleet.host.reset()
        let push = try await fleet.run(.push, "a")
        #expect(push.remoteCache?.pushed == 5 && push.remoteCache?.urlsShared == 6 && push.remoteCache?.remoteErrors == 0)
        let again = try await fleet.run(.push, "a")
        #expect(again.remoteCache?.urlsShared == 0 && again.remoteCache?.alreadyRemote == 5)
        let pull = try await fleet.run(.pull, "b")
        #expect(pull.remoteCache?.urlsFromRemote == 6 && pull.remoteCache?.remoteHits == 5 && pull.images.decoded == 0)
        #expect(try await fleet.origin().isEmpty, "neither the push nor the pull asks the image host")
        // The pulled cache builds the same site offline, decoding nothing.
        var options = BuildOptions(configPath: fleet.site.configPath, outputDirectory: fleet.path("out-b"), cacheDirectory: fleet.path("cache-b"),
                                   jobs: 2, offline: true)
        options.remoteCache = nil
        let offline = try await SiteBuilder(options: options, environment: fleet.environment()).build()
        #expect(offline.images.decoded == 0 && offline.images.failed == 1)
        #expect(try fleet.same("a", "b"))
    }

    @Test func aRemoteThatHangsOnActionReadsNeverFailsTheBuild() async throws {
        let fleet = try Fleet(count: 6)
        defer { fleet.stop() }
        let silent = try SilentPort()
        let report = try await fleet.run(.site, "a", remote: "http://127.0.0.1:\(silent.port)/cache/")
        #expect(report.published && report.images.failed == 0 && report.images.decoded == 6)
        #expect(report.remoteCache?.remoteErrors == 1 && report.remoteCache?.problems.first?.contains("ac/") == true,
                "\(report.remoteCache?.problems ?? [])")
        _ = try await fleet.run(.site, "b", remote: nil)
        #expect(try fleet.same("a", "b"))
    }
}
