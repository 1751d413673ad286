import Foundation
import GalgenSidecars
import Testing

/// Markdown to HTML through cmark, with raw HTML escaped, unsafe URLs turned into their text, and each
/// link and image decided by a resolver that is told its line and text.
struct MarkdownTests {
    @Test func emphasisAndLinks() {
        #expect(Markdown.html("Some *light* and **bold**, [a link](https://example.com/?a=1&b=2 \"T\").")
            == "<p>Some <em>light</em> and <strong>bold</strong>, <a href=\"https://example.com/?a=1&amp;b=2\" title=\"T\">a link</a>.</p>\n")
        #expect(Markdown.html("") == "")
        #expect(Markdown.html("[r](photos/x.jpg) [f](#top) [m](mailto:a@example.com) <http://example.com>")
            == "<p><a href=\"photos/x.jpg\">r</a> <a href=\"#top\">f</a> <a href=\"mailto:a@example.com\">m</a> <a href=\"http://example.com\">http://example.com</a></p>\n")
    }

    @Test func rawHTMLIsEscapedNotOmitted() {
        let html = Markdown.html("Before\n\n<script>alert(1)</script>\n\nInline <img src=x onerror=alert(1)> tag.\n")
        #expect(html.contains("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"))
        #expect(html.contains("Inline &lt;img src=x onerror=alert(1)&gt; tag."))
        #expect(!html.contains("<script") && !html.contains("<img"))
        #expect(!html.contains("raw HTML omitted"))
    }

    @Test func multiLineHTMLBlockKeepsItsLines() {
        #expect(Markdown.html("<div>\nx & y\n</div>") == "<p>&lt;div&gt;<br />\nx &amp; y<br />\n&lt;/div&gt;</p>\n")
        #expect(Markdown.html("- item\n\n  <!-- note -->\n") == "<ul>\n<li>\n<p>item</p>\n<p>&lt;!-- note --&gt;</p>\n</li>\n</ul>\n")
    }

    @Test func allowHTMLPassesThrough() {
        let html = Markdown.html("<script>alert(1)</script>\n\nInline <img src=x onerror=alert(1)> tag.\n", allowHTML: true)
        #expect(html.contains("<script>alert(1)</script>"))
        #expect(html.contains("<img src=x onerror=alert(1)>"))
    }

    @Test(arguments: [
        "[x](javascript:alert(1))", "[x](JavaScript:alert(1))", "[x](<java\tscript:alert(1)>)", "[x](&#106;avascript:alert(1))",
        "![x](data:image/png;base64,iVBORw0KGgo=)", "[x](data:text/html,hi)", "[x](vbscript:msgbox)", "[x](file:///etc/passwd)",
        "[x](ftp://example.com/)", "<javascript:alert(1)>", "[x][r]\n\n[r]: javascript:alert(1)",
    ])
    func unsafeURLsBecomeTheirText(_ source: String) {
        let html = Markdown.html(source)
        #expect(!html.contains("href=") && !html.contains("src=") && !html.contains("<a") && !html.contains("<img"), "\(html)")
        #expect(html.hasPrefix("<p>") && (html.contains("x") || html.contains("javascript")), "\(html)")
        for scheme in ["javascript", "data:", "vbscript", "file:", "ftp:"] { #expect(!html.lowercased().contains("=\"\(scheme)")) }
        #expect(Markdown.html(source, allowHTML: true) == html)
    }

    @Test func emptyDestinationsNeverBecomeEmptyAttributes() {
        #expect(Markdown.html("[empty]() and ![alt](<>) and [sp]( )") == "<p>empty and alt and sp</p>\n")
    }

    @Test func theResolverIsToldEachLinkAndImageWithItsLineAndText() {
        let source = "First *line*\nsecond ![the **map**](map.png \"T\") line\n\n# Head [h](Hills/)\n\n> quote\n> [![in](a.jpg)](b/)\n"
        let found = Markdown.references(source)
        #expect(found == [
            .init(kind: .image, url: "map.png", title: "T", text: "the map", line: 2, allowed: true),
            .init(kind: .link, url: "Hills/", text: "h", line: 4, allowed: true),
            .init(kind: .link, url: "b/", text: "in", line: 7, allowed: true),
            .init(kind: .image, url: "a.jpg", text: "in", line: 7, allowed: true, insideLink: true),
        ])
    }

    @Test func resolutionsReplaceRewriteOrUnwrap() {
        let html = Markdown.html("![a](x.jpg) [b](y/) [c](z) [d](javascript:1) ![e](data:x)") { reference in
            switch reference.url {
            case "x.jpg": return .html("<img src=\"img/x.jpg\" alt=\"a\" />")
            case "y/": return .url("../y/")
            case "z": return .text
            case "javascript:1": return .keep          // refused whatever the resolver says
            default: return .url("javascript:alert(1)")  // an unsafe replacement is refused too
            }
        }
        #expect(html == "<p><img src=\"img/x.jpg\" alt=\"a\" /> <a href=\"../y/\">b</a> c d e</p>\n")
    }

    @Test func aLinkInsideAnImageDescriptionAndAnImageInsideALinkAreBothDecided() {
        let html = Markdown.html("![a [b](c) d](e.jpg) [![f](g.jpg)](h)") { reference in
            reference.kind == .image ? .text : .url("/" + reference.url)
        }
        #expect(html == "<p>a <a href=\"/c\">b</a> d <a href=\"/h\">f</a></p>\n")
    }

    @Test func rawHTMLDoesNotBreakTheResolversLines() {
        let found = Markdown.references("<b\nclass=x>bold</b>\n[l](a)\n\n<div>\n</div>\n\n[m](b)")
        #expect(found.map(\.line) == [3, 8])
    }

    @Test func charactersAPageMayNotHoldAreDropped() {
        let controls = [0x07, 0x01, 0x0B, 0x7F, 0x85, 0xFFFE, 0xFDD0].map { String(Character(Unicode.Scalar(UInt32($0))!)) }
        let source = "A bell " + controls.joined(separator: " ") + " &#1; &#x7f; [l](a" + controls[1] + "b)\tx\n"
        let html = Markdown.html(source)
        let bad = html.unicodeScalars.filter { scalar in
            let v = scalar.value
            return (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFDD0
        }
        #expect(bad.isEmpty, "\(bad.map(\.value))")
        #expect(html.hasPrefix("<p>A bell ") && html.contains("\tx"), "\(html)")
    }

    @Test func deepNestingIsFlattenedSoPagesStayParseable() {
        for source in [String(repeating: "> ", count: 300) + "deep [l](a)", String(repeating: "*", count: 250) + "x" + String(repeating: "*", count: 250),
                       (0..<130).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")] {
            let html = Markdown.html(source)
            var depth = 0, deepest = 0
            for tag in html.matches(of: /<(\/?)([a-z0-9]+)[^>]*?(\/?)>/) where tag.output.3.isEmpty && tag.output.2 != "br" && tag.output.2 != "hr" {
                depth += tag.output.1.isEmpty ? 1 : -1
                deepest = max(deepest, depth)
            }
            #expect(depth == 0 && deepest <= 44, "\(deepest) \(html.prefix(400))")
        }
        #expect(Markdown.html(String(repeating: "> ", count: 300) + "deep [l](a)").contains("deep <a href=\"a\">l</a>"))
    }

    @Test func aDestinationAfterACodeSpanOrDestinationOverSeveralLinesIsOnItsLine() {
        #expect(Markdown.references("`code\nspan` [x](javascript:1)").map(\.line) == [2])
        #expect(Markdown.references("``a\nb\nc`` [x](j:1)").map(\.line) == [3])
        #expect(Markdown.references("[a](\nIMG_1.jpg) [x](javascript:alert(1))").map(\.line) == [2, 2])
        #expect(Markdown.references("[t](a \"one\ntwo\") [u](b)\n[v](b)").map(\.line) == [1, 2, 3])
    }

    @Test func urlRules() {
        for url in ["", "a.jpg", "../b/c.jpg", "/abs", "//host/x", "#f", "?q=a:b", "a/b:c", "HTTPS://X", "http://x", "mailto:x@y"] {
            #expect(Markdown.allowsURL(url), "\(url)")
        }
        for url in ["javascript:x", " javascript:x", "java\nscript:x", "data:x", "tel:1", "a:b", "averyveryverylongscheme:x"] {
            #expect(!Markdown.allowsURL(url), "\(url)")
        }
    }

    @Test func largeDescriptionRendersQuickly() {
        let paragraph = String(repeating: "Some *words* and a [link](https://example.com) <b>x</b>. ", count: 10) + "\n\n"
        let source = String(repeating: paragraph, count: 1_048_576 / paragraph.utf8.count + 1)
        let start = ContinuousClock.now
        let html = Markdown.html(source)
        let sidecar = Sidecar.parse("Title: Big\n\n" + source)
        let elapsed = ContinuousClock.now - start
        #expect(source.utf8.count >= 1_048_576)
        #expect(sidecar.description == source)
        #expect(html.hasPrefix("<p>Some <em>words</em>"))
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }
}
