/// Drops the comments, the indentation, the blanks at line ends and the blank lines of a JavaScript module,
/// leaving every token as it was: the built-in theme's modules are written to be read (about a third of
/// their bytes are comments), and a visitor's browser needs none of that. This is no minifier: names,
/// strings, the spaces between tokens and the line breaks between code lines stay, and a comment that
/// spans lines leaves a line break, so automatic semicolon insertion behaves alike (`return /*…*/` over
/// two lines still returns nothing).
///
/// The lexing follows the language where it matters here: strings, template literals (with `${…}`
/// nesting; their text is copied as it is, `//` and `/*` included), regular expression literals and
/// line and block comments. A `/` starts a regular expression where the token before cannot end an
/// operand (an operator, `(`, `,`, `{`, `}`, `;`, the start, or a word such as `return`, `typeof`, `case`,
/// `in`, `of`, not after a `.`), and after the `)` of `if (…)`, `while (…)`, `for (…)` and `with (…)`;
/// line breaks and comments are no tokens there. galgen applies it to every `.js`/`.mjs` asset, the
/// built-in theme's (which the browser tests load) and a site's alike, so an ejected theme builds the same site.
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
    /// token before (to tell a regular expression from a division and a specifier from a string). Line
    /// breaks and comments are no tokens: they leave that memory as it was.
    private struct Lexer {
        let s: [UInt8]
        let n: Int
        var i = 0
        var out: [UInt8] = []
        var specifiers: [Specifier] = []
        var keyword: [UInt8] = []      // the token before when it is a word and not a property name (`x.from`)
        var importParen = false        // just after `import(`
        var lineStart = true           // nothing written since the last line break
        var slashIsRegex = true        // a `/` here starts a regular expression: at the start, after `=`, `(`, `return`, …
        var parens: [Bool] = []        // for each `(` open: whether it follows `if`, `while`, `for` or `with`
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
                if c == newline { lineBreak(); continue }
                if c == space || c == tab || c == 0x0D {
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
                if c == slash, slashIsRegex { regex(); continue }
                if Self.isIdent(c) { word(); continue }
                punctuator(c)
            }
            dropTrailingBlanks()
        }

        private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        private let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

        /// Words after which a `/` starts a regular expression (`return /x/`); after any other a division.
        private static let regexKeywords: Set<[UInt8]> = Set(["return", "typeof", "instanceof", "in", "of", "new", "delete",
                                                                 "void", "throw", "case", "do", "else", "yield", "await"].map { Array($0.utf8) })
        /// Words whose parenthesis a statement follows: `if (x) /re/.test(y)`.
        private static let controlKeywords: Set<[UInt8]> = Set(["if", "while", "for", "with"].map { Array($0.utf8) })
        /// Punctuators after which a `/` starts a regular expression: operators (a division's `/` too) and
        /// openers; `)` and `]` end an operand, so a division follows them.
        private static let beforeRegex: Set<UInt8> = Set("(,=:[!&|?{};+-*/%<>~^".utf8)

        private static func isIdent(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24 || c >= 0x80
        }

        /// Spaces and tabs at the end of the output (before a line break or the end): never part of a token.
        private mutating func dropTrailingBlanks() {
            while let last = out.last, last == space || last == tab { out.removeLast() }
        }

        /// A line break: none for a blank line, only after something was written on the line.
        private mutating func lineBreak() {
            if !lineStart {
                dropTrailingBlanks()
                out.append(newline)
            }
            lineStart = true
            i += 1
        }

        /// `// …` up to the line break, which stays.
        private mutating func lineComment() {
            while i < n, s[i] != newline { i += 1 }
        }

        /// `/* … */`: a line break if it spanned lines (automatic semicolon insertion counts one there:
        /// `return /*…\n…*/ x` returns nothing), else one space between the tokens around it.
        private mutating func blockComment() {
            var j = i + 2
            var spansLines = false
            while j + 1 < n, !(s[j] == star && s[j + 1] == slash) { if s[j] == newline { spansLines = true }; j += 1 }
            i = min(n, j + 2)
            guard !lineStart else { return }
            if spansLines {
                dropTrailingBlanks()
                out.append(newline)
                lineStart = true
            } else {
                if let last = out.last, last != space, last != tab { out.append(space) }
                while i < n, s[i] == space || s[i] == tab { i += 1 }   // one space is enough
            }
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
            slashIsRegex = false; keyword = []; importParen = false
        }

        /// Copies a template literal's text from `i` (after the backtick or a `}` closing `${`) up to the
        /// closing backtick or the next `${`.
        private mutating func templateText() {
            while i < n {
                let c = s[i]
                if c == backslash, i + 1 < n { out += s[i...(i + 1)]; i += 2; continue }
                if c == UInt8(ascii: "`") { out.append(c); i += 1; slashIsRegex = false; return }
                if c == UInt8(ascii: "$"), i + 1 < n, s[i + 1] == UInt8(ascii: "{") {
                    out += s[i...(i + 1)]; i += 2
                    templateDepth.append(braces)
                    braces += 1
                    slashIsRegex = true
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
            slashIsRegex = false; keyword = []; importParen = false
        }

        /// A name, keyword or number; after a `.` (not `...`) a property name, never a keyword.
        private mutating func word() {
            let start = i
            while i < n, Self.isIdent(s[i]) { i += 1 }
            let name = Array(s[start..<i])
            let dot = UInt8(ascii: ".")
            let property = out.last == dot && !(out.count >= 2 && out[out.count - 2] == dot)
            keyword = property ? [] : name
            slashIsRegex = !property && Self.regexKeywords.contains(name)
            out += name
            importParen = false
        }

        /// Any other character.
        private mutating func punctuator(_ c: UInt8) {
            var regexAfter = Self.beforeRegex.contains(c)
            switch c {
            case UInt8(ascii: "{"): braces += 1
            case UInt8(ascii: "}"): braces -= 1
            case UInt8(ascii: "("): parens.append(Self.controlKeywords.contains(keyword))
            case UInt8(ascii: ")"): regexAfter = parens.popLast() ?? false
            default: break
            }
            importParen = c == UInt8(ascii: "(") && keyword == Array("import".utf8)
            out.append(c); i += 1
            slashIsRegex = regexAfter; keyword = []
        }
    }

    /// `./…` or `../…`.
    fileprivate static func isRelative(_ spec: ArraySlice<UInt8>) -> Bool {
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        let b = Array(spec.prefix(3))
        return (b.count >= 2 && b[0] == dot && b[1] == slash) || (b.count == 3 && b[0] == dot && b[1] == dot && b[2] == slash)
    }
}
