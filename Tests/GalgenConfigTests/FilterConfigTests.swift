import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// A source's `filters`: decoded in order, and every mistake named with its file, line, column and key path.
struct FilterConfigTests {
    private func load(_ source: String) throws(ConfigError) -> SourceConfig {
        let text = "{\n\"sources\": [\n\(source)\n]\n}"
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json").sources[0]
    }

    /// A json source with text, currency and rating fields and the given `filters`.
    private func json(filters: String) -> String {
        #"{"name": "apps", "type": "json", "path": "a.json", "fields": {"id": "id", "title": "t", "subtitle": "s", "extra": {"genre": "g", "country": "c", "price": {"path": "p", "type": "currency"}, "rating": {"path": "r", "type": "rating"}}}, "filters": \#(filters)}"#
    }

    private func expectError(_ filters: String, code: ConfigError.Code, keyPath: String, mentions: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(ConfigError) {
            _ = try load(json(filters: filters))
            Issue.record("expected \(code) at \(keyPath)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.keyPath == keyPath, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(mentions), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("/site/config.json:3:"), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func filtersAreDecodedInOrder() throws {
        let source = try load(json(filters: #"["genre", "country", {"field": "price", "ranges": [0, 1, 5]}, {"field": "rating", "atLeast": [3, 4.5]}, "subtitle"]"#))
        #expect(source.filters == [
            FilterSpec(field: "genre"), FilterSpec(field: "country"), FilterSpec(field: "price", kind: .ranges([0, 1, 5])),
            FilterSpec(field: "rating", kind: .atLeast([3, 4.5])), FilterSpec(field: "subtitle"),
        ])
        #expect(source.filters[2].bounds == [0, 1, 5])
        #expect(source.filters.allSatisfy { !$0.pages })
        let paged = try load(json(filters: #"["country", {"field": "genre", "pages": true}, {"field": "price", "ranges": [1], "pages": false}]"#))
        #expect(paged.filters.map(\.pages) == [false, true, false])
        let plain = try load(#"{"name": "apps", "type": "json", "path": "a.json", "fields": {"id": "id", "title": "t"}}"#)
        #expect(plain.filters.isEmpty)
    }

    @Test func badFiltersAreNamedWithTheirPlace() {
        expectError(#"["genre", "genr"]"#, code: .invalidValue, keyPath: "sources[0].filters[1]", mentions: "did you mean \"genre\"")
        expectError(#"[{"field": "colour"}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].field", mentions: "not a field of this source")
        expectError(#"[{"field": "price", "ranges": [0, 5, 1]}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].ranges[2]",
                    mentions: "strictly ascending")
        expectError(#"[{"field": "price", "ranges": [1, 1]}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].ranges[1]",
                    mentions: "strictly ascending")
        expectError(#"[{"field": "price", "ranges": []}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].ranges", mentions: "non-empty")
        expectError(#"[{"field": "rating", "atLeast": [4, 3]}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].atLeast[1]",
                    mentions: "strictly ascending")
        expectError(#"[{"field": "rating", "atLeast": ["3"]}]"#, code: .wrongType, keyPath: "sources[0].filters[0].atLeast[0]", mentions: "a number")
        expectError(#"[{"field": "genre", "ranges": [0, 1]}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].ranges", mentions: "needs a numeric field")
        expectError(#"[{"field": "subtitle", "atLeast": [1]}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].atLeast", mentions: "needs a numeric field")
        expectError(#"["genre", {"field": "genre"}]"#, code: .invalidValue, keyPath: "sources[0].filters[1]", mentions: "filtered by twice")
        expectError(#"[{"field": "price", "ranges": [0], "atLeast": [1]}]"#, code: .invalidValue, keyPath: "sources[0].filters[0].atLeast",
                    mentions: "not both")
        expectError(#"[{"field": "price", "range": [0]}]"#, code: .unknownKey, keyPath: "sources[0].filters[0].range", mentions: "range")
        expectError(#"[{"field": "genre", "pages": "yes"}]"#, code: .wrongType, keyPath: "sources[0].filters[0].pages", mentions: "true or false")
        expectError(#"[{"field": "genre", "pages": true}, {"field": "price", "ranges": [1], "pages": true}]"#, code: .invalidValue,
                    keyPath: "sources[0].filters[1]", mentions: "\"genre\" already has pages of its own")
        expectError(#""genre""#, code: .wrongType, keyPath: "sources[0].filters", mentions: "a list of filters")
        expectError(#"[3]"#, code: .wrongType, keyPath: "sources[0].filters[0]", mentions: "a field name or an object")
    }
}
