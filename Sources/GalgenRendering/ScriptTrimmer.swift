/// Drops the comments and the indentation of a JavaScript module, leaving every token as it was: the
/// built-in theme's modules are written to be read (about a third of their bytes are comments), and a
/// visitor's browser needs none of that. This is no minifier: names, strings, line breaks and the
/// spaces between tokens stay, so automatic semicolon insertion and error line numbers behave alike.
///
/// The lexing follows the language where it matters here: strings, template literals (with `${…}`
/// nesting), regular expression literals (told from division by the token before, as JavaScript
/// lexers do), line and block comments. galgen applies it to every `.js`/`.mjs` asset, the built-in
/// theme's (which the browser tests load) and a site's alike, so an ejected theme builds the same site.
///
/// While it trims, it notes the relative module specifiers of the output (`import … from './x.js'`,
/// `export … from '…'`, `import '…'`, `import('…')`; not ones in comments, other strings, template
/// literals or after a property name like `obj.from`), for ``AssetSet`` to rewrite.
enum ScriptTrimmer {
    /// A module specifier in the trimmed output.
    struct Specifier: Equatable {
        /// Its bytes in the output, without the quotes.
        var range: Range<Int>
        /// `import … from` / `export … from` / `import '…'`, not `import(…)`.
        var isStatic: Bool
    }

    /// The trimmed bytes.
    static func trim(_ s: [UInt8]) -> [UInt8] { trimmed(s).bytes }

    /// The trimmed bytes and the relative specifiers (starting `./` or `../`) in them.
    static func trimmed(_ s: [UInt8]) -> (bytes: [UInt8], specifiers: [Specifier]) {
        var lexer = Lexer(s)
        lexer.run()
        return (lexer.out, lexer.specifiers)
    }

    /// One pass over a module: the input, the output so far and what the lexer remembers of the
    /// tokens before (to tell a regular expression from a division and a specifier from a string).
    private struct Lexer {
        let s: [UInt8]
        let n: Int
        var i = 0
        var out: [UInt8] = []
        var specifiers: [Specifier] = []
        var keyword: [UInt8] = []      // the last word when it is not a property name (`x.from`)
        var importParen = false        // just after `import(`
        var lineStart = true           // only whitespace written since the last line break
        var lastSignificant: UInt8 = UInt8(ascii: "\n")
        var lastWord: [UInt8] = []
        var templateDepth: [Int] = []  // brace depth at each `${` of the template literals open
        var braces = 0

        init(_ s: [UInt8]) {
            self.s = s
            self.n = s.count
            out.reserveCapacity(s.count)
        }

        mutating func run() {
            while i < n {
                let c = s[i]
                if c == newline { lineBreak(c); continue }
                if c == 0x20 || c == 0x09 || c == 0x0D {
                    if !lineStart { out.append(c) }
                    i += 1
                    continue
                }
                if c == slash, i + 1 < n, s[i + 1] == slash { lineComment(); continue }
                if c == slash, i + 1 < n, s[i + 1] == star { blockComment(); continue }
                lineStart = false
                if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") { quoted(c); continue }
                if c == UInt8(ascii: "`") {
                    keyword = []; importParen = false
                    out.append(c); i += 1
                    templateText()
                    continue
                }
                if c == UInt8(ascii: "}"), let depth = templateDepth.last, braces - 1 == depth {
                    templateDepth.removeLast()
                    braces -= 1
                    out.append(c); i += 1
                    templateText()
                    continue
                }
                if c == slash, regexAllowed() { regex(); continue }
                if Self.isIdent(c) { word(); continue }
                punctuator(c)
            }
        }

        private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        private let newline = UInt8(ascii: "\n")

        private static func isIdent(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24 || c >= 0x80
        }

        private func regexAllowed() -> Bool {
            if !lastWord.isEmpty {
                let keywords = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]
                return keywords.contains(String(decoding: lastWord, as: UTF8.self))
            }
            return Array("(,=:[!&|?{};+-*%<>~^\n".utf8).contains(lastSignificant)
        }

        /// A line break: none for a blank line, only after something was written on the line.
        private mutating func lineBreak(_ c: UInt8) {
            if !lineStart { out.append(c) }
            lineStart = true
            if lastSignificant != newline { lastSignificant = newline }
            lastWord = []
            i += 1
        }

