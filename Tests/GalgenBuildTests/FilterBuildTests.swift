import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing

/// A bad `filters` entry stops a build at its config step: the error names config.json's line and column
/// and the mistake, and no output folder is made.
struct FilterBuildTests {
    @Test(arguments: [
        (#"["genre", "colour"]"#, "not a field of this source"),
        (#"[{"field": "price", "ranges": [5, 1]}]"#, "strictly ascending"),
        (#"[{"field": "genre", "ranges": [0, 1]}]"#, "needs a numeric field"),
        (#"[{"field": "genre", "pages": true}, {"field": "price", "atLeast": [1], "pages": true}]"#, "already has pages of its own"),
    ])
    func aBadFilterIsAConfigErrorAndNothingIsWritten(filters: String, mentions: String) async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        let config = """
            {
              "title": "Filters",
              "sources": [{"name": "things", "type": "json", "path": "records.json",
                "fields": {"id": "id", "title": "title", "image": "image", "extra": {"genre": "title", "price": {"path": "id", "type": "number"}}},
                "filters": \(filters)}]
            }
            """
        try site.directory.write(config, to: "config.json")
        let error = try #require(await buildError(site))
        #expect(error.isConfigError, "\(error)")
        #expect(error.description.contains(site.configPath + ":5:"), "\(error)")
        #expect(error.description.contains(mentions), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: site.outputPath))
    }
}
