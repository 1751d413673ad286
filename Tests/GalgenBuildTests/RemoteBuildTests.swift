import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing

/// Builds from the local fixture server (127.0.0.1 only): mapped records, request counts on warm
/// rebuilds, offline builds, and every bad input of the issue ending rendered or reported.
@Suite(.serialized) struct RemoteBuildTests {
    let server: FixtureServer

    init() throws {
        server = try SharedServer.get()
    }

    func randomUser(seed: String, count: Int, perRequest: Int, extra: String = "") -> String {
        #"[{"name": "people", "type": "randomuser", "url": "\#(server.url("/api/1.4/"))", "seed": "\#(seed)", "count": \#(count), "perRequest": \#(perRequest)\#(extra)}]"#
    }

    // MARK: - randomuser

    @Test func randomUserRecordsArePagedMappedAndEachPortraitDownloadedOnce() async throws {
        let seed = "map-\(UUID().uuidString.prefix(8))"
        let remote = try RemoteBuild(sources: randomUser(seed: seed, count: 30, perRequest: 12), extra: patientFetch)
        defer { remote.site.directory.remove() }
        try await server.reset()
        let report = try await remote.build()
        let log = try await server.log()

        let pages = log.filter { $0.path.hasPrefix("/api/1.4/") }.map(\.path)
        #expect(pages.count == 3)
        #expect(pages.allSatisfy { $0.contains("seed=\(seed)") })
        #expect(pages.contains { $0.contains("results=6") && $0.contains("page=3") })
        #expect(report.records == 30)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")

        // ~196 portraits for any number of users: each distinct URL is fetched once.
        let portraits = log.filter { $0.path.hasPrefix("/api/portraits/") }.map(\.path)
        #expect(portraits.count == Set(portraits).count, "retries: \(report.network.retries)")
        #expect(portraits.count == report.images.sources)

        // Ids are login.uuid, titles the full name, subtitles city and country.
        let body = try remote.page("people/index.html")
        let uuid = try #require(body.firstMatch(of: /people\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12})\//))
        let item = try remote.page("people/\(uuid.1)/index.html")
        #expect(item.contains("<img"))
        #expect(!item.contains("placeholder"), "a portrait that downloaded fine must not show the placeholder")
    }

    @Test func warmRebuildSendsOnlyConditionalRequestsAndDownloadsNoImageBytes() async throws {
        let remote = try RemoteBuild(sources: randomUser(seed: "warm", count: 20, perRequest: 20), extra: patientFetch)
        defer { remote.site.directory.remove() }
        let cold = try await remote.build()
        #expect(cold.images.decoded > 0)

        try await server.reset()
        let warm = try await remote.build()
        let log = try await server.log()
        #expect(!log.isEmpty)
        for request in log {
            #expect(request.ifNoneMatch != nil || request.ifModifiedSince != nil, "unconditional request \(request.path)")
            #expect(request.status == 304, "\(request.path) answered \(request.status)")
        }
        #expect(log.reduce(0) { $0 + $1.bodyBytes } == 0)
        #expect(warm.network.bytesDownloaded == 0)
        #expect(warm.network.notModified == log.count)
        #expect(warm.images.decoded == 0)
        #expect(warm.records == cold.records)
    }

