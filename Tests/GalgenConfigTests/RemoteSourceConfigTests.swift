import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// The remote source types and the `fetch` block: defaults, and errors that name the key and a fix.
struct RemoteSourceConfigTests {
    private func load(_ sources: String, extra: String = "") throws(ConfigError) -> SiteConfig {
        let text = #"{\#(extra.isEmpty ? "" : extra + ", ")"sources": \#(sources)}"#
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", position: (error.line, error.column), message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json")
    }

    private func expectError(_ sources: String, extra: String = "", keyPath: String, mentions: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(ConfigError) {
            _ = try load(sources, extra: extra)
            Issue.record("expected an error at \(keyPath)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.keyPath == keyPath, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(mentions), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomUserHasSensibleDefaults() throws {
        let config = try load(#"[{"name": "people", "type": "randomuser", "count": 2500}]"#)
        let source = config.sources[0]
        #expect(source.kind == .randomuser)
        #expect(source.origin == .randomUser(RandomUserQuery(count: 2500, seed: "galgen", perRequest: 1000)))
        #expect(source.fields == RandomUserQuery.defaultFields)
        #expect(source.items.description == "results")
        #expect(source.maxAge == 0)
        #expect(config.fetch == FetchSettings())
    }

    @Test func randomUserFieldsCanBeOverridden() throws {
        let config = try load(#"[{"name": "people", "type": "randomuser", "fields": {"id": "login.uuid", "title": "name.last", "subtitle": "email"}}]"#)
        #expect(config.sources[0].fields.subtitle.map(\.description) == ["email"])
    }

    @Test func iTunesQueryIsRead() throws {
        let config = try load(#"[{"name": "apps", "type": "itunes", "term": "photo editor", "entity": "software", "country": "GB", "limit": 200, "maxAge": "1d"}]"#)
        #expect(config.sources[0].origin == .iTunes(ITunesQuery(term: "photo editor", entity: "software", country: "gb", limit: 200)))
        #expect(config.sources[0].maxAge == 86_400)
    }

    @Test func jsonByURLWithPaging() throws {
        let next = try load(#"[{"name": "f", "type": "json", "url": "https://example.org/feed", "paging": {"next": "links.next", "maxPages": 9}, "fields": {"id": "id", "title": "t"}}]"#)
        #expect(next.sources[0].origin == .url("https://example.org/feed", paging: Paging(mode: .nextLink(FieldPath("links.next")!), maxPages: 9)))
        let counted = try load(#"[{"name": "f", "type": "json", "url": "https://example.org/feed", "paging": {"parameter": "p"}, "fields": {"id": "id", "title": "t"}}]"#)
        #expect(counted.sources[0].origin == .url("https://example.org/feed", paging: Paging(mode: .parameter("p", start: 1))))
    }

    @Test func fetchLimitsAcceptNumbersAndUnits() throws {
        let config = try load(#"[{"name": "people", "type": "randomuser"}]"#,
                              extra: #""fetch": {"idleTimeout": "500ms", "totalTimeout": 90, "retries": 0, "imageMaxAge": "30d", "perHost": 2, "userAgent": "bot/1"}"#)
        #expect(config.fetch.idleTimeout == 0.5)
        #expect(config.fetch.totalTimeout == 90)
        #expect(config.fetch.retries == 0)
        #expect(config.fetch.imageMaxAge == 30 * 86_400)
        #expect(config.fetch.perHost == 2)
        #expect(config.fetch.userAgent == "bot/1")
    }

    @Test func mistakesAreNamedWithAFix() {
        expectError(#"[{"name": "a", "type": "itunes"}]"#, keyPath: "sources[0].term", mentions: "add \"term\"")
        expectError(#"[{"name": "a", "type": "itunes", "term": "x", "country": "usa"}]"#, keyPath: "sources[0].country", mentions: "two-letter")
        expectError(#"[{"name": "a", "type": "itunes", "term": "x", "limit": 500}]"#, keyPath: "sources[0].limit", mentions: "between 1 and 200")
        expectError(#"[{"name": "a", "type": "randomuser", "perRequest": 6000}]"#, keyPath: "sources[0].perRequest", mentions: "between 1 and 5000")
        expectError(#"[{"name": "a", "type": "randomuser", "url": "ftp://x/api"}]"#, keyPath: "sources[0].url", mentions: "http(s) URL")
        expectError(#"[{"name": "a", "type": "randomuser", "nat": "us;gb"}]"#, keyPath: "sources[0].nat", mentions: "nationality codes")
        expectError(#"[{"name": "a", "type": "randomuser", "maxAge": "soon"}]"#, keyPath: "sources[0].maxAge", mentions: "\"7d\"")
        expectError(#"[{"name": "a", "type": "randomuser", "term": "x"}]"#, keyPath: "sources[0].term", mentions: "unknown key")
        expectError(#"[{"name": "a", "type": "json", "path": "a.json", "url": "https://x.org/a", "fields": {"id": "id", "title": "t"}}]"#,
                    keyPath: "sources[0].url", mentions: "not both")
        expectError(#"[{"name": "a", "type": "json", "path": "a.json", "paging": {"next": "n"}, "fields": {"id": "id", "title": "t"}}]"#,
                    keyPath: "sources[0].paging", mentions: "not a local file")
        expectError(#"[{"name": "a", "type": "json", "url": "https://x.org/a", "paging": {}, "fields": {"id": "id", "title": "t"}}]"#,
                    keyPath: "sources[0].paging.next", mentions: "\"parameter\"")
        expectError(#"[{"name": "a", "type": "json", "url": "https://x.org/a", "paging": {"nxt": "n"}, "fields": {"id": "id", "title": "t"}}]"#,
                    keyPath: "sources[0].paging.nxt", mentions: "did you mean \"next\"")
        expectError(#"[{"name": "a", "type": "randomuser"}]"#, extra: #""fetch": {"retrys": 2}"#, keyPath: "fetch.retrys", mentions: "did you mean \"retries\"")
        expectError(#"[{"name": "a", "type": "randomuser"}]"#, extra: #""fetch": {"totalTimeout": 0}"#, keyPath: "fetch.totalTimeout", mentions: "duration between")
        expectError(#"[{"name": "a", "type": "flickr"}]"#, keyPath: "sources[0].type", mentions: "\"randomuser\", \"itunes\"")
    }
}
