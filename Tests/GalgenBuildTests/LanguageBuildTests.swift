import Foundation
import GalgenBuild
import GalgenTestSupport
import Testing

/// The site's language in a build: its table's words in the pages, an override that rebuilds them, a bad
/// override as a config error with nothing written, and one report line when English stands in.
struct LanguageBuildTests {
    private func text(_ path: String) throws -> String { String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) }

    @Test func overridesAreReadAndEditingOneRebuildsThePages() async throws {
        let site = try FixtureSite(count: 3, config: #""language": "de""#)
        defer { site.directory.remove() }
        let session = BuildSession()
        let first = try await build(site, session: session)
        #expect(first.languageNote == nil)
        #expect(try text(site.outputPath + "/index.html").contains(">Zum Inhalt springen</a>"))
        try site.directory.write(#"{"builtWith": "Gebaut mit galgen."}"#, to: "i18n/de.json")
        _ = try await build(site, session: session)
        #expect(try text(site.outputPath + "/index.html").contains("<p>Gebaut mit galgen.</p>"))
        let item = try #require(try FileManager.default.subpathsOfDirectory(atPath: site.outputPath).first { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3 })
        #expect(try text(site.outputPath + "/" + item).contains("<p>Gebaut mit galgen.</p>"), "item pages are rebuilt too")
    }

    @Test func aBadOverrideIsAConfigErrorAndNothingIsWritten() async throws {
        let site = try FixtureSite(count: 2, config: #""language": "sv""#)
        defer { site.directory.remove() }
        try site.directory.write("{\n  \"findIn\": \"Sök\"\n}\n", to: "i18n/sv.json")
        let error = try #require(await buildError(site))
        #expect(error.isConfigError, "\(error)")
        #expect(error.description.contains(site.directory.path + "/i18n/sv.json:2:13"), "\(error)")
        #expect(error.description.contains("{title}"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: site.outputPath))
    }

    @Test func aLanguageWithoutATableIsSaidOnce() async throws {
        let site = try FixtureSite(count: 2, config: #""language": "ko""#)
        defer { site.directory.remove() }
        let report = try await build(site)
        let note = try #require(report.languageNote)
        #expect(note.contains("\"ko\"") && note.contains("English"))
        #expect(report.diagnostics.isEmpty, "the fallback is not a problem (it never fails --strict)")
        #expect(try text(site.outputPath + "/index.html").contains(">Skip to content</a>"))
    }
}
