import Foundation
import GalgenConfig
import GalgenCore
import Testing

/// `fieldFormat`: `plain` (the default) or `locale`; anything else is a config error at its line and column.
struct FieldFormatConfigTests {
    private func load(_ text: String) throws(ConfigError) -> SiteConfig {
        let document = try! JSONDocument(data: Data(text.utf8), sourceName: "/site/config.json")
        return try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/site/config.json")
    }

    private func error(_ text: String) -> ConfigError? {
        do throws(ConfigError) {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func plainByDefaultLocaleWhenAsked() throws {
        #expect(try load(#"{"sources": []}"#).fieldFormat == .plain)
        #expect(try load(#"{"fieldFormat": "plain", "sources": []}"#).fieldFormat == .plain)
        #expect(try load(#"{"language": "sv", "fieldFormat": "locale", "sources": []}"#).fieldFormat == .locale)
    }

    @Test func aBadValueNamesItsFileLineAndColumn() throws {
        let text = "{\"language\": \"sv\",\n  \"fieldFormat\": \"swedish\",\n  \"sources\": []}"
        let error = try #require(error(text))
        #expect(error.code == .invalidValue && error.keyPath == "fieldFormat")
        #expect(error.position?.line == 2 && error.position?.column == 18, "\(String(describing: error.position))")
        #expect(error.description.hasPrefix("/site/config.json:2:18:"), "\(error)")
        #expect(error.description.contains("expected \"plain\" or \"locale\""), "\(error)")
        for bad in [#"true"#, #""Locale""#, #"["locale"]"#, #""""#] {
            #expect(self.error(#"{"fieldFormat": \#(bad), "sources": []}"#)?.keyPath == "fieldFormat", "\(bad)")
        }
        #expect(self.error(#"{"fieldformat": "locale", "sources": []}"#)?.code == .unknownKey)
    }
}
