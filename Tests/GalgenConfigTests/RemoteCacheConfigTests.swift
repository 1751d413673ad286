import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// `"cache"` as a folder or as an object with a remote cache.
struct RemoteCacheConfigTests {
    private let source = #"{"name": "people", "type": "json", "path": "data/people.json", "fields": {"id": "id", "title": "name"}}"#

    private func load(_ cache: String) throws(ConfigError) -> SiteConfig {
        let text = "{\n\"cache\": \(cache),\n\"sources\": [\(source)]\n}"
        let document: JSONDocument
        do { document = try JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json") } catch {
            throw ConfigError(.malformedJSON, file: "/site/config.json", message: error.message)
        }
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json")
    }

    private func expectError(_ cache: String, code: ConfigError.Code, keyPath: String, mentions: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(ConfigError) {
            _ = try load(cache)
            Issue.record("expected \(code)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code && error.keyPath == keyPath, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("/site/config.json:2:"), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(mentions), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aStringIsTheFolder() throws {
        let config = try load(#"".cache/galgen""#)
        #expect(config.cacheDirectory == "/site/.cache/galgen" && config.remoteCache == nil)
    }

    @Test func rotationIsAMonthOrAWeekAndNeedsARemote() throws {
        #expect(try load(#"{"remote": "https://cache.example/g/", "rotate": "month"}"#).remoteCache?.rotate == .month)
        #expect(try load(#"{"remote": "https://cache.example/g/", "rotate": "week"}"#).remoteCache?.rotate == .week)
        #expect(try load(#"{"remote": "https://cache.example/g/"}"#).remoteCache?.rotate == nil)
        expectError(#"{"remote": "https://cache.example/g/", "rotate": "daily"}"#, code: .invalidValue, keyPath: "cache.rotate", mentions: "\"month\" or \"week\"")
        expectError(#"{"rotate": "month"}"#, code: .invalidValue, keyPath: "cache.rotate", mentions: "needs \"remote\"")
    }

    @Test func theObjectFormParses() throws {
        let config = try load(#"{"dir": "c", "remote": "https://cache.example/galgen", "tokenEnv": "GALGEN_CACHE_TOKEN"}"#)
        #expect(config.cacheDirectory == "/site/c")
        #expect(config.remoteCache == RemoteCacheConfig(url: "https://cache.example/galgen/", tokenEnv: "GALGEN_CACHE_TOKEN"))
        let bare = try load(#"{"remote": "http://127.0.0.1:9000/"}"#)
        #expect(bare.cacheDirectory == nil && bare.remoteCache?.url == "http://127.0.0.1:9000/" && bare.remoteCache?.tokenEnv == nil)
        #expect(try load("{}").remoteCache == nil)
    }

    @Test func aRemoteMustBeAnHTTPURLWithAHost() {
        expectError(#"{"remote": "ftp://cache.example/"}"#, code: .invalidValue, keyPath: "cache.remote", mentions: "http(s) URL")
        expectError(#"{"remote": "https:///nohost"}"#, code: .invalidValue, keyPath: "cache.remote", mentions: "with a host")
        expectError(#"{"remote": "https://cache.example/?x=1"}"#, code: .invalidValue, keyPath: "cache.remote", mentions: "query")
        expectError(#"{"remote": 3}"#, code: .wrongType, keyPath: "cache.remote", mentions: "expected a string")
    }

    @Test func unknownKeysAndBadValuesAreRejected() {
        expectError(#"{"dir": "c", "remot": "https://cache.example/"}"#, code: .unknownKey, keyPath: "cache.remot", mentions: "did you mean \"remote\"")
        expectError(#"{"tokenEnv": "$TOKEN"}"#, code: .invalidValue, keyPath: "cache.tokenEnv", mentions: "environment variable")
        expectError("42", code: .wrongType, keyPath: "cache", mentions: "a folder or an object")
    }
}
