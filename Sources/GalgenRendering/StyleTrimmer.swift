/// Drops the comments, the indentation and the blank lines of a stylesheet, leaving every token as it was:
/// the built-in `style.css` is written to be read (a quarter of its bytes are comments), and a visitor's
/// browser needs none of that. Like ``ScriptTrimmer`` this is no minifier: rules, values and line breaks stay.
///
/// The lexing follows CSS Syntax where it matters here: strings in either quote (with escapes), an
/// unquoted `url(…)` (in which `/*` is part of the address) and comments. A comment is no whitespace in
/// CSS (`a/**/b` is two tokens, `ab` one), so one between two characters that would join is kept as `/**/`;
/// every other comment goes. galgen applies it to every `.css` asset, the built-in theme's and a site's
/// alike, as it trims every module, so an ejected theme builds the very same site.
enum StyleTrimmer {
    /// The trimmed bytes.
    /// - Parameter s: A stylesheet.
    /// - Returns: The stylesheet without comments, indentation, blanks at line ends and blank lines.
    static func trim(_ s: [UInt8]) -> [UInt8] {
        var lexer = Lexer(s)
        lexer.run()
        return lexer.out
    }

    /// One pass over a stylesheet: the input and the output so far.
    private struct Lexer {
        let s: [UInt8]
        let n: Int
        var i = 0
        var out: [UInt8] = []
        var lineStart = true           // nothing written since the last line break

        init(_ s: [UInt8]) {
            self.s = s
            self.n = s.count
            out.reserveCapacity(s.count)
        }

        mutating func run() {
            while i < n {
                let c = s[i]
                if c == newline {
                    dropTrailingBlanks()
                    if !lineStart { out.append(newline) }
                    lineStart = true
                    i += 1
                } else if Self.isBlank(c) {
                    if !lineStart { out.append(c) }
                    i += 1
                } else if c == slash, i + 1 < n, s[i + 1] == star {
                    comment()
                } else {
                    lineStart = false
                    if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") { quoted(c) }
                    else if Self.isName(c) { name() }
                    else { out.append(c); i += 1 }
                }
            }
            dropTrailingBlanks()
        }

        private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        private let newline = UInt8(ascii: "\n")

        private static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0C }

        /// A byte of a name (letters, digits, `-`, `_`, anything outside ASCII).
        private static func isName(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F || c >= 0x80
        }

        private mutating func dropTrailingBlanks() {
            while let last = out.last, Self.isBlank(last) { out.removeLast() }
        }

        /// Characters that end a token before a comment (`(`, `,`, a quote…) whatever follows it.
        private static let endsToken: Set<UInt8> = Set("(){}[],;:\"'".utf8)
        /// Characters that start a token after a comment whatever is before it (not `(`: `url/**/(` is no `url(`).
        private static let startsToken: Set<UInt8> = Set("){}[],;:\"'".utf8)

        /// `/* … */`, gone unless it keeps two tokens apart (`a/**/b`, `0/**/1px`: then `/**/`).
        private mutating func comment() {
            var j = i + 2
            while j + 1 < n, !(s[j] == star && s[j + 1] == slash) { j += 1 }
            i = min(n, j + 2)
            let before = lineStart ? nil : out.last, after = i < n ? s[i] : nil
            let touchesBefore = before.map { !Self.isBlank($0) && !Self.endsToken.contains($0) } == true
            let touchesAfter = after.map { !Self.isBlank($0) && $0 != newline && !Self.startsToken.contains($0) } == true
            if touchesBefore && touchesAfter {
                out += Array("/**/".utf8)
            } else if !lineStart, out.last.map(Self.isBlank) == true {
                while i < n, Self.isBlank(s[i]) { i += 1 }   // one blank is enough
            }
        }

        /// A string in quotes `c`, as written (it ends at its quote or, unclosed, at the line's end).
        private mutating func quoted(_ c: UInt8) {
            out.append(c); i += 1
            while i < n, s[i] != c, s[i] != newline {
                if s[i] == backslash, i + 1 < n { out.append(s[i]); i += 1 }
                out.append(s[i]); i += 1
            }
            if i < n, s[i] == c { out.append(c); i += 1 }
        }

        /// A name (with its escapes); `url(` followed by an unquoted address copies the address as written.
        private mutating func name() {
            let start = i
            while i < n, Self.isName(s[i]) || s[i] == backslash {
                if s[i] == backslash, i + 1 < n { i += 1 }
                i += 1
            }
            out += s[start..<i]
            guard i < n, s[i] == UInt8(ascii: "("), String(decoding: s[start..<i], as: UTF8.self).lowercased() == "url" else { return }
            var j = i + 1
            while j < n, Self.isBlank(s[j]) || s[j] == newline { j += 1 }
            guard j < n, s[j] != UInt8(ascii: "'"), s[j] != UInt8(ascii: "\"") else { return }
            out += s[i..<j]
            i = j
            while i < n, s[i] != UInt8(ascii: ")"), s[i] != newline {
                if s[i] == backslash, i + 1 < n { out.append(s[i]); i += 1 }
                out.append(s[i]); i += 1
            }
            if i < n, s[i] == UInt8(ascii: ")") { out.append(s[i]); i += 1 }
        }
    }
}
