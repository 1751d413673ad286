import Foundation
import GalgenCore
import Testing

struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument { try JSONDocument(data: Data(text.utf8), sourceName: "t.json") }

    @Test func parsesNestedValuesInOrderWithOffsets() throws {
        let doc = try parse(#"{"b": [1, -2.5e3, true, null], "a": {"x": "y\u00e9\n"}}"#)
        guard case .object(let members) = doc.root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(doc.root.value["a"]?.value["x"]?.value.scalarText == "yé\n")
        guard case .array(let items) = doc.root.value["b"]?.value else { Issue.record("not an array"); return }
        #expect(items.map { $0.value.scalarText } == ["1", "-2.5e3", "true", nil])
        #expect(doc.lineColumn(of: items[1].offset) == (1, 11))
    }

    @Test func countsColumnsInCharactersAcrossLongLines() throws {
        // One line of 3,000 two-byte strings (ß) and a newline partway: columns stay character counts
        // on both sides of every 4 KiB checkpoint.
        let items = (0..<3000).map { "\"\(String(repeating: "ß", count: $0 % 7))\"" }
        let text = "[" + items[..<10].joined(separator: ",") + ",\n" + items[10...].joined(separator: ",") + "]"
        let doc = try parse(text)
        guard case .array(let nodes) = doc.root.value else { Issue.record("not an array"); return }
        let bytes = Array(text.utf8)
        for index in [0, 9, 10, 11, 600, 1777, 2999] {
            let offset = nodes[index].offset
            let lineStart = (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
            let expected = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
            #expect(doc.lineColumn(of: offset) == (index < 10 ? 1 : 2, expected), "item \(index)")
        }
    }

    @Test func keepsIdsBeyond53BitsAsWritten() throws {
        let doc = try parse(#"{"trackId": 18446744073709551999}"#)
        #expect(doc.root.value["trackId"]?.value.scalarText == "18446744073709551999")
    }

    @Test func decodesSurrogatePairsAndReplacesLoneSurrogates() throws {
        let doc = try parse(#"["\ud83e\udd8a", "\ud800x"]"#)
        guard case .array(let items) = doc.root.value else { Issue.record("not an array"); return }
        #expect(items[0].value.scalarText == "🦊")
        #expect(items[1].value.scalarText == "\u{FFFD}x")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "trailing comma"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}'"),
        ("[1, 2", 1, 6, "end of text"),
        ("{'a': 1}", 1, 2, "double quotes"),
        ("[01]", 1, 2, "leading zeros"),
        ("{\"é\": tru}", 1, 7, "literal"),
        ("", 1, 1, "empty"),
        ("[1] 2", 1, 5, "after the end"),
        ("[\"a\tb\"]", 1, 4, "control character"),
    ])
    func reportsLineAndColumnOfSyntaxErrors(text: String, line: Int, column: Int, fragment: String) {
        do throws(JSONSyntaxError) {
            _ = try parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(fragment), "\(error.message)")
            #expect(error.description.hasPrefix("t.json:\(line):\(column): malformed JSON"))
        }
    }

    @Test func refusesAbsurdNesting() {
        #expect(throws: JSONSyntaxError.self) { try parse(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) }
    }
}
