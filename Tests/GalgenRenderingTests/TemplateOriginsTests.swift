import GalgenRendering
import Testing

/// Which template line made a page line: literal text in order, tags as gaps, ties and short lines explain nothing.
struct TemplateOriginsTests {
    private let origins = TemplateOrigins(templates: [
        ("T/footer.mustache", "<footer class=\"site\">\n<p>Made with {{site.title}} and care</p>\n<p><b>unclosed</p>\n</footer>\n"),
        ("T/cell.mustache", "<li class=\"cell\" id=\"item-{{key}}\"{{#eager}} data-eager=\"1\"{{/eager}}>\n</li>\n{{title}}\n"),
        ("T/a.mustache", "<p class=\"same\">{{x}}</p>\n"),
        ("T/b.mustache", "<p class=\"same\">{{y}}</p>\n"),
    ])

    @Test func literalLinesAndLinesWithTagsAreFound() {
        #expect(origins.origin(of: "<p><b>unclosed</p>") == "T/footer.mustache:3")
        #expect(origins.origin(of: "   <p><b>unclosed</p>  ") == "T/footer.mustache:3", "indentation of a partial does not matter")
        #expect(origins.origin(of: "<p>Made with Fixture &amp; friends and care</p>") == "T/footer.mustache:2")
        #expect(origins.origin(of: "<footer class=\"site\">") == "T/footer.mustache:1")
    }

    @Test func sectionsOnTheLineMayPrintOrNot() {
        #expect(origins.origin(of: "<li class=\"cell\" id=\"item-a\" data-eager=\"1\">") == "T/cell.mustache:1")
        #expect(origins.origin(of: "<li class=\"cell\" id=\"item-b\">") == "T/cell.mustache:1")
    }

    @Test func ambiguousShortAndForeignLinesExplainNothing() {
        #expect(origins.origin(of: "<p class=\"same\">v</p>") == nil, "two templates make it")
        #expect(origins.origin(of: "</li>") == nil && origins.origin(of: "</footer>") != nil)
        #expect(origins.origin(of: "Just a title") == nil, "a line made of tags alone explains nothing")
        #expect(origins.origin(of: "<p><b>unclosed</p> and more") == nil, "the whole line must match")
        #expect(origins.origin(of: "") == nil)
    }
}
