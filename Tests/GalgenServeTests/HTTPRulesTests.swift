@testable import GalgenServe
import Testing

struct HTTPRulesTests {
    @Test(arguments: [
        (nil, 100, HTTPRules.RangeRequest.whole),
        ("bytes=0-9", 100, .partial(0...9)),
        ("bytes=90-", 100, .partial(90...99)),
        ("bytes=90-500", 100, .partial(90...99)),
        ("bytes=-10", 100, .partial(90...99)),
        ("bytes=-500", 100, .partial(0...99)),
        ("bytes=100-", 100, .unsatisfiable),
        ("bytes=-0", 100, .unsatisfiable),
        ("bytes=0-0", 0, .unsatisfiable),
        ("bytes=5-2", 100, .whole),
        ("bytes=0-1,5-6", 100, .whole),
        ("items=0-1", 100, .whole),
        ("bytes=a-b", 100, .whole),
        ("bytes=-", 100, .whole),
    ])
    func ranges(header: String?, size: Int, expected: HTTPRules.RangeRequest) {
        #expect(HTTPRules.range(header, size: size) == expected)
    }

    @Test func contentHashedNamesAreRecognised() {
        for name in ["assets/gallery-785b89cc0f.js", "img/0bca260d52a5b477-160.jpg", "data/people/manifest-0123456789abcdef.json",
                     "assets/style-2ba4c06935.css"] {
            #expect(HTTPRules.isContentHashed(name), "\(name)")
        }
        for name in ["index.html", "people/k000000/index.html", "assets/style.css", "img/deadbeef-160.jpg",
                     "0123456789abcdef/index.html", "sitemap.xml", "ABCDEF0123456789.js"] {
            #expect(!HTTPRules.isContentHashed(name), "\(name)")
        }
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPRules.httpDate(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPRules.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        for seconds in [0, 951_782_400, 1_795_000_000] {
            #expect(HTTPRules.parseHTTPDate(HTTPRules.httpDate(seconds)) == seconds)
        }
        #expect(HTTPRules.parseHTTPDate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }

    @Test func entityTagsMatchAsRFC9110Says() {
        let tag = HTTPRules.entityTag(size: 10, seconds: 20, nanoseconds: 30)
        #expect(tag == "\"a-141e\"")
        #expect(HTTPRules.noneMatch(tag, matches: tag))
        #expect(HTTPRules.noneMatch("\"x\", W/\(tag)", matches: tag))
        #expect(HTTPRules.noneMatch("*", matches: tag))
        #expect(!HTTPRules.noneMatch("\"a-141f\"", matches: tag))
    }

    @Test func mediaTypes() {
        #expect(HTTPRules.mediaType(forPath: "a/index.html") == "text/html; charset=utf-8")
        #expect(HTTPRules.mediaType(forPath: "x.JPG") == "image/jpeg")
        #expect(HTTPRules.mediaType(forPath: "data/m.json") == "application/json")
        #expect(HTTPRules.mediaType(forPath: "sitemap.xml") == "application/xml")
        #expect(HTTPRules.mediaType(forPath: "README") == "application/octet-stream")
    }

    @Test func theReloadTagGoesBeforeTheLastBodyEnd() {
        let tag = LiveReloadScript.tag(generation: 7)
        let page = "<html><body><p>&lt;/body&gt;</p></BODY>\n</html>"
        #expect(String(decoding: LiveReloadScript.inject(into: Array(page.utf8), generation: 7), as: UTF8.self)
            == "<html><body><p>&lt;/body&gt;</p>" + tag + "</BODY>\n</html>")
        #expect(String(decoding: LiveReloadScript.inject(into: Array("<p>x".utf8), generation: 7), as: UTF8.self) == "<p>x" + tag)
    }
}
