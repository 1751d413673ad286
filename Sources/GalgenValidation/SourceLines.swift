/// The page's text by line, for turning libxml2's line numbers into columns and for the checks that read text.
///
/// Lines are found in the UTF-8 bytes. A line ends at every LF that does not follow a CR: columns count
/// Characters, and a CR LF pair is one Character, so it has never ended a line here (a page with CR LF line
/// ends is one line).
struct SourceLines {
    /// The page's text.
    let text: String
    /// Its UTF-8 bytes (also what libxml2 parses).
    let bytes: [UInt8]
    /// The byte offset where each line starts; the first is 0.
    private let starts: [Int]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && (i == 0 || bytes[i - 1] != UInt8(ascii: "\r")) {
            starts.append(i + 1)
        }
        self.starts = starts
    }

    /// The number of lines.
    var count: Int { starts.count }

    /// The bytes of the 1-based line `line`, without its LF.
    func range(ofLine line: Int) -> Range<Int> {
        starts[line - 1]..<(line < starts.count ? starts[line] - 1 : bytes.count)
    }
}

extension SourceLines {
    /// The 1-based column of the `occurrence`-th start tag `<name` on `line` (the name must end there), or 0.
    /// Searches bytes; only a match is counted in characters.
    func column(ofTag name: String, line: Int, occurrence: Int) -> Int {
        guard line >= 1, line <= count else { return 0 }
        let range = range(ofLine: line)
        let needle = Array(("<" + name).utf8)
        var found = 0
        var i = range.lowerBound
        while i + needle.count <= range.upperBound {
            if bytes[i] == UInt8(ascii: "<") && bytes[i..<(i + needle.count)].elementsEqual(needle) {
                let next = i + needle.count < range.upperBound ? bytes[i + needle.count] : UInt8(ascii: " ")
                if next == UInt8(ascii: " ") || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == UInt8(ascii: "\t") {
                    if found == occurrence { return characterColumn(line: line, byteOffset: i) }
                    found += 1
                }
            }
            i += 1
        }
        return 0
    }

    /// The 1-based character column of the byte at `byteOffset` (an offset into the page) on `line`.
    func characterColumn(line: Int, byteOffset: Int) -> Int {
        let utf8 = text.utf8
        let lineStart = utf8.index(utf8.startIndex, offsetBy: range(ofLine: line).lowerBound)
        return text[lineStart..<utf8.index(utf8.startIndex, offsetBy: byteOffset)].count + 1
    }
}
