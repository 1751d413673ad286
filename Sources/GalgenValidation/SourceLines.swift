/// The page's text by line, for turning libxml2's line numbers into columns.
struct SourceLines {
    let lines: [Substring]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}

extension SourceLines {
    /// The 1-based column of the `occurrence`-th start tag `<name` on `line` (the name must end there), or 0.
    func column(ofTag name: String, line: Int, occurrence: Int) -> Int {
        guard line >= 1, line <= lines.count else { return 0 }
        let chars = Array(lines[line - 1])
        let needle = Array("<" + name)
        var found = 0
        var i = 0
        while i + needle.count <= chars.count {
            if Array(chars[i..<i + needle.count]) == needle {
                let next = i + needle.count < chars.count ? chars[i + needle.count] : " "
                if next == " " || next == ">" || next == "/" || next == "\t" {
                    if found == occurrence { return i + 1 }
                    found += 1
                }
            }
            i += 1
        }
        return 0
    }
}
