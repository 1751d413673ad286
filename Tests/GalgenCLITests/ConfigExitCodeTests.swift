import Foundation
import GalgenTestSupport
import Testing

/// Every class of config error exits with 2, names the key path, and writes nothing.
struct ConfigExitCodeTests {
    static let source = #"{"name": "s", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title"}}"#

    @Test(arguments: [
        ("{\"sources\": [\(source)],}", "config.json:1:", "malformed JSON"),
        ("{\"sorces\": []}", "sorces", "did you mean \"sources\""),
        ("{\"title\": 3, \"sources\": []}", "title", "expected a string"),
        ("{\"title\": \"x\"}", "sources", "missing required key"),
        ("{\"title\": \"a\", \"title\": \"b\", \"sources\": []}", "title", "appears twice"),
        ("{\"imageWidths\": [10], \"sources\": []}", "imageWidths[0]", "out of range"),
        ("{\"sources\": [{\"name\": \"s\", \"type\": \"json\", \"path\": \"records.json\", \"fields\": {\"id\": \"id\", \"title\": \"title\", \"image\": 7}}]}",
         "sources[0].fields.image", "expected a dotted path string"),
    ])
    func configErrorExitsWith2(config: String, key: String, message: String) async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write(config, to: "config.json")
        let result = await run(["build", "--config", site.configPath])
        #expect(result.code == 2)
        #expect(result.capture.err.contains(key), "\(result.capture.err)")
        #expect(result.capture.err.contains(message), "\(result.capture.err)")
        #expect(result.capture.err.contains("fix:"))
        #expect(!site.directory.exists("public"))
    }

    @Test("build in an empty folder says there is no config and suggests galgen init")
    func emptyFolderSuggestsInit() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = await run(["build", "--config", folder.path + "/config.json"])
        #expect(result.code == 2)
        #expect(result.capture.err.contains("no config file here"), "\(result.capture.err)")
        #expect(result.capture.err.contains("--config") && result.capture.err.contains("galgen init"), "\(result.capture.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written")
    }
}
