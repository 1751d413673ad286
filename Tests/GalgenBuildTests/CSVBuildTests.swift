import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing

/// Whole builds of a site whose records are a CSV file, hostile rows included.
struct CSVBuildTests {
    static let csv = "\u{FEFF}Id,Name,Photo,Age\r\n"
        + "a1,\"Lee, Ann\",images/0.jpg,41\r\n"
        + "a2,Bo,images/1.jpg\r\n"                      // line 3: too few cells
        + "a3,\"Cy \"\"C\"\"\",images/2.jpg,7\r\n"
        + "a4,Di\"x,images/0.jpg,5\r\n"                // line 5: a quote in an unquoted field
        + "a5,\"Two\nlines\",images/1.jpg,9,extra\r\n" // line 6: too many cells
        + "a6,Ed,,3\r\n"

    static func site(_ text: String = csv) throws -> FixtureSite {
        let site = try FixtureSite(count: 3)
        try site.directory.write(text, to: "people.csv")
        try site.writeConfig(sources: """
            [{"name": "people", "type": "csv", "path": "people.csv",
              "fields": {"id": "Id", "title": "Name", "image": "Photo", "extra": {"age": {"path": "Age", "type": "number"}}}}]
            """)
        return site
    }

    @Test("a CSV site builds its good rows into pages and images, and names each bad row by its line")
    func buildsAndNamesBadRows() async throws {
        let site = try Self.site()
        defer { site.directory.remove() }
        let report = try await build(site)
        #expect(report.records == 3)
        for id in ["a1", "a3", "a6"] { #expect(site.directory.exists("public/people/\(id)/index.html"), "\(id)") }
        #expect(!site.directory.exists("public/people/a2/index.html") && !site.directory.exists("public/people/a4/index.html"))
        let page = String(decoding: try site.directory.read("public/people/a3/index.html"), as: UTF8.self)
        #expect(page.contains("Cy &quot;C&quot;") || page.contains("Cy \"C\""))
        #expect(String(decoding: try site.directory.read("public/people/a1/index.html"), as: UTF8.self).contains("Lee, Ann"))
        #expect(report.images.sources == 2)
        let named = report.diagnostics.filter { $0.code.hasPrefix("csv.") }.map(\.subject)
        #expect(named == ["people: people.csv:3", "people: people.csv:5", "people: people.csv:6"], "\(report.diagnostics)")
    }

    @Test("an empty CSV file stops the build with its name; a header alone builds an empty collection with a warning")
    func emptyAndHeaderOnly() async throws {
        let empty = try Self.site("")
        defer { empty.directory.remove() }
        let error = await buildError(empty)
        #expect(error?.description.contains("people.csv") == true && error?.description.contains("empty") == true, "\(String(describing: error))")
        let headerOnly = try Self.site("Id,Name,Photo,Age\n")
        defer { headerOnly.directory.remove() }
        let report = try await build(headerOnly)
        #expect(report.records == 0 && report.diagnostics.map(\.code) == ["csv.no-rows"])
    }
}
