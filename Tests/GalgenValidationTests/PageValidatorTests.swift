import GalgenValidation
import Testing

struct PageValidatorTests {
    private let validator = PageValidator(exists: { ["index.html", "assets/s.css", "img/a.jpg", "people/index.html", "people/x/index.html"].contains($0) })

    private func page(_ body: String, head: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <title>T</title>
        <link rel="stylesheet" href="../assets/s.css" />\(head)
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    private func issues(_ body: String, head: String = "") -> [ValidationIssue] {
        validator.validate(html: page(body, head: head), path: "people/index.html")
    }

    @Test func aGoodPagePasses() {
        let body = """
            <main id="main"><a href="#main">skip</a> <a href="../">home</a> <a href="x/">item</a> <a href="https://example.com/">out</a>
            <img src="../img/a.jpg" srcset="../img/a.jpg 160w, ../img/a.jpg?v=1 320w" width="10" height="10" alt="A" />
            <svg viewBox="0 0 1 1"><circle cx="1" cy="1" r="1" /></svg>
            <script type="application/json">{"a": "\\u003c"}</script></main>
            """
        #expect(issues(body) == [])
    }

    @Test func columnsCountCharactersNotBytes() {
        // "Zoë ☃ " is 6 characters and 9 bytes: columns must count characters.
        let found = issues("<p>Zoë ☃ <div class=\"x\" /></p><p><blink>x</blink> <blink>y</blink></p>")
        let selfClosing = found.first { $0.code == "self-closing" }
        #expect(selfClosing?.line == 9 && selfClosing?.column == 10, "\(found)")
        let unknown = found.filter { $0.code == "unknown-element" }
        #expect(unknown.map(\.column) == [34, 51], "\(found)")
    }

    @Test(arguments: [
        ("<p>Tom & Jerry</p>", "not-well-formed", 9),
        ("<div><span>x</div></span>", "not-well-formed", 9),
        ("<div><p>unclosed</div>", "not-well-formed", 9),
        ("<p title=unquoted>x</p>", "not-well-formed", 9),
        ("<p>&nbsp;</p>", "not-well-formed", 9),
    ])
    func structuralErrorsHaveLineAndColumn(body: String, code: String, line: Int) {
        let found = issues(body)
        #expect(found.first?.code == code, "\(found)")
        #expect(found.first?.line == line)
        #expect((found.first?.column ?? 0) > 0)
        #expect(found.first?.description.hasPrefix("people/index.html:\(line):") == true)
    }

    @Test(arguments: [
        ("<p>Hi <script>alert(1)</script></p>", "inline-script"),
        ("<blink>x</blink>", "unknown-element"),
        ("<img src=\"../img/a.jpg\" width=\"1\" height=\"1\" alt=\"\" onerror=\"alert(1)\" />", "event-handler"),
        ("<a href=\"javascript:alert(1)\">x</a>", "forbidden-url"),
        ("<script src=\"https://cdn.example/x.js\"></script>", "external-script"),
        ("<p id=\"a\">1</p><p id=\"a\">2</p>", "duplicate-id"),
        ("<img src=\"../img/a.jpg\" width=\"1\" height=\"1\" />", "img-alt"),
        ("<img src=\"../img/a.jpg\" height=\"1\" alt=\"a\" />", "img-width"),
        ("<img src=\"../img/a.jpg\" width=\"1\" alt=\"a\" />", "img-height"),
        ("<img src=\"../img/a.jpg\" width=\"0\" height=\"1.5\" alt=\"a\" />", "img-width"),
        ("<img width=\"1\" height=\"1\" alt=\"a\" />", "img-src"),
        ("<a href=\"missing/\">x</a>", "broken-link"),
        ("<img src=\"../img/b.jpg\" width=\"1\" height=\"1\" alt=\"a\" />", "broken-link"),
        ("<img src=\"../img/a.jpg\" srcset=\"../img/a.jpg 1x, ../img/gone.jpg 2x\" width=\"1\" height=\"1\" alt=\"a\" />", "broken-link"),
        ("<a href=\"../../../etc/passwd\">x</a>", "outside-site"),
        ("<a href=\"#nowhere\">x</a>", "broken-fragment"),
        ("<div class=\"x\" />", "self-closing"),
        ("<a href=\"\">x</a>", "empty-url"),
    ])
    func eachRuleIsEnforced(body: String, code: String) {
        let found = issues(body)
        #expect(found.map(\.code).contains(code), "\(found)")
        if let issue = found.first(where: { $0.code == code }) {
            #expect(issue.line == 9)
            #expect(issue.column > 0, "\(issue)")
        }
    }

    @Test func documentLevelRules() {
        let noDoctype = #"<html lang="en"><head><title>x</title></head><body></body></html>"#
        #expect(validator.validate(html: noDoctype, path: "index.html").map(\.code) == ["doctype"])
        let noLang = "<!DOCTYPE html>\n<html><head><title>x</title></head><body></body></html>"
        #expect(validator.validate(html: noLang, path: "index.html").map(\.code) == ["lang"])
        let noTitle = "<!DOCTYPE html>\n<html lang=\"en\"><head><title> </title></head><body></body></html>"
        #expect(validator.validate(html: noTitle, path: "index.html").map(\.code) == ["title"])
    }

    @Test func resolvesFolderLinksAndQueriesAgainstThePagePath() {
        let v = PageValidator(exists: { $0 == "a/b/index.html" || $0 == "c.css" })
        let html = page(#"<a href="../../a/b/?x=1#top">x</a> <a href="/a/b">y</a> <a href="../../c.css">z</a>"#).replacingOccurrences(of: "../assets/s.css", with: "../../c.css")
        #expect(v.validate(html: html, path: "a/b/index.html") == [])
    }

    @Test func concurrentValidationsKeepTheirOwnErrors() async {
        let bad = page("<p>Tom & Jerry</p>")
        let good = page("<p>fine</p>")
        let counts = await withTaskGroup(of: (Bool, Int).self) { group in
            for i in 0..<64 {
                group.addTask { (i % 2 == 0, validator.validate(html: i % 2 == 0 ? bad : good, path: "people/index.html").count) }
            }
            var result: [(Bool, Int)] = []
            for await r in group { result.append(r) }
            return result
        }
        #expect(counts.filter { $0.0 }.allSatisfy { $0.1 == 1 })
        #expect(counts.filter { !$0.0 }.allSatisfy { $0.1 == 0 })
    }
}
