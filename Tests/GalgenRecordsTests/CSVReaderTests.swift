import GalgenRecords
import Testing

struct CSVReaderTests {
    /// Reads `text` fed in pieces of `piece` bytes (so quotes and line ends fall across pieces).
    static func read(_ text: String, piece: Int = 3) -> [CSVReader.Event] {
        read(Array(text.utf8), piece: piece)
    }

    static func read(_ bytes: [UInt8], piece: Int = 3) -> [CSVReader.Event] {
        var reader = CSVReader()
        var events: [CSVReader.Event] = []
        var start = 0
        while start < bytes.count {
            reader.feed(bytes[start..<min(start + piece, bytes.count)]) { events.append($0) }
            start += piece
        }
        reader.finish { events.append($0) }
        return events
    }

    @Test("RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF")
    func rfc4180() {
        let events = Self.read("Name,Note\r\n\"Lee, Ann\",\"said \"\"hi\"\"\"\r\nBo,\"two\r\nlines\"\r\n")
        #expect(events == [.row(["Name", "Note"], line: 1), .row(["Lee, Ann", "said \"hi\""], line: 2),
                           .row(["Bo", "two\r\nlines"], line: 3)])
    }

    @Test("LF and CR line ends, no final line end, blank lines skipped, empty fields kept")
    func lineEnds() {
        #expect(Self.read("a,b\n1,\n\n,2") == [.row(["a", "b"], line: 1), .row(["1", ""], line: 2), .row(["", "2"], line: 4)])
        #expect(Self.read("a\rb\r\n\"\"\n") == [.row(["a"], line: 1), .row(["b"], line: 2), .row([""], line: 3)])
    }

    @Test("a leading byte-order mark is not part of the first name, whatever the pieces")
    func byteOrderMark() {
        for piece in [1, 2, 3, 64] {
            #expect(Self.read([0xEF, 0xBB, 0xBF] + Array("\"Name\",Id\nA,1".utf8), piece: piece)
                == [.row(["Name", "Id"], line: 1), .row(["A", "1"], line: 2)])
        }
        #expect(Self.read([0xEF, 0xBB, 0xBF]).isEmpty)
    }

    @Test("a quote in an unquoted field, and text after a closing quote, refuse that row only")
    func badQuotes() {
        let events = Self.read("a,b\nx\"y,1\n\"ok\"z,2\n3,4\n")
        #expect(events.count == 4)
        #expect(events[0] == .row(["a", "b"], line: 1) && events[3] == .row(["3", "4"], line: 4))
        guard case .problem(let quote, 2) = events[1], case .problem(let after, 3) = events[2] else {
            Issue.record("\(events)")
            return
        }
        #expect(quote.contains("quote inside the unquoted field 1") && after.contains("after the closing quote of field 1"))
    }

    @Test("a quote never closed is named with the line it opened on")
    func unterminated() {
        let events = Self.read("a,b\n1,2\n3,\"open\n4,5\n6,7\n")
        #expect(events.count == 3)
        guard case .problem(let message, let line) = events[2] else { Issue.record("\(events)"); return }
        #expect(line == 3 && message.contains("never closed"))
    }

    @Test("bytes that are not UTF-8 refuse their row; an empty file gives nothing")
    func notUTF8() {
        let events = Self.read(Array("a\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("b\n".utf8))
        #expect(events.count == 3 && events[2] == .row(["b"], line: 3))
        if case .problem(let message, 2) = events[1] { #expect(message.contains("not UTF-8")) } else { Issue.record("\(events)") }
        #expect(Self.read("").isEmpty && Self.read("\n\n").isEmpty)
    }

    @Test("line numbers count line breaks inside quoted fields")
    func linesAfterQuotedBreaks() {
        let events = Self.read("a\n\"1\n2\n3\"\nx\"\n")
        #expect(events.count == 3 && events[1] == .row(["1\n2\n3"], line: 2))
        if case .problem(_, 5) = events[2] {} else { Issue.record("\(events)") }
    }
}
