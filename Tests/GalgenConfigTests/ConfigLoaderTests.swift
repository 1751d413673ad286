import Foundation
import GalgenConfig
import GalgenCore
import GalgenTestSupport
import Testing

struct ConfigLoaderTests {
    private func load(_ text: String) throws(ConfigError) -> SiteConfig {
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", position: (error.line, error.column), message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json")
    }

    private let source = #"{"name": "people", "type": "json", "path": "data/people.json", "fields": {"id": "id", "title": "name"}}"#

    private func expectError(_ text: String, code: ConfigError.Code, keyPath: String, line: Int? = nil, mentions: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(ConfigError) {
            _ = try load(text)
            Issue.record("expected \(code)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.keyPath == keyPath, sourceLocation: sourceLocation)
            if let line { #expect(error.position?.line == line, sourceLocation: sourceLocation) }
            #expect(error.description.contains(mentions), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("/site/config.json:"), sourceLocation: sourceLocation)
        }
    }

    @Test func appliesDefaultsAndResolvesPaths() throws {
        let config = try load(#"{"sources": [\#(source)]}"#)
        #expect(config.title == "Gallery")
        #expect(config.pageSize == 48)
        #expect(config.jpegQuality == 82)
        #expect(config.imageWidths == [160, 320, 640])
        #expect(config.language == "en")
        #expect(config.templatesDirectory == "/site/Templates" && !config.templatesNamed)
        #expect(config.background == [255, 255, 255])
        #expect(try load(##"{"background": "#10A0ff", "sources": []}"##).background == [0x10, 0xA0, 0xFF])
        #expect(config.assetsDirectory == "/site/assets" && !config.assetsNamed)
        #expect(config.sources[0].localPath == "/site/data/people.json")
        #expect(config.sources[0].fields.title.map(\.description) == ["name"])
        #expect(config.outputDirectory == nil)
        #expect(config.itemPages == .all)
    }

    @Test func readsEveryKey() throws {
        let config = try load("""
            {"title": "T", "description": "D", "baseURL": "https://example.org/g", "language": "pt-BR", "pageSize": 10,
             "imageWidths": [640, 160], "jpegQuality": 90, "eagerImages": 3, "maxPixels": 1000, "maxSourceBytes": 2000,
             "templates": "../theme", "assets": "static", "output": "out", "cache": "/tmp/c",
             "sources": [{"name": "p", "title": "People", "type": "json", "path": "p.json", "items": "results",
                          "fields": {"id": "login.uuid", "title": ["name.first", "name.last"], "subtitle": "email",
                                     "image": "picture.large", "link": "url"}}]}
            """)
        #expect(config.baseURL == "https://example.org/g/")
        #expect(config.imageWidths == [160, 640])
        #expect(config.templatesDirectory == "/theme" && config.templatesNamed)
        #expect(config.assetsDirectory == "/site/static" && config.assetsNamed)
        #expect(config.outputDirectory == "/site/out")
        #expect(config.cacheDirectory == "/tmp/c")
        #expect(config.sources[0].items.segments == ["results"])
        #expect(config.sources[0].fields.image?.segments == ["picture", "large"])
    }

    @Test func malformedJSONNamesLineAndColumn() {
        expectError("{\n  \"title\": \"x\",\n}", code: .malformedJSON, keyPath: "", line: 3, mentions: "trailing comma")
    }

    @Test func unknownKeysAreErrorsWithASuggestion() {
        expectError(#"{"pagesize": 3, "sources": []}"#, code: .unknownKey, keyPath: "pagesize", mentions: "did you mean \"pageSize\"")
        expectError(#"{"sources": [{"name": "p", "type": "json", "path": "x", "fields": {"id": "id", "title": "t", "imge": "i"}}]}"#,
                    code: .unknownKey, keyPath: "sources[0].fields.imge", mentions: "did you mean \"image\"")
    }

    @Test func wrongTypesNameTheKeyPath() {
        expectError("{\"sources\": [\(source),\n {\"name\": \"b\", \"type\": \"json\", \"path\": \"b.json\", \"fields\": {\"id\": \"id\", \"title\": \"t\", \"image\": 7}}]}",
                    code: .wrongType, keyPath: "sources[1].fields.image", line: 2, mentions: "expected a dotted path string, found a number")
        expectError(#"{"pageSize": "48", "sources": []}"#, code: .wrongType, keyPath: "pageSize", mentions: "without quotes")
        expectError(#"{"sources": {}}"#, code: .wrongType, keyPath: "sources", mentions: "expected an array")
    }

    @Test func missingKeysAreNamed() {
        expectError(#"{"title": "x"}"#, code: .missingKey, keyPath: "sources", mentions: "add \"sources\"")
        expectError(#"{"sources": [{"name": "p", "type": "json", "fields": {"id": "id", "title": "t"}}]}"#,
                    code: .missingKey, keyPath: "sources[0].path", mentions: "needs \"path\" (a local file) or \"url\"")
        expectError(#"{"sources": [{"name": "p", "type": "json", "path": "p", "fields": {"title": "t"}}]}"#,
                    code: .missingKey, keyPath: "sources[0].fields.id", mentions: "\"id\"")
    }

    @Test func invalidValuesSayWhatIsAllowed() {
        expectError(#"{"pageSize": 0, "sources": []}"#, code: .invalidValue, keyPath: "pageSize", mentions: "between 1 and")
        expectError(#"{"jpegQuality": 101, "sources": []}"#, code: .invalidValue, keyPath: "jpegQuality", mentions: "between 1 and 100")
        expectError(#"{"imageWidths": [320, 320], "sources": []}"#, code: .invalidValue, keyPath: "imageWidths[1]", mentions: "twice")
        expectError(#"{"imageWidths": [], "sources": []}"#, code: .invalidValue, keyPath: "imageWidths", mentions: "1 to 12 widths")
        expectError(#"{"baseURL": "javascript:alert(1)", "sources": []}"#, code: .invalidValue, keyPath: "baseURL", mentions: "http(s)")
        expectError(#"{"language": "english!", "sources": []}"#, code: .invalidValue, keyPath: "language", mentions: "language tag")
        expectError(#"{"background": "white", "sources": []}"#, code: .invalidValue, keyPath: "background", mentions: "#rrggbb")
        expectError(##"{"background": "#12345g", "sources": []}"##, code: .invalidValue, keyPath: "background", mentions: "#rrggbb")
        expectError(#"{"sources": [{"name": "Bad Name", "type": "json", "path": "p", "fields": {"id": "id", "title": "t"}}]}"#,
                    code: .invalidValue, keyPath: "sources[0].name", mentions: "lowercase")
        for reserved in ["assets", "data", "img"] {
            expectError(#"{"sources": [{"name": "\#(reserved)", "type": "json", "path": "p", "fields": {"id": "id", "title": "t"}}]}"#,
                        code: .invalidValue, keyPath: "sources[0].name", mentions: "reserved")
        }
        expectError(#"{"sources": [{"name": "p", "type": "xml", "path": "p", "fields": {"id": "id", "title": "t"}}]}"#,
                    code: .invalidValue, keyPath: "sources[0].type", mentions: "supported types: \"json\"")
        expectError(#"{"sources": [{"name": "p", "type": "json", "path": "p", "fields": {"id": "a..b", "title": "t"}}]}"#,
                    code: .invalidValue, keyPath: "sources[0].fields.id", mentions: "empty segment")
        expectError(#"{"sources": [\#(source), \#(source)]}"#, code: .invalidValue, keyPath: "sources[1].name", mentions: "already used by sources[0]")
    }

    @Test func itemPagesIsAllOrNone() throws {
        #expect(try load(#"{"itemPages": "none", "sources": []}"#).itemPages == ItemPages.none)
        #expect(try load(#"{"itemPages": "all", "sources": []}"#).itemPages == .all)
        expectError(#"{"itemPages": "some", "sources": []}"#, code: .invalidValue, keyPath: "itemPages", mentions: "expected \"all\" or \"none\"")
        expectError(#"{"itemPages": false, "sources": []}"#, code: .invalidValue, keyPath: "itemPages", mentions: "itemPages")
        expectError(#"{"itempages": "none", "sources": []}"#, code: .unknownKey, keyPath: "itempages", mentions: "did you mean \"itemPages\"")
    }

    @Test func duplicateKeysAreErrors() {
        expectError(#"{"title": "a", "title": "b", "sources": []}"#, code: .duplicateKey, keyPath: "title", mentions: "appears twice")
    }

    @Test func missingFileSaysHowToFixIt() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect {
            _ = try ConfigLoader(fileSystem: LocalFileSystem()).load(path: dir.path + "/config.json")
        } throws: { error in
            let e = error as? ConfigError
            return e?.code == .fileNotFound && e?.description.contains("--config") == true
                && e?.description.contains("galgen init") == true
        }
    }
}
