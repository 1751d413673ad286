import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenTestSupport
import Testing

struct JSONLinesRecordSourceTests {
    static func load(_ text: String) throws(RecordError) -> RecordSet {
        let memory = MemoryFileSystem()
        try? memory.createDirectory(at: "/site")
        try? memory.writeFile(Data(text.utf8), to: "/site/r.jsonl")
        let fields = FieldMapping(id: FieldPath("id")!, title: [FieldPath("name.first")!], subtitle: [], image: nil, link: nil)
        let config = SourceConfig(name: "things", title: "Things", kind: .jsonl, origin: .file("/site/r.jsonl"),
                                  items: FieldPath("")!, fields: fields)
        return try JSONLinesRecordSource(config: config, baseDirectory: "/site", fileSystem: memory).load()
    }

    @Test("one object per line, mapped like json; blank lines skipped; CRLF and a BOM read")
    func mapsLines() throws {
        let set = try Self.load("\u{FEFF}{\"id\": 1, \"name\": {\"first\": \"Ann\"}}\r\n\n   \n{\"id\": \"b\", \"name\": {\"first\": \"Bo\"}}")
        #expect(set.diagnostics.isEmpty, "\(set.diagnostics)")
        #expect(set.records.map(\.title) == ["Ann", "Bo"])
        #expect(set.records[1].origin.description == "r.jsonl:4:1 (lines[1])")
    }

    @Test("a line that is not JSON, or not an object, is skipped and named by line; the others stay")
    func hostileLines() throws {
        let set = try Self.load("""
            {"id": 1, "name": {"first": "A"}}
            {"id": 2, "name": {"first": "B"
            [1, 2]
            "text"
            {"id": 3} trailing
            {"id": 4, "name": {"first": "D"}}
            """)
        #expect(set.records.map(\.id) == ["1", "4"])
        let named = set.diagnostics.map { "\($0.code) \($0.subject)" }
        #expect(named.count == 4 && named[0].hasPrefix("jsonl.malformed things: r.jsonl:2:"), "\(named)")
        #expect(Array(named[1...2]) == ["jsonl.not-object things: r.jsonl:3", "jsonl.not-object things: r.jsonl:4"])
        #expect(named[3].hasPrefix("jsonl.malformed things: r.jsonl:5:"))
        #expect(set.diagnostics.allSatisfy { $0.severity == .error && $0.message.hasSuffix("line skipped") })
    }

    @Test("lines that cross the 64 KB pieces the file is read in are read whole")
    func linesAcrossPieces() throws {
        let text = (0..<4000).map { #"{"id": \#($0), "name": {"first": "Person number \#($0)"}}"# }.joined(separator: "\n")
        let set = try Self.load(text)
        #expect(text.utf8.count > 3 * CSVRecordSource.chunkSize)
        #expect(set.diagnostics.isEmpty && set.records.count == 4000 && set.records.last?.title == "Person number 3999")
    }

    @Test("an empty file is a warning, not a crash")
    func empty() throws {
        #expect(try Self.load("").diagnostics.map(\.code) == ["jsonl.no-records"])
        #expect(try Self.load("\n\n").records.isEmpty)
    }
}
