import Foundation
import GalgenCore
import GalgenSearch
import Testing

/// The tokeniser of docs/search.md against the vectors the browser's tokeniser is tested with.
struct SearchTokenizerTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var text: String
        var terms: [String]
        var titleTerm: String?
        var testDescription: String { text.debugDescription }
    }

    /// `Tests/Fixtures/search-tokenize.json`, found from this file's path.
    static func vectors() throws -> [Vector] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/search-tokenize.json")
        let root = try JSONDocument(data: try Data(contentsOf: url), sourceName: url.path).root.value
        guard case .array(let cases)? = root["cases"]?.value else { return [] }
        return cases.map { node in
            var terms: [String] = []
            if case .array(let list)? = node.value["terms"]?.value { terms = list.compactMap(\.value.scalarText) }
            return Vector(text: node.value["text"]?.value.scalarText ?? "", terms: terms,
                          titleTerm: node.value["titleTerm"]?.value.scalarText)
        }
    }

    @Test func theFixtureHasVectors() throws {
        #expect(try Self.vectors().count >= 20)
    }

    @Test(arguments: try vectors())
    func sharedVector(_ vector: Vector) {
        #expect(SearchTokenizer.terms(vector.text) == vector.terms)
        #expect(SearchTokenizer.titleTerm(vector.text) == vector.titleTerm)
    }

    @Test func aCapitalSigmaEndingAWordIsFinalAsInJavaScript() {
        // Swift's lowercased() gives σ everywhere; JavaScript's toLowerCase() gives ς at a word's end.
        #expect(SearchTokenizer.terms("ΟΔΥΣΣΕΥΣ ΣΑΣ Σ") == ["οδυσσευς", "σας", "σ"])
        #expect(SearchTokenizer.terms("ΟΔΥΣΣΕΥΣ.") == ["οδυσσευς"])
    }

    @Test func hostileAndOddTextGivesOnlyLettersAndDigits() {
        let hostile = #"</script><script>alert("x")</script> & O'Brien مرحبا 🦊 "# + "\u{0}\u{1}\u{2028}"
        #expect(SearchTokenizer.terms(hostile) == ["script", "script", "alert", "x", "script", "o", "brien", "مرحبا"])
        #expect(SearchTokenizer.terms("\u{1}abc") == ["abc"])
        // A lone voicing mark is not a letter; the composed kana keeps it.
        #expect(SearchTokenizer.terms("\u{3099}") == [])
        #expect(SearchTokenizer.terms("ハ\u{3099}") == ["バ"])
    }

    @Test func cutsLongTermsOnAScalarBoundary() {
        let long = String(repeating: "a", count: 63) + "é" + "b"
        #expect(SearchTokenizer.terms(long) == [String(repeating: "a", count: 63) + "e"])
        let thai = String(repeating: "ก", count: 30)  // 3 bytes each: 21 fit in 64
        #expect(SearchTokenizer.terms(thai) == [String(repeating: "ก", count: 21)])
        #expect(SearchTokenizer.terms(String(repeating: "Ab", count: 40)) == [String(repeating: "ab", count: 32)])
    }

    @Test func asciiAndUnicodePathsAgree() {
        // The same words, once with a non-ASCII character far away (which sends it through Foundation).
        for text in ["Hello, World 42", "O'Brien-Smith x1 Y2", "  trailing  ", "MiXeD123abc"] {
            #expect(SearchTokenizer.terms(text + " é") == SearchTokenizer.terms(text) + ["e"])
        }
    }
}
