import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing

/// A whole build of a site whose records are a JSON Lines file, hostile lines included.
struct JSONLinesBuildTests {
    @Test("a JSON Lines site builds its good lines into pages and images, and names each bad line")
    func buildsAndNamesBadLines() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        try site.directory.write("""
            {"id": "a", "title": "Ann", "image": "images/0.jpg"}
            not json
            ["an", "array"]

            {"id": "b", "title": "Bo", "image": "images/2.jpg"}
            """, to: "records.jsonl")
        try site.writeConfig(sources: #"[{"name": "things", "type": "jsonl", "path": "records.jsonl", "fields": {"id": "id", "title": "title", "image": "image"}}]"#)
        let report = try await build(site)
        #expect(report.records == 2 && report.images.sources == 2)
        #expect(site.directory.exists("public/things/a/index.html") && site.directory.exists("public/things/b/index.html"))
        let named = report.diagnostics.map { "\($0.code) \($0.subject)" }
        #expect(named.count == 2 && named[0].hasPrefix("jsonl.malformed things: records.jsonl:2:") && named[1] == "jsonl.not-object things: records.jsonl:3", "\(named)")
    }
}
