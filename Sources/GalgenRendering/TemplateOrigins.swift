/// Finds the template line a line of a rendered page came from, so a problem the validator finds
/// in hundreds of pages can be named once, by the template file and line that made it.
///
/// The renderer (swift-mustache) does not record where output bytes come from, so each template
/// line is turned into a pattern instead: its literal text in order, with every tag (and whatever a
/// section on that line may or may not print) as a gap of any length. A page line is explained by
/// a template line when that pattern matches the whole page line (indentation aside) and no other
/// template line's pattern with as much literal text matches it; lines with little literal text
/// (`</li>`, `{{title}}`) explain nothing. A problem that no template line explains keeps its page
/// and line only.
public struct TemplateOrigins: Sendable {
    /// One template line as a pattern.
    struct Pattern: Sendable {
        /// `file:line` of the template line.
        var origin: String
        /// The literal pieces printed whatever the data, in order.
        var literals: [String]
        /// Whether the line starts and ends with literal text (rather than a tag).
        var anchoredStart: Bool
        var anchoredEnd: Bool
        /// Characters of literal text other than spaces: how specific the pattern is.
        var weight: Int
    }

    /// Template lines with less literal text than this explain nothing.
    static let minimumWeight = 6

    let patterns: [Pattern]

    /// Makes the patterns of every line of the templates.
    /// - Parameter templates: Each template's location (its file, or its place in the built-in theme) and text.
    public init(templates: [(location: String, text: String)]) {
        var patterns: [Pattern] = []
        for template in templates {
            for (index, line) in template.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let pattern = Self.pattern(Substring(line), origin: "\(template.location):\(index + 1)") { patterns.append(pattern) }
            }
        }
        self.patterns = patterns
    }

    /// The template line that made `line` of a page (`file:line`), or nil when none explains it alone.
    /// - Parameter line: One line of a rendered page.
    public func origin(of line: Substring) -> String? {
        let text = Self.trimmed(line)
        guard !text.isEmpty else { return nil }
        var best: (origin: String, weight: Int)?
        var tied = false
        for pattern in patterns where Self.matches(pattern, text) {
            if let current = best, pattern.weight <= current.weight {
                if pattern.weight == current.weight { tied = true }
                continue
            }
            best = (pattern.origin, pattern.weight)
            tied = false
        }
        return tied ? nil : best?.origin
    }

    /// The pattern of one template line, or nil when it has too little literal text.
    static func pattern(_ line: Substring, origin: String) -> Pattern? {
        var literals: [String] = []
        var current = ""
        var depth = 0
        var startsLiteral: Bool?
        var endsLiteral = false
        var rest = trimmed(line)
        while !rest.isEmpty {
            if rest.hasPrefix("{{"), let close = rest.range(of: "}}") {
                let tag = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound].drop { $0 == " " }
                if depth == 0 && !current.isEmpty { literals.append(current) }
                current = ""
                if startsLiteral == nil { startsLiteral = false }
                endsLiteral = false
                if tag.hasPrefix("#") || tag.hasPrefix("^") {
                    depth += 1
                } else if tag.hasPrefix("/") {
                    depth = max(0, depth - 1)
                }
                rest = rest[close.upperBound...]
                continue
            }
            if depth == 0 {
                current.append(rest.first!)
                if startsLiteral == nil { startsLiteral = true }
                endsLiteral = true
            }
            rest = rest.dropFirst()
        }
        if depth == 0 && !current.isEmpty { literals.append(current) }
        let weight = literals.reduce(0) { $0 + $1.count { !$0.isWhitespace } }
        guard weight >= minimumWeight else { return nil }
        return Pattern(origin: origin, literals: literals, anchoredStart: startsLiteral == true, anchoredEnd: endsLiteral, weight: weight)
    }

    /// Whether a pattern matches a whole (trimmed) page line.
    static func matches(_ pattern: Pattern, _ text: Substring) -> Bool {
        var position = text.startIndex
        for (index, literal) in pattern.literals.enumerated() {
            let isFirst = index == 0, isLast = index == pattern.literals.count - 1
            if isFirst && pattern.anchoredStart {
                guard text.hasPrefix(literal) else { return false }
                position = text.index(text.startIndex, offsetBy: literal.count)
            } else if isLast && pattern.anchoredEnd {
                guard text[position...].hasSuffix(literal) else { return false }
                position = text.endIndex
            } else {
                guard let found = text[position...].range(of: literal) else { return false }
                position = found.upperBound
            }
            if isLast && pattern.anchoredEnd && position != text.endIndex { return false }
        }
        if pattern.literals.count == 1 && pattern.anchoredStart && pattern.anchoredEnd { return position == text.endIndex }
        return true
    }

    private static func trimmed(_ line: Substring) -> Substring {
        let start = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        var end = start.endIndex
        while end > start.startIndex, [" ", "\t", "\r"].contains(start[start.index(before: end)]) { end = start.index(before: end) }
        return start[..<end]
    }
}
