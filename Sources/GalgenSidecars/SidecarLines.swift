/// A sidecar's bytes (UTF-8, LF line ends) read a line at a time.
struct SidecarLines {
    typealias Line = ArraySlice<UInt8>

    private let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// `text` as UTF-8 without a leading byte order mark, CRLF and lone CR turned into LF.
    static func normalized(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for byte in text.utf8 {
            if byte == 0x0D {
                out.append(0x0A)
                previousCR = true
                continue
            }
            if !(byte == 0x0A && previousCR) { out.append(byte) }
            previousCR = false
        }
        if out.starts(with: [0xEF, 0xBB, 0xBF]) { out.removeFirst(3) }
        return out
    }

    /// The next line without its LF, or nil at the end.
    func peek() -> Line? {
        guard position < bytes.count else { return nil }
        let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
        return bytes[position..<end]
    }

    /// Moves past the next line.
    mutating func skip() {
        guard let line = peek() else { return }
        position = min(bytes.count, line.endIndex + 1)
    }

    /// Moves past blank lines.
    mutating func skipBlankLines() {
        while let line = peek(), Self.isBlank(line), position < bytes.count { skip() }
    }

    /// Everything from the position on, as text.
    func rest() -> String { Self.text(bytes[position...]) }

    /// The start of the first line from the position on that closes front matter (`---` or `...`,
    /// trailing spaces allowed), or nil.
    func closingLine() -> Int? {
        var probe = self
        while let line = probe.peek() {
            let content = Self.trimmed(line)
            if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8), line.first != 0x20 { return line.startIndex }
            probe.skip()
        }
        return nil
    }

    /// The reader's position (the start of the next line).
    var offset: Int { position }

    /// The number of the next line, from 1.
    var lineNumber: Int { bytes[..<position].count { $0 == 0x0A } + 1 }

    // MARK: - Line tests

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    static func trimmed(_ line: Line) -> Line {
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else {
            return line[line.startIndex..<line.startIndex]
        }
        return line[first...last]
    }

    static func text(_ bytes: Line) -> String { String(decoding: bytes, as: UTF8.self) }

    static func isBlank(_ line: Line) -> Bool { line.allSatisfy(isSpace) }

    /// `---` first, then nothing or whitespace and anything (Python-Markdown's begin rule).
    static func isBeginLine(_ line: Line) -> Bool { startsMarker(line, 0x2D) }

    /// `---` or `...` first, then nothing or whitespace and anything (Python-Markdown's end rule).
    static func isEndLine(_ line: Line) -> Bool { startsMarker(line, 0x2D) || startsMarker(line, 0x2E) }

    private static func startsMarker(_ line: Line, _ mark: UInt8) -> Bool {
        guard line.count >= 3, line.prefix(3).allSatisfy({ $0 == mark }) else { return false }
        let after = line.index(line.startIndex, offsetBy: 3)
        return after == line.endIndex || isSpace(line[after])
    }

    /// Columns of leading whitespace, a tab reaching the next multiple of four.
    static func indentWidth(_ line: Line) -> Int {
        var width = 0
        for byte in line {
            if byte == 0x20 { width += 1 } else if byte == 0x09 { width += 4 - width % 4 } else { break }
        }
        return width
    }

    static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x2D
    }

    /// `key: value` after at most three spaces: the key lowercased and the value trimmed.
    static func keyLine(_ line: Line) -> (key: String, value: String)? {
        guard let colon = keyColon(line, maxIndent: 3) else { return nil }
        let key = text(trimmed(line[line.startIndex..<colon])).lowercased()
        return (key, text(trimmed(line[(colon + 1)...])))
    }

    /// The index of the colon that ends a key after at most `maxIndent` spaces, or nil.
    static func keyColon(_ line: Line, maxIndent: Int) -> Int? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == 0x20 { index += 1 }
        guard index - line.startIndex <= maxIndent else { return nil }
        let keyStart = index
        while index < line.endIndex, isKeyByte(line[index]) { index += 1 }
        guard index > keyStart, index < line.endIndex, line[index] == 0x3A else { return nil }
        return index
    }
}
