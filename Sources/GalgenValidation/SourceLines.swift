/// The page's text by line, for turning libxml2's line numbers into columns.
struct SourceLines {
    let lines: [Substring]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}

extension SourceLines {
    /// The 1-based column of the `occurrence`-th start tag `<name` on `line` (the name must end there), or 0.
    /// Searches bytes (called for every element of every page); only a match is counted in characters.
    func column(ofTag name: String, line: Int, occurrence: Int) -> Int {
        guard line >= 1, line <= lines.count else { return 0 }
        let text = lines[line - 1]
        let needle = Array(("<" + name).utf8)
        let bytes = Array(text.utf8)
        var found = 0
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == UInt8(ascii: "<") && bytes[i..<(i + needle.count)].elementsEqual(needle) {
                let next = i + needle.count < bytes.count ? bytes[i + needle.count] : UInt8(ascii: " ")
                if next == UInt8(ascii: " ") || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == UInt8(ascii: "\t") {
                    if found == occurrence { return Self.characterColumn(text, byteOffset: i) }
                    found += 1
                }
            }
            i += 1
        }
        return 0
    }

    /// The 1-based character column of a byte offset in a line.
    static func characterColumn(_ text: Substring, byteOffset: Int) -> Int {
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: byteOffset)
        return text[..<index].count + 1
    }
}
