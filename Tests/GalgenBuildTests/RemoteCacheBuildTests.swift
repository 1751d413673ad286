import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing

/// Builds sharing a real nginx (WebDAV `PUT`) as their remote cache: the second of two builds in
/// separate cache folders decodes nothing, and every fault (down, 500, silence, bad bodies, 403,
/// 507) leaves a good site, a clean local cache and a report that names it.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct RemoteCacheBuildTests {
    /// Three sources, each with a metadata entry and two JPEG variants.
    static let sources = 3
    static let entriesPerSource = 3

    struct Setup {
        let site: FixtureSite
        let nginx: NginxServer

        init() throws {
            site = try FixtureSite(count: RemoteCacheBuildTests.sources, config: #""formats": ["jpeg"], "imageWidths": [100, 150], "# + quickFetch)
            nginx = try NginxServer()
        }

        func build(_ name: String, remote: String?) async throws -> BuildReport {
            var options = BuildOptions(configPath: site.configPath, outputDirectory: site.directory.path + "/out-" + name,
                                       cacheDirectory: site.directory.path + "/cache-" + name, jobs: 2)
            options.remoteCache = remote
            return try await SiteBuilder(options: options, environment: environment()).build()
        }

        func output(_ name: String) throws -> [(String, Data)] { try FixtureSite.snapshot(of: site.directory.path + "/out-" + name) }
        func cache(_ name: String) throws -> [(String, Data)] { try FixtureSite.snapshot(of: site.directory.path + "/cache-" + name) }
        func files(_ location: String, _ namespace: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: nginx.root(location) + "/" + namespace)) ?? []).sorted()
        }

        func remove() {
            nginx.stop()
            site.directory.remove()
        }
    }

    @Test func aSecondBuildInAnotherCacheFolderDecodesNothing() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let remote = setup.nginx.url("ok")
        let first = try await setup.build("a", remote: remote)
        let counts = try #require(first.remoteCache)
        #expect(first.images.decoded == Self.sources)
        #expect(counts.remoteMisses == Self.sources && counts.remoteHits == 0 && counts.remoteErrors == 0, "\(counts.problems)")
        #expect(counts.uploaded == Self.sources * Self.entriesPerSource)
        #expect(setup.files("ok", "cas").count == Self.sources * Self.entriesPerSource)
        #expect(setup.files("ok", "ac").count == Self.sources)
        for name in setup.files("ok", "cas") {
            let body = try Data(contentsOf: URL(fileURLWithPath: setup.nginx.root("ok") + "/cas/" + name))
            #expect(ContentHash.sha256Hex(body) == name)
        }

        let before = setup.nginx.requests().count
        let second = try await setup.build("b", remote: remote)
        #expect(second.images.decoded == 0 && second.images.encoded == 0)
        #expect(second.remoteCache?.remoteHits == Self.sources && second.remoteCache?.uploaded == 0)
        let requests = setup.nginx.requests().dropFirst(before)
        #expect(requests.filter { $0.hasPrefix("GET /ok/ac/") }.count == Self.sources)
        #expect(requests.filter { $0.hasPrefix("GET /ok/cas/") }.count == Self.sources * Self.entriesPerSource)
        #expect(!requests.contains { $0.hasPrefix("PUT") || $0.hasPrefix("HEAD") }, "\(requests)")
        let a = try setup.output("a"), b = try setup.output("b")
        #expect(a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1))
        let images = { (entry: (String, Data)) in entry.0.hasPrefix("sources/") || entry.0.hasPrefix("variants/") }
        let cacheA = try setup.cache("a").filter(images), cacheB = try setup.cache("b").filter(images)
        #expect(cacheA.count == Self.sources * Self.entriesPerSource && cacheA.map(\.0) == cacheB.map(\.0) && cacheA.map(\.1) == cacheB.map(\.1))

        // One variant gone from the local cache: one action entry and one body are fetched, nothing else.
        let victim = try #require(try setup.cache("b").first { $0.0.hasPrefix("variants/") })
        try FileManager.default.removeItem(atPath: setup.site.directory.path + "/cache-b/" + victim.0)
        let mark = setup.nginx.requests().count
        let third = try await setup.build("b", remote: remote)
        #expect(third.images.decoded == 0 && third.remoteCache?.remoteHits == 1 && third.remoteCache?.remoteMisses == 0)
        let asked = setup.nginx.requests().dropFirst(mark)
        #expect(asked.count == 2 && asked.filter { $0.hasPrefix("GET /ok/ac/") }.count == 1
                && asked.filter { $0.hasPrefix("GET /ok/cas/") }.count == 1, "\(asked)")
    }

    @Test func corruptAndTruncatedBodiesAreMissesThatAreReportedAndNeverCached() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let remote = setup.nginx.url("ok")
        _ = try await setup.build("a", remote: remote)
        // Two variants of two different sources, damaged on the server.
        var victims: [String] = []
        for name in setup.files("ok", "ac").prefix(2) {
            let entry = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: setup.nginx.root("ok") + "/ac/" + name)))
            victims.append(try #require(entry.first { $0.key.hasPrefix("variants/") }?.value))
        }
        let cas = setup.nginx.root("ok") + "/cas/"
        var corrupt = try Data(contentsOf: URL(fileURLWithPath: cas + victims[0]))
        corrupt[corrupt.count / 2] ^= 0xFF
        try corrupt.write(to: URL(fileURLWithPath: cas + victims[0]))
        let truncated = try Data(contentsOf: URL(fileURLWithPath: cas + victims[1])).prefix(100)
        try truncated.write(to: URL(fileURLWithPath: cas + victims[1]))

        let report = try await setup.build("b", remote: remote)
        let counts = try #require(report.remoteCache)
        #expect(report.images.decoded == 2 && report.images.failed == 0)
        #expect(counts.remoteHits == 1 && counts.remoteMisses == 2 && counts.remoteErrors == 2)
        #expect(counts.problems.filter { $0.contains("does not match its SHA-256") }.count == 2, "\(counts.problems)")
        #expect(!report.hasProblems)
        let local = try setup.cache("b").map(\.1)
        #expect(!local.contains(corrupt) && !local.contains(Data(truncated)))
        let a = try setup.output("a"), b = try setup.output("b")
        #expect(a.map(\.1) == b.map(\.1))
        // The damaged bodies were uploaded again, good this time.
        for victim in victims {
            #expect(ContentHash.sha256Hex(try Data(contentsOf: URL(fileURLWithPath: cas + victim))) == victim)
        }
    }

    @Test func aRemoteThatIsDownIsTriedOnce() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let report = try await setup.build("a", remote: "http://127.0.0.1:\(try NginxServer.freePort())/cache/")
        let counts = try #require(report.remoteCache)
        #expect(report.images.decoded == Self.sources && report.images.failed == 0 && report.published)
        #expect(counts.remoteErrors == 1 && counts.remoteMisses == Self.sources && counts.uploaded == 0)
        #expect(counts.problems.count == 1 && counts.problems[0].contains("not used for the rest of this build"), "\(counts.problems)")
        #expect(!report.hasProblems)
    }

    @Test func aRemoteThatNeverAnswersEndsAtTheIdleTimeout() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let silent = try SilentPort()
        let report = try await setup.build("a", remote: "http://127.0.0.1:\(silent.port)/")
        // One idle timeout, not one per request: a silence is not retried and drops the remote, so only
        // the lookups already in flight (one per source at most) ever connected; 3 of 3 alone, in 0.8 s.
        // Counted, not timed: the build takes minutes when the whole suite shares two cores with others.
        #expect((1...Self.sources).contains(silent.connections), "\(silent.connections) connections")
        let counts = try #require(report.remoteCache)
        #expect(report.images.decoded == Self.sources && report.published)
        #expect(counts.remoteErrors == 1 && counts.problems.first?.contains("idle timeout") == true, "\(counts.problems)")
    }

    /// The count the test above relies on: every connection made, kept after the client closes it.
    @Test func aSilentPortCountsTheConnectionsMadeToIt() async throws {
        let silent = try SilentPort()
        #expect(silent.connections == 0)
        for expected in 1...3 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(silent.port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            close(fd)
            for _ in 0..<100 where silent.connections < expected { try await Task.sleep(for: .milliseconds(10)) }
            #expect(silent.connections == expected)
        }
    }

    @Test func serverErrorsAreRetriedOnceThenCounted() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let report = try await setup.build("a", remote: setup.nginx.url("fail500"))
        let counts = try #require(report.remoteCache)
        #expect(report.images.decoded == Self.sources && report.published && !report.hasProblems)
        // Per source: the action GET and the first HEAD fail, each after one retry.
        #expect(counts.remoteErrors == 2 * Self.sources && counts.uploaded == 0)
        #expect(counts.problems.contains { $0.hasPrefix("GET ") && $0.hasSuffix("HTTP 500") }, "\(counts.problems)")
        #expect(setup.nginx.requests().filter { $0.hasPrefix("GET /fail500/ac/") }.count == 2 * Self.sources)
    }

    @Test func refusedAndFullUploadsAreNamedAndNoActionEntryIsWritten() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        for (location, status) in [("noput", 403), ("full", 507)] {
            let report = try await setup.build(location, remote: setup.nginx.url(location))
            let counts = try #require(report.remoteCache)
            #expect(report.images.decoded == Self.sources && report.published && !report.hasProblems)
            #expect(counts.uploaded == 0 && counts.remoteErrors == Self.sources)
            #expect(counts.problems.contains { $0.hasPrefix("PUT http://127.0.0.1:\(setup.nginx.port)/\(location)/cas/") && $0.hasSuffix("HTTP \(status)") },
                    "\(counts.problems)")
            #expect(!setup.nginx.requests().contains { $0.hasPrefix("PUT /\(location)/ac/") })
        }
    }

    @Test func withoutARemoteTheReportHasNoRemoteSection() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let report = try await setup.build("a", remote: nil)
        #expect(report.remoteCache == nil && report.images.decoded == Self.sources)
    }
}
