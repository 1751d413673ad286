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

    /// The step that failed, e.g. `records`.
    public var step: String
    /// Why.
    public var reason: Reason
    /// The report of the steps that ran before the failure, with ``BuildReport/fatal`` set
    /// (set by ``SiteBuilder``; nil elsewhere).
    public var report: BuildReport?

    /// Creates an error.
    /// - Parameters:
    ///   - step: The failing step.
    ///   - reason: Why.
    public init(step: String, _ reason: Reason) {
        self.step = step
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
        case .config(let e): BuildReport.Fatal(step: step, message: e.description, issues: [])
        case .failed(let message), .usage(let message): BuildReport.Fatal(step: step, message: message, issues: [])
        case .invalidPages(let issues):
            BuildReport.Fatal(step: step, message: "\(issues.count) problem\(issues.count == 1 ? "" : "s") in generated pages; nothing was published",
                              issues: issues.map(\.description))
        }
    }

    public var description: String {
        switch reason {
        case .config(let e): return "[\(step)] \(e)"
        case .failed(let message), .usage(let message): return "[\(step)] \(message)"
        case .invalidPages(let issues):
            let shown = issues.prefix(50).map { "  \($0)" }.joined(separator: "\n")
            let more = issues.count > 50 ? "\n  … and \(issues.count - 50) more" : ""
            return "[\(step)] \(issues.count) problem\(issues.count == 1 ? "" : "s") in generated pages; nothing was published:\n\(shown)\(more)"
        }
    }
}
