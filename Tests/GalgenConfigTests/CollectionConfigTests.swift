import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// `fields.extra`, `sort` and `groupBy`: decoded in order, and every mistake named with its file,
/// line, column, key path and a fix.
struct CollectionConfigTests {
    private func load(_ source: String) throws(ConfigError) -> SourceConfig {
        let text = "{\n\"sources\": [\n\(source)\n]\n}"
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json").sources[0]
    }

    /// A json source with `extra` and the given other members.
    private func json(extra: String = #"{"genre": "g", "released": {"path": "r", "type": "date"}, "price": {"path": "p", "type": "currency", "currency": "eur"}}"#,
                      _ more: String = "") -> String {
        #"{"name": "apps", "type": "json", "path": "a.json", "fields": {"id": "id", "title": "t", "extra": \#(extra)}\#(more)}"#
    }

    private func expectError(_ source: String, code: ConfigError.Code, keyPath: String, mentions: String, hint: String? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(ConfigError) {
            _ = try load(source)
            Issue.record("expected \(code) at \(keyPath)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.keyPath == keyPath, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(mentions), "\(error)", sourceLocation: sourceLocation)
            // Every message is file:line:column first, then the key path.
            #expect(error.description.hasPrefix("/site/config.json:3:"), "\(error)", sourceLocation: sourceLocation)
            if let hint { #expect(error.description.contains(hint), "\(error)", sourceLocation: sourceLocation) }
        }
    }

    @Test func extraFieldsKeepTheirOrderTypesAndOptions() throws {
        let source = try load(json(", \"sort\": [{\"by\": \"released\", \"order\": \"desc\"}, \"title\"], \"groupBy\": {\"field\": \"released\", \"by\": \"year\"}"))
        let extra = source.fields.extra
        #expect(extra.map(\.name) == ["genre", "released", "price"])
        #expect(extra.map(\.type) == [.text, .date, .currency])
        #expect(extra.map(\.label) == ["Genre", "Released", "Price"])
        #expect(extra[2].currency == "EUR")
        #expect(extra[1].path.segments == ["r"])
        #expect(source.sort == [SortSpec(by: "released", order: .desc), SortSpec(by: "title")])
        #expect(source.groupBy == GroupSpec(field: "released", bucket: .year))
        #expect(source.fields.type(ofField: "released") == .date && source.fields.type(ofField: "title") == .text && source.fields.type(ofField: "x") == nil)
    }

    @Test func labelsAreMadeFromNamesUnlessGiven() throws {
        #expect(FieldSpec.label(for: "releaseDate") == "Release date")
        #expect(FieldSpec.label(for: "file_size") == "File size")
        #expect(FieldSpec.label(for: "isbnURL") == "Isbn URL")
        let source = try load(json(extra: #"{"dur": {"path": "ms", "type": "duration", "unit": "ms", "label": "Length"}, "stars": {"path": "s", "type": "rating", "max": 10}}"#))
        #expect(source.fields.extra[0].label == "Length" && source.fields.extra[0].unit == .ms)
        #expect(source.fields.extra[1].max == 10)
    }

    @Test func badExtraFieldsAreNamed() {
        expectError(json(extra: #"{"released": {"path": "r", "type": "data"}}"#), code: .invalidValue,
                    keyPath: "sources[0].fields.extra.released.type", mentions: "unknown field type \"data\"", hint: "did you mean \"date\"?")
        expectError(json(extra: #"{"released": {"path": "r", "type": "timestamp"}}"#), code: .invalidValue,
                    keyPath: "sources[0].fields.extra.released.type", mentions: "unknown field type", hint: "\"duration\", \"rating\"")
        expectError(json(extra: #"{"2nd": "x"}"#), code: .invalidValue, keyPath: "sources[0].fields.extra.2nd", mentions: "not a field name")
        expectError(json(extra: #"{"title": "x"}"#), code: .invalidValue, keyPath: "sources[0].fields.extra.title", mentions: "one of the item's own fields")
        expectError(json(extra: #"{"a": 3}"#), code: .wrongType, keyPath: "sources[0].fields.extra.a", mentions: "expected a dotted path or an object")
        expectError(json(extra: #"["a"]"#), code: .wrongType, keyPath: "sources[0].fields.extra", mentions: "expected an object of named fields")
        expectError(json(extra: #"{"a": {"type": "text"}}"#), code: .missingKey, keyPath: "sources[0].fields.extra.a.path", mentions: "\"path\"")
        expectError(json(extra: #"{"a": {"path": "a", "typ": "text"}}"#), code: .unknownKey, keyPath: "sources[0].fields.extra.a.typ",
                    mentions: "unknown key", hint: "did you mean \"type\"?")
        expectError(json(extra: #"{"a": {"path": "a", "currency": "USD"}}"#), code: .invalidValue, keyPath: "sources[0].fields.extra.a.currency",
                    mentions: "applies to currency fields, not text", hint: "\"type\": \"currency\"")
        expectError(json(extra: #"{"a": {"path": "a", "type": "currency", "currency": "dollars"}}"#), code: .invalidValue,
                    keyPath: "sources[0].fields.extra.a.currency", mentions: "not an ISO 4217 currency code")
        expectError(json(extra: #"{"a": {"path": "a", "type": "duration", "unit": "min"}}"#), code: .invalidValue,
                    keyPath: "sources[0].fields.extra.a.unit", mentions: "unknown unit \"min\"")
        expectError(json(extra: #"{"a": {"path": "a", "type": "rating", "max": 0}}"#), code: .invalidValue, keyPath: "sources[0].fields.extra.a.max",
                    mentions: "top of the scale")
        expectError(json(extra: #"{"a": {"path": "a..b"}}"#), code: .invalidValue, keyPath: "sources[0].fields.extra.a.path", mentions: "empty segment")
        expectError(json(extra: #"{"a": {"path": "a", "label": " "}}"#), code: .invalidValue, keyPath: "sources[0].fields.extra.a.label", mentions: "empty")
        expectError(json(extra: #"{"a": "x", "a": "y"}"#), code: .duplicateKey, keyPath: "sources[0].fields.extra.a", mentions: "appears twice")
    }

    @Test func badSortKeysAreNamed() {
        expectError(json(", \"sort\": [{\"by\": \"relased\"}]"), code: .invalidValue, keyPath: "sources[0].sort[0].by",
                    mentions: "\"relased\" is not a field of this source", hint: "did you mean \"released\"?")
        expectError(json(", \"sort\": [{\"by\": \"title\", \"order\": \"down\"}]"), code: .invalidValue, keyPath: "sources[0].sort[0].order",
                    mentions: "\"asc\" or \"desc\"")
        expectError(json(", \"sort\": [\"title\", {\"by\": \"title\"}]"), code: .invalidValue, keyPath: "sources[0].sort[1].by", mentions: "sorted by twice")
        expectError(json(", \"sort\": [3]"), code: .wrongType, keyPath: "sources[0].sort[0]", mentions: "expected a sort key")
        expectError(json(", \"sort\": [{\"order\": \"asc\"}]"), code: .missingKey, keyPath: "sources[0].sort[0].by", mentions: "\"by\"")
        expectError(json(", \"sort\": [{\"by\": \"title\", \"reverse\": true}]"), code: .unknownKey, keyPath: "sources[0].sort[0].reverse",
                    mentions: "unknown key")
    }

    @Test func badGroupingsAreNamed() {
        expectError(json(", \"groupBy\": \"genra\""), code: .invalidValue, keyPath: "sources[0].groupBy", mentions: "not a field", hint: "did you mean \"genre\"?")
        expectError(json(", \"groupBy\": {\"field\": \"genre\", \"by\": \"year\"}"), code: .invalidValue, keyPath: "sources[0].groupBy.by",
                    mentions: "grouping by year needs a date field; \"genre\" is text")
        expectError(json(", \"groupBy\": {\"field\": \"genre\", \"by\": \"decade\"}"), code: .invalidValue, keyPath: "sources[0].groupBy.by",
                    mentions: "unknown grouping \"decade\"", hint: "\"letter\"")
        expectError(json(", \"groupBy\": {\"by\": \"letter\"}"), code: .missingKey, keyPath: "sources[0].groupBy.field", mentions: "\"field\"")
        expectError(json(", \"groupBy\": 1"), code: .wrongType, keyPath: "sources[0].groupBy", mentions: "expected a field name or an object")
    }

    @Test func randomUserAndITunesGetUsefulDefaultsAndMayReplaceThem() throws {
        let people = try load(#"{"name": "people", "type": "randomuser", "count": 5}"#)
        #expect(people.fields.extra.map(\.name) == ["email", "phone", "city", "country", "age", "born", "registered"])
        #expect(people.fields.extra.first { $0.name == "born" }?.type == .date)
        // Only what is named changes; "extra": {} removes the defaults.
        let trimmed = try load(#"{"name": "people", "type": "randomuser", "count": 5, "fields": {"extra": {}}, "sort": "title"}"#)
        #expect(trimmed.fields.extra.isEmpty && trimmed.fields.id.description == "login.uuid" && trimmed.fields.title.count == 2)
        #expect(trimmed.sort == [SortSpec(by: "title")])

        let apps = try load(#"{"name": "apps", "type": "itunes", "term": "photo", "entity": "software", "sort": [{"by": "rating", "order": "desc"}], "groupBy": "genre"}"#)
        #expect(apps.fields.extra.map(\.name).prefix(3) == ["genre", "price", "rating"])
        #expect(apps.fields.extra.first { $0.name == "rating" }?.type == .rating)
        #expect(apps.groupBy?.field == "genre")
        let songs = try load(#"{"name": "songs", "type": "itunes", "term": "jazz", "media": "music"}"#)
        #expect(songs.fields.extra.first { $0.name == "duration" }?.unit == .ms)
        #expect(songs.fields.extra.contains { $0.name == "preview" && $0.type == .url })
        let movies = try load(#"{"name": "films", "type": "itunes", "term": "space", "media": "movie"}"#)
        #expect(movies.fields.extra.contains { $0.name == "rated" })
        let books = try load(#"{"name": "books", "type": "itunes", "term": "sea", "media": "ebook"}"#)
        #expect(books.fields.extra.contains { $0.name == "genres" })
        let albums = try load(#"{"name": "albums", "type": "itunes", "term": "sea", "entity": "album"}"#)
        #expect(albums.fields.extra.contains { $0.name == "tracks" && $0.type == .number })
        let own = try load(#"{"name": "apps", "type": "itunes", "term": "photo", "fields": {"extra": {"seller": "sellerName"}}}"#)
        #expect(own.fields.extra.map(\.name) == ["seller"] && own.fields.id.description == "id")
        // iTunes' item fields are normalised by galgen: only extra may be given.
        expectError(#"{"name": "apps", "type": "itunes", "term": "photo", "fields": {"title": "trackName"}}"#, code: .unknownKey,
                    keyPath: "sources[0].fields.title", mentions: "unknown key")
    }
}