        /// `// …` up to the line break, and the spaces before it.
        private mutating func lineComment() {
            while i < n, s[i] != newline { i += 1 }
            while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
        }

        /// `/* … */`: a line break if it spanned lines, else a space between the tokens around it.
        private mutating func blockComment() {
            var j = i + 2
            var spansLines = false
            while j + 1 < n, !(s[j] == star && s[j + 1] == slash) { if s[j] == newline { spansLines = true }; j += 1 }
            i = min(n, j + 2)
            if spansLines, !lineStart { out.append(newline); lineStart = true; lastSignificant = newline; lastWord = [] }
            else if !lineStart, let last = out.last, last != 0x20 { out.append(0x20) }
        }

        /// A string in quotes `c`, noted as a specifier when it follows `from`, `import` or `import(`.
        private mutating func quoted(_ c: UInt8) {
            out.append(c); i += 1
            let start = out.count
            while i < n, s[i] != c, s[i] != newline {
                if s[i] == backslash, i + 1 < n { out.append(s[i]); i += 1 }
                out.append(s[i]); i += 1
            }
            let wanted = importParen || keyword == Array("from".utf8) || keyword == Array("import".utf8)
            if wanted, ScriptTrimmer.isRelative(out[start...]) {
                specifiers.append(Specifier(range: start..<out.count, isStatic: !importParen))
            }
            if i < n, s[i] == c { out.append(c); i += 1 }
            lastSignificant = c; lastWord = []; keyword = []; importParen = false
        }

        /// Copies a template literal's text from `i` (after the backtick or a `}` closing `${`) up to the
        /// closing backtick or the next `${`.
        private mutating func templateText() {
            while i < n {
                let c = s[i]
                if c == backslash, i + 1 < n { out += s[i...(i + 1)]; i += 2; continue }
                if c == UInt8(ascii: "`") { out.append(c); i += 1; lastSignificant = c; lastWord = []; return }
                if c == UInt8(ascii: "$"), i + 1 < n, s[i + 1] == UInt8(ascii: "{") {
                    out += s[i...(i + 1)]; i += 2
                    templateDepth.append(braces)
                    braces += 1
                    lastSignificant = UInt8(ascii: "{"); lastWord = []
                    return
                }
                out.append(c); i += 1
            }
        }

        /// A regular expression literal and its flags.
        private mutating func regex() {
            out.append(slash); i += 1
            var inClass = false
            while i < n, s[i] != newline {
                let r = s[i]
                if r == backslash, i + 1 < n { out += s[i...(i + 1)]; i += 2; continue }
                out.append(r); i += 1
                if r == UInt8(ascii: "[") { inClass = true } else if r == UInt8(ascii: "]") { inClass = false }
                else if r == slash, !inClass { break }
            }
            while i < n, Self.isIdent(s[i]) { out.append(s[i]); i += 1 }   // flags
            lastSignificant = UInt8(ascii: "a"); lastWord = Array("/re/".utf8); keyword = []; importParen = false
        }

        /// A name, keyword or number.
        private mutating func word() {
            let start = i
            while i < n, Self.isIdent(s[i]) { i += 1 }
            lastWord = Array(s[start..<i])
            keyword = out.last == UInt8(ascii: ".") ? [] : lastWord
            out += s[start..<i]
            lastSignificant = s[i - 1]
            importParen = false
        }

        /// Any other character.
        private mutating func punctuator(_ c: UInt8) {
            if c == UInt8(ascii: "{") { braces += 1 }
            if c == UInt8(ascii: "}") { braces -= 1 }
            importParen = c == UInt8(ascii: "(") && keyword == Array("import".utf8)
            out.append(c); i += 1
            lastSignificant = c; lastWord = []; keyword = []
        }
    }

    /// `./…` or `../…`.
    fileprivate static func isRelative(_ spec: ArraySlice<UInt8>) -> Bool {
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        let b = Array(spec.prefix(3))
        return (b.count >= 2 && b[0] == dot && b[1] == slash) || (b.count == 3 && b[0] == dot && b[1] == dot && b[2] == slash)
    }
}
