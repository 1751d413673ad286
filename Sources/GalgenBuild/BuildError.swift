public import GalgenConfig
public import GalgenValidation

/// A build that could not finish: which step, what went wrong. Nothing was published.
public struct BuildError: Error, Sendable, CustomStringConvertible {
    /// Why the build stopped.
    public enum Reason: Sendable {
        /// The config file is missing or invalid (a usage problem: exit code 2).
        case config(ConfigError)
        /// Generated pages failed validation.
        case invalidPages([ValidationIssue])
        /// Anything else: unreadable source, template error, disk error.
        case failed(String)
        /// Options that cannot work with this config (a shard with no remote cache): exit code 2.
        case usage(String)
    }

    /// The step that failed, e.g. ``StepName/records``.
    public var step: StepName {
        get { named ?? .config }
        set { named = newValue }
    }
    /// The step, once known: an error thrown inside a step is named by ``SiteBuilder`` unless it
    /// names a check of its own.
    var named: StepName?
    /// Why.
    public var reason: Reason
    /// The report of the steps that ran before the failure, with ``BuildReport/fatal`` set
    /// (set by ``SiteBuilder``; nil elsewhere).
    public var report: BuildReport?

    /// Creates an error.
    /// - Parameters:
    ///   - step: The failing step.
    ///   - reason: Why.
    public init(step: StepName, _ reason: Reason) {
        self.init(named: step, reason)
    }

    init(named: StepName?, _ reason: Reason) {
        self.named = named
        self.reason = reason
    }

    /// Whether the config is at fault (as opposed to the build).
    public var isConfigError: Bool {
        switch reason {
        case .config, .usage: true
        case .failed, .invalidPages: false
        }
    }

    /// The failure as the report records it.
    public var fatal: BuildReport.Fatal {
        switch reason {
        case .config(let e): BuildReport.Fatal(step: step.rawValue, message: e.description, issues: [])
        case .failed(let message), .usage(let message): BuildReport.Fatal(step: step.rawValue, message: message, issues: [])
        case .invalidPages(let issues):
            BuildReport.Fatal(step: step.rawValue, message: "\(issues.count) problem\(issues.count == 1 ? "" : "s") in generated pages; nothing was published",
                              issues: issues.map(\.description))
        }
    }

    public var description: String {
        switch reason {
        case .config(let e): return "[\(step.rawValue)] \(e)"
        case .failed(let message), .usage(let message): return "[\(step.rawValue)] \(message)"
        case .invalidPages(let issues):
            let (lines, templateLines) = Self.grouped(issues)
            let shown = lines.prefix(50).map { "  \($0)" }.joined(separator: "\n")
            let more = lines.count > 50 ? "\n  … and \(lines.count - 50) more" : ""
            let from = templateLines == 0 ? "" : " (traced to \(templateLines) template line\(templateLines == 1 ? "" : "s"), each named once)"
            return "[\(step.rawValue)] \(issues.count) problem\(issues.count == 1 ? "" : "s") in generated pages\(from); nothing was published:\n\(shown)\(more)"
        }
    }

    /// One line per template line that explains problems, in the order first met (`footer.mustache:3:
    /// message [code] (in 44 pages, first 404.html:31:10)`; a line with several messages shows the
    /// first and counts the others); problems no template line explains, one line each as before.
    /// Once a page's markup is broken at a template line, the parser's later complaints about that
    /// page (`not-well-formed` at `</body>`, …) follow from it: they are counted on that line, not listed.
    /// - Returns: The lines, and how many of them are template lines.
    static func grouped(_ issues: [ValidationIssue]) -> (lines: [String], templateLines: Int) {
        struct Group {
            var first: ValidationIssue
            var messages: [String] = []
            var pages: Set<String> = []
            var followOns = 0
        }
        var order: [String] = []
        var groups: [String: Group] = [:]
        var brokenAt: [String: String] = [:]  // page → the template line whose markup broke it
        for issue in issues {
            if issue.code == "not-well-formed", let origin = brokenAt[issue.page], origin != issue.origin {
                groups[origin]?.followOns += 1
                continue
            }
            guard let origin = issue.origin else {
                order.append(issue.description)
                continue
            }
            if issue.code == "not-well-formed" && brokenAt[issue.page] == nil { brokenAt[issue.page] = origin }
            let message = issue.originMessage ?? issue.message
            if groups[origin] == nil {
                groups[origin] = Group(first: issue)
                order.append(origin)
            }
            if groups[origin]?.messages.contains(message) == false { groups[origin]?.messages.append(message) }
            groups[origin]?.pages.insert(issue.page)
        }
        let lines = order.map { key in
            guard let group = groups[key], let first = group.messages.first else { return key }
            let n = group.pages.count, others = group.messages.count - 1
            var more = others > 0 ? "; \(others) more message\(others == 1 ? "" : "s") on this line" : ""
            if group.followOns > 0 { more += "; \(group.followOns) later problem\(group.followOns == 1 ? "" : "s") of the same pages follow from it" }
            return "\(key): \(first) [\(group.first.code)] (in \(n) page\(n == 1 ? "" : "s"), first \(group.first.page):\(group.first.line):\(group.first.column)\(more))"
        }
        return (lines, groups.count)
    }
}
