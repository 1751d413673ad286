import Foundation
import GalgenBuild
import GalgenTestSupport
import Testing

/// A mistake in a template override is reported once, against the template file and line, with the
/// number of pages it broke; problems no template line explains keep their page and line.
struct TemplateProblemTests {
    /// The lines of a failed build's message, after the first.
    private func problemLines(footer: String) async throws -> (headline: String, lines: [String], pages: Int) {
        let site = try FixtureSite(count: 3, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        try site.directory.write(footer, to: "Templates/footer.mustache")
        let error = try #require(await buildError(site), "the build must fail")
        let text = error.description.split(separator: "\n").map(String.init)
        guard case .invalidPages(let issues) = error.reason else { Issue.record("not invalid pages: \(error)"); return ("", [], 0) }
        return (text.first ?? "", Array(text.dropFirst()), Set(issues.map(\.page)).count)
    }

    @Test(arguments: [
        ("<footer>\n<p>Built with galgen</p>\n<p><b>unclosed bold</p>\n</footer>\n", 3, "Opening and ending tag mismatch: b footer.mustache:3 and p"),
        ("<footer>\n<p>Built with galgen</p>\n<p bad attribute=\">x</p>\n</footer>\n", 3, "Specification mandates value for attribute bad"),
        ("<footer>\n<p id=\"twice\">one</p><p id=\"twice\">two</p>\n</footer>\n", 2, "duplicate id \"twice\" (first used on footer.mustache:2)"),
    ])
    func oneProblemPerTemplateLine(footer: String, line: Int, message: String) async throws {
        let (headline, lines, pages) = try await problemLines(footer: footer)
        #expect(pages == 7, "home, 404, two gallery pages, three items: \(lines)")
        let named = lines.filter { $0.contains("footer.mustache:\(line):") }
        #expect(named.count == 1, "one line for the template line: \(lines)")
        #expect(named.first?.contains(message) == true, "\(named)")
        #expect(named.first?.contains("(in 7 pages, first ") == true, "\(named)")
        #expect(lines.count == 1, "nothing else is listed: \(lines)")
        #expect(headline.contains("(traced to 1 template line, each named once)"), "\(headline)")
    }

    @Test("a problem on a template line made of tags alone keeps its page and line")
    func unexplainedProblemsKeepTheirPages() async throws {
        let (headline, lines, pages) = try await problemLines(footer: "<footer>\n{{#site.title}}<p id=\"main\">{{site.title}}</p>{{/site.title}}\n</footer>\n")
        #expect(pages == 7)
        #expect(lines.count == 7 && lines.allSatisfy { $0.contains(".html:") && $0.hasSuffix("[duplicate-id]") && !$0.contains("mustache") }, "\(lines)")
        #expect(!headline.contains("template line"), "\(headline)")
    }
}
