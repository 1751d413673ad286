import GalgenRendering
import GalgenValidation

extension TemplateOrigins {
    /// Sets a problem's ``ValidationIssue/origin`` (and its message with the page lines it names,
    /// `b line 31`, told as template lines, `b footer.mustache:3`) when a template line explains it.
    /// - Parameters:
    ///   - issue: A problem of the page.
    ///   - lines: The page's lines.
    func explain(_ issue: inout ValidationIssue, lines: [Substring]) {
        guard (1...max(1, lines.count)).contains(issue.line), issue.line <= lines.count,
              let origin = origin(of: lines[issue.line - 1]) else { return }
        issue.origin = origin
        issue.originMessage = issue.message.replacing(/line (\d+)/) { match in
            guard let n = Int(match.output.1), (1...max(1, lines.count)).contains(n), n <= lines.count,
                  let named = self.origin(of: lines[n - 1]) else { return "another line" }
            return named.split(separator: "/").last.map(String.init) ?? named
        }
    }
}
