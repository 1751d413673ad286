import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve` (the real binary, default poll) sees every input a build reads: a picture that
/// records point at replaced, added or deleted, and an asset of the theme override edited. Each save
/// reloads open pages within 1 s and the page served afterwards shows the change.
struct ServeWatchTests {
    /// Waits on the event stream for the state of `generation`; returns the time it took.
    private func waitForGeneration(_ generation: Int, on events: RawHTTP, seen: inout Data) async -> Duration? {
        let start = ContinuousClock.now
        let marker = "\"generation\":\(generation),\"error\":null"
        let already = seen
        let (more, _) = await events.read(timeout: .seconds(30)) { String(decoding: already + $0, as: UTF8.self).contains(marker) }
        seen += more
        return String(decoding: seen, as: UTF8.self).contains(marker) ? ContinuousClock.now - start : nil
    }

    @Test("replacing, adding and deleting a picture and editing an asset each rebuild and reload within 1 s")
    func picturesAndAssetsAreWatched() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        // A record pointing at a picture that is not there yet, and an asset override.
        try site.writeRecords("""
            [{"id": "item-0", "title": "Item 0", "image": "images/0.jpg"},
             {"id": "item-1", "title": "Item 1", "image": "images/1.jpg"},
             {"id": "item-2", "title": "Item 2", "image": "images/2.jpg"},
             {"id": "later", "title": "Later", "image": "images/later.jpg"}]
            """)
        try site.directory.write("body { color: #123456; }\n", to: "assets/style.css")
        let (process, lines) = try startServe(["--config", site.configPath, "--port", "0"])
        defer { if process.isRunning { process.terminate() } }
        let ready = try #require(await lines.first(containing: "galgen serve: http://127.0.0.1:"), "no listening line")
        let port = try #require(Int(ready.split(separator: ":")[3].prefix { $0.isNumber }))

        let events = try RawHTTP(port: port)
        events.send("GET /__galgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var seen = Data()
        #expect(await waitForGeneration(1, on: events, seen: &seen) != nil)
        // Let the watcher take its first look after the first build.
        try await Task.sleep(for: .milliseconds(300))

        let edits: [(name: String, page: String, edit: () throws -> Void)] = [
            ("replace a picture", "/things/item-0/", {
                try site.directory.write(try site.directory.read("images/2.jpg"), to: "images/0.jpg")
            }),
            ("add a picture a record points at", "/things/later/", {
                try site.directory.write(try site.directory.read("images/1.jpg"), to: "images/later.jpg")
            }),
            ("delete a picture", "/things/item-1/", {
                try FileManager.default.removeItem(atPath: site.directory.path + "/images/1.jpg")
            }),
            ("edit an asset", "/", {
                try site.directory.write("body { color: #654321; }\n", to: "assets/style.css")
            }),
        ]
        for (index, edit) in edits.enumerated() {
            let before = try await RawHTTP.request(port: port, edit.page)
            #expect(before.status == 200, "\(edit.name): \(edit.page) is served")
            let saved = ContinuousClock.now
            try edit.edit()
            #expect(await waitForGeneration(index + 2, on: events, seen: &seen) != nil, "\(edit.name): no reload event")
            // Timed by serve's own line, stamped when it arrived by the thread reading serve's output
            // (a busy test process may be slow to look at the event stream, not serve to send it).
            let told = await lines.stamped(containing: "to reload", occurrence: index + 1, timeout: .seconds(10))
            let took = told.map { $0.at - saved }
            #expect(took != nil && took! < .seconds(1), "\(edit.name): reload after \(String(describing: took)); serve said: \(lines.all.suffix(12))")
            let after = try await RawHTTP.request(port: port, edit.page)
            #expect(after.status == 200 && after.body != before.body, "\(edit.name): \(edit.page) did not change")
        }
        // The home page links the new stylesheet (its name is its hash), which holds the edit.
        let home = try await RawHTTP.request(port: port, "/").text
        let name = try #require(home.firstMatch(of: /href="[.\/]*(assets\/style-[0-9a-f]+\.css)"/)?.output.1, "\(home.prefix(600))")
        let css = try await RawHTTP.request(port: port, "/" + name)
        #expect(css.text.contains("#654321"))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }
}
