import Foundation
import GalgenCore
@testable import GalgenServe
import GalgenTestSupport
import Testing

struct RequestPathTests {
    @Test(arguments: [
        ("/", [String](), true),
        ("/people/page/2/", ["people", "page", "2"], true),
        ("/assets/style.css?v=1#top", ["assets", "style.css"], false),
        ("//people///k1", ["people", "k1"], false),
        ("/caf%C3%A9/a%20b.html", ["café", "a b.html"], false),
        ("/a..b/..c", ["a..b", "..c"], false),
    ])
    func acceptedTargets(target: String, segments: [String], directoryForm: Bool) {
        #expect(RequestPath(target: target) == .segments(segments, directoryForm: directoryForm))
    }

    @Test(arguments: [
        ("/../config.json", RequestPath.Refusal.dotSegment),
        ("/people/../../etc/passwd", .dotSegment),
        ("/%2e%2e/config.json", .dotSegment),
        ("/%2E%2e/config.json", .dotSegment),
        ("/.%2e/config.json", .dotSegment),
        ("/./index.html", .dotSegment),
        ("/people%2f..%2f..%2fconfig.json", .encodedSeparator),
        ("/people%2F..%2Fconfig.json", .encodedSeparator),
        ("/img/..%5c..%5cconfig.json", .encodedSeparator),
        ("/img/a\\b", .encodedSeparator),
        ("/img/a%00.jpg", .encodedSeparator),
        ("/img/%zz", .badEncoding),
        ("/img/%4", .badEncoding),
        ("/img/%C3", .badEncoding),
        ("http://example.org/x", .notAbsolutePath),
        ("*", .notAbsolutePath),
        ("", .notAbsolutePath),
    ])
    func refusedTargets(target: String, reason: RequestPath.Refusal) {
        #expect(RequestPath(target: target) == .refused(reason))
    }

    @Test func redirectPathsAreBuiltFromSegmentsNotFromTheRawTarget() {
        #expect(SiteFiles.encodedPath(["evil.com", "x"]) == "/evil.com/x")
        #expect(SiteFiles.encodedPath(["a b", "é"]) == "/a%20b/%C3%A9")
        #expect(SiteFiles.encodedPath([]) == "/")
    }
}

/// Marks that join the next character into one grapheme (U+06DD, an Arabic prepended concatenation
/// mark) must not hide a `/`, `?` or `..` from the parser: it works on Unicode scalars.
struct RequestPathGraphemeTests {
    @Test func aPrependedMarkDoesNotHideTheSeparatorAfterIt() {
        #expect(RequestPath(target: "/eee\u{06DD}/eee\u{06DD}") == .segments(["eee\u{06DD}", "eee\u{06DD}"], directoryForm: false))
        #expect(RequestPath(target: "/a\u{06DD}/../b") == .refused(.dotSegment))
        #expect(RequestPath(target: "/a\u{06DD}%2fb") == .refused(.encodedSeparator))
        #expect(RequestPath(target: "/a\u{06DD}?x=/..") == .segments(["a\u{06DD}"], directoryForm: false))
        #expect(RequestPath(target: "/a\u{06DD}/") == .segments(["a\u{06DD}"], directoryForm: true))
    }

    /// The inputs the request-path fuzz target found (Fuzz/regressions/request-path): what is accepted
    /// has no empty, dot or separator-holding segment.
    @Test func theFuzzFindingsAreRefusedOrSplitProperly() throws {
        let folder = Repository.root + "/Fuzz/regressions/request-path"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.isEmpty)
        for name in names {
            let target = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)), as: UTF8.self)
            if case .segments(let segments, _) = RequestPath(target: target) {
                for segment in segments {
                    #expect(!segment.isEmpty && segment != "." && segment != "..", "\(name)")
                    #expect(!segment.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0 == "\0" }, "\(name): \(segment.debugDescription)")
                }
            }
        }
    }
}
