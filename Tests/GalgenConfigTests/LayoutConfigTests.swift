import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// `layout` on a source: justified rows by default for a folder of photos, the square grid for any
/// other source, either when asked, and an error that names the key and the choices.
struct LayoutConfigTests {
    private func load(_ source: String) throws(ConfigError) -> SourceConfig {
        let text = "{\n\"title\": \"T\",\n\"sources\": [\n\(source)\n]\n}"
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", position: (error.line, error.column), message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json").sources[0]
    }

    private let json = #""name": "apps", "type": "json", "path": "a.json", "fields": {"id": "id", "title": "t", "image": "i"}"#

    @Test func defaultsFollowTheKindOfSource() throws {
        let folder = try load(#"{"name": "trip", "type": "folder", "path": "photos"}"#)
        #expect(folder.layout == nil && folder.effectiveLayout == .justified)
        let apps = try load("{\(json)}")
        #expect(apps.layout == nil && apps.effectiveLayout == .grid)
    }

    @Test func eitherLayoutCanBeChosen() throws {
        #expect(try load(#"{"name": "trip", "type": "folder", "path": "photos", "layout": "grid"}"#).effectiveLayout == .grid)
        #expect(try load("{\(json), \"layout\": \"justified\"}").effectiveLayout == .justified)
    }

    @Test func anUnknownLayoutNamesTheKeyAndTheChoices() {
        for value in [#""masonry""#, "1", #""Grid""#] {
            #expect {
                _ = try load("{\(json),\n\"layout\": \(value)}")
            } throws: { error in
                let text = "\(error)"
                return text.contains("sources[0].layout") && text.contains(#""grid" or "justified""#) && text.contains(":5:")
            }
        }
    }
}
