import GalgenCore
import Testing

struct SlugTests {
    @Test(arguments: [
        ("Amélie Durand", "amelie-durand"), ("  Hello,  World!! ", "hello-world"), ("O'Brien & \"Sons\"", "o-brien-sons"),
        ("c89f8084-598C-49F8", "c89f8084-598c-49f8"), ("123", "123"), ("a/../b", "a-b"), ("Zoë_Ω", "zoe"),
    ])
    func makesURLSafeSlugs(input: String, expected: String) {
        #expect(Slug.make(input) == expected)
    }

    @Test func idsWithoutLatinLettersGetAStableHashSlug() {
        let a = Slug.make("محمد")
        #expect(a.hasPrefix("item-") && a.count == 15)
        #expect(Slug.make("محمد") == a)
        #expect(Slug.make("נועה") != a)
    }

    @Test func capsLength() {
        let slug = Slug.make(String(repeating: "abc ", count: 100))
        #expect(slug.count <= Slug.maxLength)
        #expect(!slug.hasSuffix("-"))
    }
}

struct WebURLTests {
    @Test(arguments: ["https://example.com/x", "http://example.com", " HTTPS://Example.com/a?b#c "])
    func acceptsHTTPURLs(url: String) {
        #expect(WebURL.httpURL(url) != nil)
    }

    @Test(arguments: ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "//evil.example", "ftp://x", "https://",
                      "https:///path", "http://exa mple.com", "file:///etc/passwd", "/relative", "https://a.com/\u{0}"])
    func rejectsEverythingElse(url: String) {
        #expect(WebURL.httpURL(url) == nil)
    }

    @Test func findsSchemes() {
        #expect(WebURL.scheme(of: "JavaScript:x") == "javascript")
        #expect(WebURL.scheme(of: "images/a:b.jpg") == nil)
        #expect(WebURL.scheme(of: "a.jpg") == nil)
    }
}
