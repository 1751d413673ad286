/// Hugo-style front matter: the YAML subset described at ``Sidecar/parse(_:)``.
enum FrontMatter {
    /// How lines indented under a key join its value.
    private enum Continuation { case folded, literal, list }

    /// Reads the lines up to the closing line starting at offset `end`, then moves past that line.
    static func read(_ lines: inout SidecarLines, until end: Int, into meta: inout MetaValues) {
        var current: (key: String, style: Continuation, started: Bool)?
        while lines.offset < end, let line = lines.peek() {
            lines.skip()
            let content = SidecarLines.trimmed(line)
            if content.isEmpty || content.first == 0x23 { continue }
            let indent = SidecarLines.indentWidth(line)
            if content.first == 0x2D, content.count == 1 || content.dropFirst().first == 0x20, let key = current?.key {
                meta.append(scalar(SidecarLines.trimmed(content.dropFirst())), to: key)
                current?.style = .list
                current?.started = true
            } else if indent > 0, let (key, style, started) = current, style != .list {
                let text = SidecarLines.text(content)
                if !started {
                    meta.append(text, to: key)
                    current?.started = true
                } else if style == .literal {
                    meta.append(text, to: key)
                } else {
                    meta.amendLast(of: key) { $0 += " " + text }
                }
            } else if indent == 0, let colon = SidecarLines.keyColon(line, maxIndent: 0) {
                let key = SidecarLines.text(line[line.startIndex..<colon]).lowercased()
                let raw = SidecarLines.trimmed(line[(colon + 1)...])
                current = begin(key, raw, into: &meta)
            } else {
                current = nil
            }
        }
        lines.skip()
    }

    /// Records a key's value from its own line; what continues it on the next lines.
    private static func begin(_ key: String, _ raw: SidecarLines.Line, into meta: inout MetaValues) -> (key: String, style: Continuation, started: Bool) {
        let stripped = withoutComment(raw)
        if stripped.isEmpty { return (key, .folded, false) }
        if stripped.elementsEqual("|".utf8) || stripped.elementsEqual("|-".utf8) { return (key, .literal, false) }
        if stripped.elementsEqual(">".utf8) || stripped.elementsEqual(">-".utf8) { return (key, .folded, false) }
        if raw.first == 0x5B, let items = flowList(raw) {
            if items.isEmpty { meta.append("", to: key) }
            for item in items { meta.append(item, to: key) }
            return (key, .list, true)
        }
        meta.append(scalar(raw), to: key)
        return (key, .folded, true)
    }

    /// A plain, double-quoted or single-quoted scalar (trimmed input), comment dropped; an unclosed
    /// quote is kept as written.
    static func scalar(_ raw: SidecarLines.Line) -> String {
        if raw.first == 0x22 || raw.first == 0x27, let (value, end) = quoted(raw, from: raw.startIndex),
           withoutComment(raw[end...]).isEmpty {
            return value
        }
        return SidecarLines.text(withoutComment(raw))
    }

    /// `raw` up to a ` #` comment, trimmed.
    private static func withoutComment(_ raw: SidecarLines.Line) -> SidecarLines.Line {
        var index = raw.startIndex
        while index < raw.endIndex {
            if raw[index] == 0x23, index == raw.startIndex || SidecarLines.isSpace(raw[index - 1]) {
                return SidecarLines.trimmed(raw[raw.startIndex..<index])
            }
            index += 1
        }
        return SidecarLines.trimmed(raw)
    }

    /// The items of `[a, "b, c", 'd']`, or nil when the brackets do not close the value.
    private static func flowList(_ raw: SidecarLines.Line) -> [String]? {
        var items: [String] = []
        var index = raw.startIndex + 1
        var itemStart = index
        while index < raw.endIndex {
            let byte = raw[index]
            if (byte == 0x22 || byte == 0x27), SidecarLines.trimmed(raw[itemStart..<index]).isEmpty {
                guard let (_, end) = quoted(raw, from: index) else { return nil }
                index = end
                continue
            }
            if byte == 0x5B || byte == 0x7B { return nil }
            if byte == 0x2C || byte == 0x5D {
                let item = SidecarLines.trimmed(raw[itemStart..<index])
                if !item.isEmpty { items.append(scalar(item)) } else if byte == 0x2C { return nil }
                if byte == 0x5D { return withoutComment(raw[(index + 1)...]).isEmpty ? items : nil }
                itemStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// The quoted string starting at `start` and the index after its closing quote, or nil if unclosed.
    private static func quoted(_ raw: SidecarLines.Line, from start: Int) -> (String, Int)? {
        let quote = raw[start]
        var out: [UInt8] = []
        var index = start + 1
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == quote {
                if quote == 0x27, index + 1 < raw.endIndex, raw[index + 1] == 0x27 {
                    out.append(0x27)
                    index += 2
                    continue
                }
                return (String(decoding: out, as: UTF8.self), index + 1)
            }
            if quote == 0x22, byte == 0x5C, index + 1 < raw.endIndex {
                index = escape(raw, at: index + 1, into: &out)
                continue
            }
            out.append(byte)
            index += 1
        }
        return nil
    }

    /// Decodes the escape whose letter is at `index`; returns the index after it.
    private static func escape(_ raw: SidecarLines.Line, at index: Int, into out: inout [UInt8]) -> Int {
        let simple: [UInt8: UInt8] = [0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D, 0x30: 0x00, 0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x20: 0x20]
        let letter = raw[index]
        if let byte = simple[letter] {
            out.append(byte)
            return index + 1
        }
        let digits = letter == 0x78 ? 2 : letter == 0x75 ? 4 : letter == 0x55 ? 8 : 0
        let hexEnd = index + 1 + digits
        if digits > 0, hexEnd <= raw.endIndex,
           let code = UInt32(SidecarLines.text(raw[(index + 1)..<hexEnd]), radix: 16), let scalar = Unicode.Scalar(code) {
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            return hexEnd
        }
        out.append(contentsOf: [0x5C, letter])
        return index + 1
    }
}