    @Test func withinMaxAgeARebuildSendsNoRequestAtAll() async throws {
        let remote = try RemoteBuild(sources: randomUser(seed: "fresh", count: 8, perRequest: 8, extra: #", "maxAge": "1h""#),
                                     extra: #""fetch": {"imageMaxAge": "1d"}"#)
        defer { remote.site.directory.remove() }
        _ = try await remote.build()
        try await server.reset()
        remote.now.advance(by: 1800)
        let warm = try await remote.build()
        #expect(try await server.log().isEmpty)
        #expect(warm.network.requests == 0)
        #expect(warm.network.fromCache == warm.images.sources + 1)

        remote.now.advance(by: 3600)  // the records are stale now, the images still fresh
        let later = try await remote.build()
        #expect(try await server.log().map(\.path).allSatisfy { $0.hasPrefix("/api/1.4/") })
        #expect(later.network.requests == 1)
    }

    @Test func offlineBuildsFromAWarmCacheAlikeAndFailsFromAColdOneListingWhatIsMissing() async throws {
        let remote = try RemoteBuild(sources: randomUser(seed: "offline", count: 10, perRequest: 10))
        defer { remote.site.directory.remove() }
        let cold = try await remote.buildError(offline: true)
        let message = try #require(cold).description
        #expect(message.contains("--offline"))
        #expect(message.contains(server.url("/api/1.4/")))
        #expect(!remote.site.directory.exists("public/index.html"))

        _ = try await remote.build()
        let online = try FixtureSite.snapshot(of: remote.site.outputPath)
        try await server.reset()
        let report = try await remote.build(offline: true)
        #expect(try await server.log().isEmpty)
        #expect(report.network.requests == 0)
        let offline = try FixtureSite.snapshot(of: remote.site.outputPath)
        #expect(offline.map(\.0) == online.map(\.0))
        #expect(offline.map(\.1) == online.map(\.1))
    }

    @Test func offlineFailsWhenOnlyImagesAreMissing() async throws {
        let remote = try RemoteBuild(sources: randomUser(seed: "offline-img", count: 4, perRequest: 4))
        defer { remote.site.directory.remove() }
        _ = try await remote.build()
        // Forget the downloaded portraits but keep the record pages.
        let cache = remote.site.cachePath
        for entry in try FileManager.default.subpathsOfDirectory(atPath: cache + "/remote") where entry.hasSuffix(".json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: cache + "/remote/" + entry))
            if String(decoding: data, as: UTF8.self).contains("portraits") { try FileManager.default.removeItem(atPath: cache + "/remote/" + entry) }
        }
        let error = try #require(await remote.buildError(offline: true))
        #expect(error.step == .images)
        #expect(error.description.contains("/api/portraits/"))
    }

    @Test func aFlakyAPIIsRetriedAndAFailedRefreshFallsBackToTheCachedCopy() async throws {
        let url = server.url("/fault/records/flaky")
        let sources = #"[{"name": "people", "type": "json", "url": "\#(url)", "items": "results", "fields": {"id": "login.uuid", "title": "name.first", "image": "picture.large"}}]"#
        let remote = try RemoteBuild(sources: sources, extra: #""fetch": {"retries": 3, "backoff": "10ms", "totalTimeout": 5}"#)
        defer { remote.site.directory.remove() }
        try await server.reset()
        let first = try await remote.build()
        #expect(first.records == 3)
        #expect(first.network.retries == 2)
        #expect(remote.pauses.all == [.milliseconds(10), .milliseconds(20)])

        // The API fails again and this build may not retry: the cached copy is used, with a warning.
        try await server.reset()
        try remote.site.writeConfig(sources: sources, extra: #""fetch": {"retries": 0}"#)
        let second = try await remote.build()
        #expect(second.records == 3)
        let stale = try #require(second.diagnostics("network.stale").first)
        #expect(stale.message.contains("HTTP 503"))
    }

    @Test(arguments: [
        ("retry-after-seconds", Duration.seconds(1)),
        ("ratelimit", Duration.milliseconds(10)),
    ])
    func rateLimitsWaitAsToldOrBackOff(fault: String, wait: Duration) async throws {
        let sources = #"[{"name": "people", "type": "json", "url": "\#(server.url("/fault/records/\(fault)"))", "items": "results", "fields": {"id": "login.uuid", "title": "name.first"}}]"#
        let remote = try RemoteBuild(sources: sources, extra: #""fetch": {"retries": 2, "backoff": "10ms"}"#)
        defer { remote.site.directory.remove() }
        try await server.reset()
        let report = try await remote.build()
        #expect(report.records == 3)
        #expect(remote.pauses.all == [wait])
    }

    @Test(arguments: [
        ("html200", "HTML page"),
        ("error200", "the API answered with an error"),
        ("error500", "HTTP 500"),
        ("notjson", "plain text"),
        ("empty-results", "no users"),
    ])
    func badRecordResponsesFailTheBuildWithTheReason(fault: String, reason: String) async throws {
        let type = fault == "empty-results" ? #""type": "randomuser""# : #""type": "json", "items": "results", "fields": {"id": "login.uuid", "title": "name.first"}"#
        let sources = #"[{"name": "people", \#(type), "url": "\#(server.url("/fault/records/\(fault)"))"}]"#
        let remote = try RemoteBuild(sources: sources)
        defer { remote.site.directory.remove() }
        let error = try #require(await remote.buildError())
        #expect(error.step == .records)
        #expect(error.description.contains(reason), "\(error)")
        #expect(!remote.site.directory.exists("public/index.html"))
    }

    // MARK: - iTunes

    func iTunes(_ term: String, entity: String? = nil) -> String {
        let entityMember = entity.map { #", "entity": "\#($0)""# } ?? ""
        return #"[{"name": "apps", "type": "itunes", "url": "\#(server.url("/search"))", "term": "\#(term)"\#(entityMember), "limit": 12}]"#
    }

    @Test func iTunesAppsAreMappedWithLargeIdsLinksAndRewrittenArtwork() async throws {
        let remote = try RemoteBuild(sources: iTunes("photo", entity: "software"), extra: patientFetch + #", "imageWidths": [160, 320, 600]"#)
        defer { remote.site.directory.remove() }
        try await server.reset()
        let report = try await remote.build()
        #expect(report.records == 12)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let log = try await server.log()
        let artwork = log.filter { $0.path.hasPrefix("/image/") }.map(\.path)
        #expect(artwork.count == 12)
        #expect(artwork.allSatisfy { $0.hasSuffix("/600x600bb.jpg") })
        #expect(artwork.allSatisfy { $0.contains(".png/") }, "only the last segment is rewritten")
        let index = try remote.page("apps/index.html")
        let id = try #require(index.firstMatch(of: /apps\/(\d{10,})\//))
        #expect(Int(id.1)! > Int(UInt32.max))
        #expect(try remote.page("apps/\(id.1)/index.html").contains("https://apps.apple.com/us/app/"))
    }

    @Test func aRewrittenArtworkURLThatFailsFallsBackToTheOriginal() async throws {
        let remote = try RemoteBuild(sources: iTunes("fallback"))
        defer { remote.site.directory.remove() }
        let report = try await remote.build()
        #expect(report.records == 3)
        #expect(report.images.failed == 0)
        #expect(report.diagnostics("image.fetch").count == 3)
        #expect(report.diagnostics("image.fetch").allSatisfy { $0.message.contains("fallback") && $0.message.contains("404") })
    }

    @Test func iTunesThrottlingIsWaitedOut() async throws {
        let remote = try RemoteBuild(sources: iTunes("throttle"), extra: #""fetch": {"retries": 3, "backoff": "10ms"}"#)
        defer { remote.site.directory.remove() }
        try await server.reset()
        let report = try await remote.build()
        #expect(report.records > 0)
        #expect(remote.pauses.all.prefix(2) == [.milliseconds(10), .milliseconds(20)])
    }

    @Test func hostileResultsAreEscapedCheckedOrReported() async throws {
        let remote = try RemoteBuild(sources: iTunes("evil"))
        defer { remote.site.directory.remove() }
        let report = try await remote.build()
        let all = try FixtureSite.snapshot(of: remote.site.outputPath).filter { $0.0.hasSuffix(".html") }
            .map { String(decoding: $0.1, as: UTF8.self) }.joined()
        #expect(!all.contains("<script>alert"))
        #expect(all.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!all.contains("javascript:"))
        #expect(!report.diagnostics("record.bad-link").isEmpty)
        #expect(!report.diagnostics("record.long-title").isEmpty)
        #expect(!report.diagnostics("record.missing-id").isEmpty)
        #expect(!report.diagnostics("record.duplicate-id").isEmpty)
        #expect(report.records == 5)  // 7 results: a null id and a duplicate dropped, both reported
    }

    @Test func iTunesMusicResultsOfEveryKindAreMapped() async throws {
        let remote = try RemoteBuild(sources: iTunes("rock"))
        defer { remote.site.directory.remove() }
        let report = try await remote.build()
        #expect(report.records == 12)
        // Artists have no artwork: they render with the placeholder and are reported.
        let missing = report.diagnostics("record.missing-image")
        #expect(!missing.isEmpty)
        #expect(report.diagnostics.allSatisfy { $0.code == "record.missing-image" }, "\(report.diagnostics)")
        let index = try remote.page("apps/index.html")
        #expect(index.contains("placeholder"))
    }

    // MARK: - JSON by URL, paged

    func feed(_ path: String, paging: String) -> String {
        #"[{"name": "feed", "type": "json", "url": "\#(server.url(path))", "items": "data.items", "paging": \#(paging), "fields": {"id": "id", "title": "name", "image": "photo.url", "link": "web"}}]"#
    }

    @Test func nextLinksAreFollowedToTheEnd() async throws {
        let remote = try RemoteBuild(sources: feed("/feed?page=1", paging: #"{"next": "next"}"#))
        defer { remote.site.directory.remove() }
        let report = try await remote.build()
        #expect(report.records == 15)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    }

    @Test(arguments: [
        ("/feed-loop?page=1", #"{"next": "next"}"#, 10, "source.paging-loop"),
        ("/feed-endless?page=1", #"{"next": "next", "maxPages": 4}"#, 20, "source.page-cap"),
    ])
    func pagingThatWouldNeverEndIsStopped(path: String, paging: String, records: Int, warning: String) async throws {
        let remote = try RemoteBuild(sources: feed(path, paging: paging))
        defer { remote.site.directory.remove() }
        let report = try await remote.build()
        #expect(report.records == records)
        #expect(report.diagnostics(warning).count == 1)
        #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
    }

    @Test func aPageParameterCountsUpUntilAnEmptyPage() async throws {
        let remote = try RemoteBuild(sources: feed("/feed-param", paging: #"{"parameter": "page", "start": 1}"#), extra: patientFetch)
        defer { remote.site.directory.remove() }
        try await server.reset()
        let report = try await remote.build()
        #expect(report.records == 15)
        #expect(try await server.log().filter { $0.path.hasPrefix("/feed-param") }.count == 4)
    }

    // MARK: - Image faults

    @Test func everyBadImageEndsAsAPlaceholderWithItsReason() async throws {
        let faults: [(String, String)] = [
            ("404", "HTTP 404"), ("hang", "idle timeout"), ("drip", "total timeout"), ("redirect-loop", "redirect"),
            ("html", "an HTML page"), ("huge-length", "50000000000"), ("truncated", "truncated"),
        ]
        var records = faults.map { #"{"id": "\#($0.0)", "title": "\#($0.0)", "image": "\#(server.url("/fault/image/\($0.0).jpg"))"}"# }
        records.append(#"{"id": "once", "title": "once", "image": "\#(server.url("/fault/image/500-once.jpg?\(UUID().uuidString)"))"}"#)
        records.append(#"{"id": "ok", "title": "ok", "image": "\#(server.url("/fault/image/ok.jpg"))"}"#)
        // A real PNG served as image/jpeg: sniffed from its bytes and rendered.
        records.append(#"{"id": "png", "title": "png", "image": "\#(server.url("/fault/image/png.jpg"))"}"#)
        let remote = try RemoteBuild(sources: #"[{"name": "things", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title", "image": "image"}}]"#)
        defer { remote.site.directory.remove() }
        try remote.site.writeRecords("[" + records.joined(separator: ",") + "]")
        let report = try await remote.build()
        #expect(report.records == faults.count + 3)
        #expect(report.images.failed == faults.count)
        let failures = report.diagnostics("image.failed")
        for (fault, reason) in faults {
            let found = failures.first { $0.message.contains("/fault/image/\(fault).jpg") }
            #expect(found?.message.contains(reason) == true, "\(fault): \(found?.message ?? "not reported")")
        }
        #expect(try remote.page("things/once/index.html").contains("img/"))
        #expect(try remote.page("things/png/index.html").contains("img/"))
        #expect(try remote.page("things/404/index.html").contains("placeholder"))
    }
}
