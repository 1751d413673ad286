import Foundation
import GalgenCore
import Testing

/// Streaming the records array (`JSONDocument(data:sourceName:streaming:each:)`) hands out exactly
/// the elements a lookup in the whole tree finds, with the same offsets and locations.
struct JSONStreamingTests {
    /// The elements of the array at `path` the way a tree lookup finds them (the first member of
    /// a key; numbers index arrays), or nil when there is no array there.
    private func lookUp(_ path: [String], in root: JSONNode) -> [JSONNode]? {
        var node = root
        for segment in path {
            switch node.value {
            case .object: guard let next = node.value[segment] else { return nil }; node = next
            case .array(let items): guard let i = Int(segment), items.indices.contains(i) else { return nil }; node = items[i]
            default: return nil
            }
        }
        if case .array(let items) = node.value { return items }
        return nil
    }

    private func stream(_ text: String, _ path: [String]) throws -> (document: JSONDocument, elements: [(JSONNode, Int)], locations: [String]) {
        var elements: [(JSONNode, Int)] = []
        var locations: [String] = []
        var cursor: JSONLocator.Cursor?
        let document = try JSONDocument(data: Data(text.utf8), sourceName: "s.json", streaming: path) { node, index, locator in
            elements.append((node, index))
            if cursor == nil { cursor = JSONLocator.Cursor(locator) }
            let (line, column) = cursor!.lineColumn(of: node.offset)
            locations.append("s.json:\(line):\(column)")
        }
        return (document, elements, locations)
    }

    @Test(arguments: [
        (#"{"results": [{"id": 1}, {"id": 2}, 3]}"#, ["results"]),
        (#"[{"id": "é"},"#+"\n"+#" {"id": "ß"}, {"id": 3}]"#, []),
        (#"{"data": {"items": [1, 2], "x": 0}, "items": [9]}"#, ["data", "items"]),
        (#"{"pages": [{"r": [0]}, {"r": ["ü", "b"]}]}"#, ["pages", "1", "r"]),
        // The first member of a key is the one looked up, also when a later one is an array.
        (#"{"results": [1], "results": [2, 3]}"#, ["results"]),
        (#"{"a": {"b": [1]}, "a": {"b": [2, 3]}}"#, ["a", "b"]),
        // Nested arrays of the same name below the streamed one stay in their elements.
        (#"{"r": [{"r": [1, 2]}, {"r": []}]}"#, ["r"]),
    ])
    func streamsWhatTheTreeLookupFinds(text: String, path: [String]) throws {
        let whole = try JSONDocument(data: Data(text.utf8), sourceName: "s.json")
        let expected = try #require(lookUp(path, in: whole.root))
        let (document, elements, locations) = try stream(text, path)
        #expect(document.streamed)
        #expect(elements.map(\.1) == Array(expected.indices))
        #expect(elements.map(\.0.offset) == expected.map(\.offset))
        #expect(elements.map { describe($0.0) } == expected.map(describe))
        #expect(locations == expected.map { whole.location(of: $0.offset) })
        // What was streamed is an empty array in the tree.
        #expect(lookUp(path, in: document.root)?.isEmpty == true)
    }

    @Test(arguments: [
        (#"{"results": {"id": 1}}"#, ["results"]),   // not an array
        (#"{"other": [1]}"#, ["results"]),           // not there
        (#"{"results": "x", "results": [1]}"#, ["results"]),  // the first one is not an array
        (#"[[1], [2]]"#, ["5"]),                     // no such index
    ])
    func leavesEverythingInTheTreeWhenThePathHasNoArray(text: String, path: [String]) throws {
        let (document, elements, _) = try stream(text, path)
        #expect(!document.streamed)
        #expect(elements.isEmpty)
        let whole = try JSONDocument(data: Data(text.utf8), sourceName: "s.json")
        #expect(describe(document.root) == describe(whole.root))
    }

    @Test func syntaxErrorsAfterStreamedElementsStillNameLineAndColumn() throws {
        var seen = 0
        #expect {
            _ = try JSONDocument(data: Data("{\"r\": [1,\n 2,\n }".utf8), sourceName: "s.json", streaming: ["r"]) { _, _, _ in seen += 1 }
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == 3 && error.column == 2
        }
        #expect(seen == 2)
    }

    private func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let b): String(b)
        case .number(let n): n
        case .string(let s): "\"\(s)\""
        case .array(let items): "[" + items.map(describe).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\($0.key):\(describe($0.node))" }.joined(separator: ",") + "}"
        }
    }
}
