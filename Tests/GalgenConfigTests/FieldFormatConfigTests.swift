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
        let problem = try #require(error(text))
        #expect(problem.code == .invalidValue && problem.keyPath == "fieldFormat")
        #expect(problem.position?.line == 2 && problem.position?.column == 18, "\(String(describing: problem.position))")
        #expect(problem.description.hasPrefix("/site/config.json:2:18:"), "\(problem)")
        #expect(problem.description.contains("expected \"plain\" or \"locale\""), "\(problem)")
        for bad in [#"true"#, #""Locale""#, #"["locale"]"#, #""""#] {
            #expect(error(#"{"fieldFormat": \#(bad), "sources": []}"#)?.keyPath == "fieldFormat", "\(bad)")
        }
        #expect(error(#"{"fieldformat": "locale", "sources": []}"#)?.code == .unknownKey)
    }

    @Test func dateFieldsMayHideTheirTime() throws {
        func source(_ field: String) -> String {
            #"{"sources": [{"name": "p", "type": "json", "path": "p.json", "fields": {"id": "id", "title": "t", "extra": {"d": \#(field)}}}]}"#
        }
        let fields = { (config: SiteConfig) in config.sources[0].fields.extra }
        #expect(try fields(load(source(#"{"path": "d", "type": "date", "time": false}"#))).first?.showsTime == false)
        #expect(try fields(load(source(#"{"path": "d", "type": "date"}"#))).first?.showsTime == true)
        let wrongType = try #require(error(source(#"{"path": "d", "type": "number", "time": false}"#)))
        #expect(wrongType.keyPath.hasSuffix("time") && wrongType.description.contains("applies to date fields"), "\(wrongType)")
        #expect(error(source(#"{"path": "d", "type": "date", "time": "no"}"#))?.code == .wrongType)
        // Birthdays and release days of the built-in sources show the day only.
        let people = try load(#"{"sources": [{"name": "p", "type": "randomuser", "count": 5}]}"#)
        #expect(fields(people).first { $0.name == "born" }?.showsTime == false)
        #expect(fields(people).first { $0.name == "registered" }?.showsTime == true)
    }
}
