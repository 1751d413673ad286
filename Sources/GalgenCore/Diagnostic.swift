/// A problem found during a build: a record, image or page that was skipped, replaced by a
/// placeholder, or changed. Every diagnostic is listed in the build report.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How bad it is. Both kinds fail a `--strict` build.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// Rendered anyway (with a placeholder or a fallback).
        case warning
        /// Dropped from the output.
        case error
    }

    /// How bad it is.
    public var severity: Severity
    /// A stable identifier of the problem class, e.g. `record.duplicate-id`.
    public var code: String
    /// What it is about: a source and record, a file, a page.
    public var subject: String
    /// What is wrong and what galgen did about it.
    public var message: String

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How bad it is.
    ///   - code: Stable identifier of the problem class.
    ///   - subject: What it is about.
    ///   - message: What is wrong and what was done.
    public init(_ severity: Severity, code: String, subject: String, message: String) {
        self.severity = severity
        self.code = code
        self.subject = subject
        self.message = message
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String { "\(severity.rawValue): \(subject): \(message) [\(code)]" }
}
