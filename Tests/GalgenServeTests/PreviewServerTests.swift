import Foundation
import GalgenBuild
import GalgenCore
import GalgenServe
import GalgenTestSupport
import Testing

/// A fixture site served by a real ``PreviewServer`` on a free loopback port, built by the real
/// ``SiteBuilder``; requests go over real sockets.
final class ServedSite: Sendable {
    let site: FixtureSite
    let server: PreviewServer
    let running: Task<Void, any Error>
    let port: Int
    let builds = Counter()

    init(count: Int = 3) async throws {
        let site = try FixtureSite(count: count, config: #""pageSize": 2"#)
        let builds = builds
        let server = PreviewServer(
            settings: .init(host: "127.0.0.1", port: 0, siteDirectory: site.outputPath, configPath: site.configPath,
                            pollInterval: .milliseconds(40)),
            fileSystem: LocalFileSystem(),
            build: { _ in
                await builds.increment()
                let environment = BuildEnvironment(fileSystem: LocalFileSystem(), clock: ContinuousClock(), processID: getpid(),
                                                   isProcessAlive: { _ in false }, now: { 0 })
                do {
                    _ = try await SiteBuilder(options: BuildOptions(configPath: site.configPath, jobs: 2), environment: environment).build()
                    return .succeeded
                } catch {
                    return .failed("\(error)")
                }
            },
            log: { _ in })
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        running = Task { try await server.run { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        port = await iterator.next() ?? 0
        self.site = site
        self.server = server
    }

    func get(_ target: String, _ method: String = "GET", headers: [String: String] = [:]) async throws -> RawHTTP.Response {
        try await RawHTTP.request(port: port, target, method: method, headers: headers)
    }

    /// Stops the server and waits for `run` to return.
    func stop() async throws {
        await server.stop()
        try await running.value
    }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// Reads `state` events from an open event stream.
struct EventReader {
    let client: RawHTTP
    var seen = Data()

    init(port: Int) throws {
        client = try RawHTTP(port: port)
        client.send("GET /__galgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    }

    /// Waits for an event whose data contains `text`; returns all event data seen so far.
    mutating func wait(for text: String, timeout: Duration = .seconds(20)) async -> String {
        let already = seen
        let (more, _) = await client.read(timeout: timeout) { data in
            String(decoding: already + data, as: UTF8.self).contains(text)
        }
        seen += more
        return String(decoding: seen, as: UTF8.self)
    }
}

@Suite(.serialized)
struct PreviewServerTests {
    @Test func servesFilesWithValidatorsRangesAndCacheRules() async throws {
        let served = try await ServedSite()
        defer { served.site.directory.remove() }

        let home = try await served.get("/")
        #expect(home.status == 200)
        #expect(home.header("content-type") == "text/html; charset=utf-8")
        #expect(home.header("cache-control") == "no-cache")
        #expect(home.text.contains(#"<script src="/__galgen/reload.js" data-generation="1"></script></body>"#))
        #expect(Int(home.header("content-length") ?? "") == home.body.count)
        let onDisk = try String(contentsOfFile: served.site.outputPath + "/index.html", encoding: .utf8)
        #expect(!onDisk.contains("/__galgen/"), "the reload script must never reach published files")

        let head = try await served.get("/", "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.header("content-length") == home.header("content-length"))
        let refusedHead = try await served.get("/%2e%2e/config.json", "HEAD")
        #expect(refusedHead.status == 403 && refusedHead.body.isEmpty)

        // A content-hashed asset: immutable, validators, 304s, ranges.
        let css = try #require(try FileManager.default.contentsOfDirectory(atPath: served.site.outputPath + "/assets")
            .first { $0.hasPrefix("style-") })
        let bytes = try Data(contentsOf: URL(fileURLWithPath: served.site.outputPath + "/assets/" + css))
        let asset = try await served.get("/assets/" + css)
        #expect(asset.status == 200 && asset.body == bytes)
        #expect(asset.header("content-type") == "text/css; charset=utf-8")
        #expect(asset.header("cache-control") == "public, max-age=31536000, immutable")
        #expect(asset.header("accept-ranges") == "bytes")
        let tag = try #require(asset.header("etag"))
        let modified = try #require(asset.header("last-modified"))
        #expect(try await served.get("/assets/" + css, headers: ["If-None-Match": tag]).status == 304)
        #expect(try await served.get("/assets/" + css, headers: ["If-None-Match": "\"other\""]).status == 200)
        #expect(try await served.get("/assets/" + css, headers: ["If-Modified-Since": modified]).status == 304)
        #expect(try await served.get("/assets/" + css, headers: ["If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"]).status == 200)
        let part = try await served.get("/assets/" + css, headers: ["Range": "bytes=10-19"])
        #expect(part.status == 206 && part.body == bytes[10...19])
        #expect(part.header("content-range") == "bytes 10-19/\(bytes.count)")
        let stale = try await served.get("/assets/" + css, headers: ["Range": "bytes=10-19", "If-Range": "\"old\""])
        #expect(stale.status == 200 && stale.body == bytes)
        let beyond = try await served.get("/assets/" + css, headers: ["Range": "bytes=\(bytes.count)-"])
        #expect(beyond.status == 416 && beyond.header("content-range") == "bytes */\(bytes.count)")

        // Folders, misses and methods.
        let collection = try #require(try FileManager.default.contentsOfDirectory(atPath: served.site.outputPath)
            .first { $0 == "things" })
        let redirect = try await served.get("/" + collection + "?x=1")
        #expect(redirect.status == 301 && redirect.header("location") == "/\(collection)/?x=1")
        #expect(try await served.get("/" + collection + "/").status == 200)
        let missing = try await served.get("/nothing/here.html")
        #expect(missing.status == 404 && missing.text.contains("/__galgen/reload.js") && missing.text.contains("<h1>Page not found</h1>"))
        #expect(try await served.get("/index.html/").status == 404)
        let post = try await served.get("/", "POST")
        #expect(post.status == 405 && post.header("allow") == "GET, HEAD")
        let script = try await served.get("/__galgen/reload.js")
        #expect(script.status == 200 && script.text.contains("EventSource"))
        try await served.stop()
    }

    @Test func refusesEveryWayOutOfTheSiteFolder() async throws {
        let served = try await ServedSite()
        defer { served.site.directory.remove() }
        let secret = "TOP-SECRET-\(UUID().uuidString)"
        try served.site.directory.write(secret, to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: served.site.outputPath + "/out",
                                                   withDestinationPath: served.site.directory.path)
        try FileManager.default.createSymbolicLink(atPath: served.site.outputPath + "/leak.txt",
                                                   withDestinationPath: served.site.directory.path + "/secret.txt")
        let attempts: [(String, Int)] = [
            ("/../secret.txt", 403), ("/%2e%2e/secret.txt", 403), ("/%2E%2E/secret.txt", 403), ("/.%2e/secret.txt", 403),
            ("/assets/../../secret.txt", 403), ("/assets%2f..%2f..%2fsecret.txt", 403), ("/assets/..%2f..%2fsecret.txt", 403),
            ("/assets/..%5c..%5csecret.txt", 403), ("/assets\\..\\..\\secret.txt", 403), ("/%00secret.txt", 403),
            ("/out/secret.txt", 403), ("/leak.txt", 403), ("/out/", 403),
            ("/%zz", 400), (served.site.directory.path + "/secret.txt", 404), ("http://evil.example/secret.txt", 404),
        ]
        for (target, status) in attempts {
            let response = try await served.get(target)
            #expect(response.status == status, "\(target)")
            #expect(!response.text.contains(secret), "\(target) leaked the file")
        }
        try await served.stop()
    }

    @Test func editsReloadPagesAndABrokenTemplateKeepsTheLastGoodSite() async throws {
        let served = try await ServedSite()
        defer { served.site.directory.remove() }
        var events = try EventReader(port: served.port)
        #expect(await events.wait(for: #""generation":1,"error":null"#).contains("text/event-stream"))

        // The site has no Templates/ folder: the first edit adds an override of the built-in head.
        let head = served.site.directory.path + "/Templates/head.mustache"
        let original = try String(contentsOfFile: Repository.templates + "/head.mustache", encoding: .utf8)
        try FileManager.default.createDirectory(atPath: served.site.directory.path + "/Templates", withIntermediateDirectories: true)
        try (original + "<meta name=\"marker\" content=\"v2\" />\n").write(toFile: head, atomically: true, encoding: .utf8)
        _ = await events.wait(for: #""generation":2,"error":null"#)
        let second = try await served.get("/")
        #expect(second.text.contains(#"content="v2""#) && second.text.contains(#"data-generation="2""#))

        try (original + "{{#unclosed}}\n").write(toFile: head, atomically: true, encoding: .utf8)
        let afterBreak = await events.wait(for: "Mustache")
        #expect(afterBreak.contains(#""generation":2,"error":"[templates]"#))
        let kept = try await served.get("/")
        #expect(kept.status == 200 && kept.text.contains(#"content="v2""#), "the last good site is still served")

        try (original + "<meta name=\"marker\" content=\"v3\" />\n").write(toFile: head, atomically: true, encoding: .utf8)
        _ = await events.wait(for: #""generation":3,"error":null"#)
        #expect(try await served.get("/").text.contains(#"content="v3""#))
        #expect(await served.builds.value == 4)

        let published = try FixtureSite.snapshot(of: served.site.outputPath)
        #expect(!published.isEmpty && published.allSatisfy { !String(decoding: $0.1, as: UTF8.self).contains("/__galgen/") })
        try await served.stop()
    }

    @Test func stopEndsEventStreamsAndLeavesNoHalfWrittenOutput() async throws {
        let served = try await ServedSite()
        defer { served.site.directory.remove() }
        var events = try EventReader(port: served.port)
        _ = await events.wait(for: #""generation":1"#)
        let before = try FixtureSite.snapshot(of: served.site.outputPath)
        let stopped = ContinuousClock.now
        try await served.stop()
        #expect(ContinuousClock.now - stopped < .seconds(5))
        let (_, closed) = await events.client.read(timeout: .seconds(5))
        #expect(closed, "the event stream ends at shutdown")
        let after = try FixtureSite.snapshot(of: served.site.outputPath)
        #expect(before.map(\.0) == after.map(\.0) && zip(before, after).allSatisfy { $0.1 == $1.1 })
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: served.site.directory.path).filter { $0.contains("staging") }
        #expect(leftovers == [])
        #expect((try? RawHTTP(port: served.port)) == nil, "nothing listens after stop")
    }
}
