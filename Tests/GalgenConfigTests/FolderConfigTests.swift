import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// `"type": "folder"` sources: defaults, every key, and errors that name the file, line and key.
struct FolderConfigTests {
    private func load(_ source: String) throws(ConfigError) -> SiteConfig {
        let text = "{\n\"title\": \"T\",\n\"sources\": [\n\(source)\n]\n}"
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", position: (error.line, error.column), message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json")
    }

    @Test func defaultsForAFolderOfPhotos() throws {
        let source = try load(#"{"name": "trip", "type": "folder", "path": "photos"}"#).sources[0]
        let query = try #require(source.folder)
        #expect(query.path == "/site/photos" && source.localInput == "/site/photos")
        #expect(!query.gps && !query.allowHTML && query.download == nil && query.albumSort == .name && query.albumOrder == .asc)
        #expect(query.include.isEmpty && query.exclude.isEmpty)
        #expect(source.sort == [SortSpec(by: "taken"), SortSpec(by: "id")])
        let names = source.fields.extra.map(\.name)
        #expect(names.contains("taken") && names.contains("camera") && names.contains("duration"))
        #expect(!names.contains("location") && !names.contains("map"))
        #expect(source.fields.extra.first { $0.name == "taken" }?.type == .date)
    }

    @Test func everyKey() throws {
        let source = try load(#"""
            {"name": "trip", "type": "folder", "path": "/media/photos", "include": ["*.jpg", "2024/*"], "exclude": "raw/",
             "gps": true, "html": true, "albumSort": {"by": "date", "order": "desc"}, "download": "largest",
             "sort": [{"by": "taken", "order": "desc"}]}
            """#).sources[0]
        let query = try #require(source.folder)
        #expect(query.path == "/media/photos" && query.include == ["*.jpg", "2024/*"] && query.exclude == ["raw/"])
        #expect(query.gps && query.allowHTML && query.albumSort == .date && query.albumOrder == .desc && query.download == .largest)
        #expect(source.sort == [SortSpec(by: "taken", order: .desc)])
    }

    @Test func extraFieldsReplaceTheDefaultsAndSortFallsBackToThePath() throws {
        let source = try load(#"{"name": "trip", "type": "folder", "path": "p", "fields": {"extra": {"place": "place"}}}"#).sources[0]
        #expect(source.fields.extra.map(\.name) == ["place"])
        #expect(source.sort == [SortSpec(by: "id")])
    }

    @Test func gpsAddsTheLocationFields() throws {
        let names = try load(#"{"name": "trip", "type": "folder", "path": "p", "gps": true}"#).sources[0].fields.extra.map(\.name)
        #expect(names.suffix(2) == ["location", "map"])
    }

    @Test(arguments: [
        (#"{"name": "trip", "type": "folder"}"#, "sources[0].path", "missing required key \"path\""),
        (#"{"name": "trip", "type": "folder", "path": ""}"#, "sources[0].path", "non-empty"),
        (#"{"name": "trip", "type": "folder", "path": "p", "download": "all"}"#, "sources[0].download", "\"originals\" or \"largest\""),
        (#"{"name": "trip", "type": "folder", "path": "p", "albumSort": "size"}"#, "sources[0].albumSort", "albums sort by"),
        (#"{"name": "trip", "type": "folder", "path": "p", "include": [3]}"#, "sources[0].include", "glob pattern"),
        (#"{"name": "trip", "type": "folder", "path": "p", "gps": "yes"}"#, "sources[0].gps", "true or false"),
        (#"{"name": "trip", "type": "folder", "path": "p", "exlude": ["x"]}"#, "sources[0].exlude", "exclude"),
    ])
    func badKeysAreNamedWithTheirLine(text: String, keyPath: String, mentions: String) {
        do throws(ConfigError) {
            _ = try load(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.keyPath == keyPath, "\(error)")
            #expect(error.position?.line == 4, "\(error)")
            #expect(error.description.hasPrefix("/site/config.json:4:"), "\(error)")
            #expect(error.description.contains(mentions), "\(error)")
        }
    }
}
