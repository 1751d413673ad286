/// One problem in one page: where it is and what is wrong.
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    /// Page path below the site root.
    public var page: String
    /// 1-based line.
    public var line: Int
    /// 1-based column (0 when unknown).
    public var column: Int
    /// Stable class of problem, e.g. `duplicate-id`.
    public var code: String
    /// What is wrong.
    public var message: String
    /// The template line that made the page line (`file:line`), when one explains it (set by the build).
    public var origin: String?
    /// The message with the page lines it names replaced by the template lines that made them, the
    /// same for every page (set with ``origin``).
    public var originMessage: String?

    /// Creates an issue.
    /// - Parameters:
    ///   - page: Page path.
    ///   - line: Line.
    ///   - column: Column.
    ///   - code: Class of problem.
    ///   - message: What is wrong.
    public init(page: String, line: Int, column: Int, code: String, message: String) {
        self.page = page
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    public var description: String { "\(page):\(line):\(column): \(message) [\(code)]" }
}
