import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// `"search": true` on an extra field: decoded, off by default, and named with file:line:column when wrong.
struct SearchFieldConfigTests {
    private static let file = "/site/config.json"

    /// The config text of one source (on line 3) and the source decoded from it.
    private func load(_ source: String) throws(ConfigError) -> SourceConfig {
        let text = "{\n\"sources\": [\n\(source)\n]\n}"
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: Self.file) } catch {
            throw ConfigError(.malformedJSON, file: Self.file, message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: Self.file).sources[0]
    }

    private func json(extra: String) -> String {
        #"{"name": "apps", "type": "json", "path": "a.json", "fields": {"id": "id", "title": "t", "extra": \#(extra)}}"#
    }

    /// The error of `source`, which must fail.
    private func failure(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigError? {
        do throws(ConfigError) {
            _ = try load(source)
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test func searchIsOffByDefaultAndOnWhereAsked() throws {
        let extra = #"{"genre": {"path": "g", "search": true}, "mail": {"path": "m", "type": "email", "search": true}, "#
            + #""site": {"path": "u", "type": "url", "search": true}, "tags": {"path": "t2", "search": false}, "plain": "p", "#
            + #""price": {"path": "p2", "type": "currency", "search": false}}"#
        let fields = try load(json(extra: extra)).fields.extra
        #expect(fields.map(\.name) == ["genre", "mail", "site", "tags", "plain", "price"])
        #expect(fields.map(\.search) == [true, true, true, false, false, false])
        #expect(FieldSpec(name: "x", path: FieldPath("x")!).search == false)
        // The sources that give default extra fields search none of them.
        let people = try load(#"{"name": "people", "type": "randomuser", "count": 5}"#)
        #expect(!people.fields.extra.isEmpty && people.fields.extra.allSatisfy { !$0.search })
    }

    @Test func aSearchThatIsNotABooleanIsNamedWithItsPlace() throws {
        let source = json(extra: #"{"genre": {"path": "g", "search": "yes"}}"#)
        let error = try #require(failure(source))
        #expect(error.code == .wrongType, "\(error)")
        #expect(error.keyPath == "sources[0].fields.extra.genre.search", "\(error)")
        // Line 3, the column of the value "yes".
        let column = try #require(source.range(of: #""yes""#)).lowerBound.utf16Offset(in: source) + 1
        #expect(error.description.hasPrefix("\(Self.file):3:\(column):"), "\(error)")
        #expect(error.description.contains("expected true or false"), "\(error)")
        let number = try #require(failure(json(extra: #"{"genre": {"path": "g", "search": 1}}"#)))
        #expect(number.code == .wrongType && number.keyPath == "sources[0].fields.extra.genre.search", "\(number)")
    }

    @Test func numericFieldsCannotBeSearchedByWords() throws {
        for type in FieldType.allCases where type.isNumeric {
            let source = json(extra: #"{"n": {"path": "n", "type": "\#(type.rawValue)", "search": true}}"#)
            let error = try #require(failure(source))
            #expect(error.code == .invalidValue, "\(error)")
            #expect(error.keyPath == "sources[0].fields.extra.n.search", "\(error)")
            #expect(error.description.hasPrefix("\(Self.file):3:"), "\(error)")
            #expect(error.description.contains("\(type.rawValue) fields cannot be searched by words"), "\(error)")
            #expect(error.description.contains("filters"), "\(error)")
        }
        #expect(FieldType.allCases.filter(\.isSearchable) == [.text, .url, .email])
    }
}
