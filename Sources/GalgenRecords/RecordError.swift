/// A source that cannot be read at all (as opposed to one bad record, which is a diagnostic).
public struct RecordError: Error, Sendable, CustomStringConvertible {
    /// The class of problem.
    public enum Code: String, Sendable {
        case unreadable
        case malformedJSON
        case itemsNotFound
    }

    /// The class of problem.
    public var code: Code
    /// The source's name.
    public var source: String
    /// The file (and `:line:column` when known).
    public var location: String
    /// What is wrong and how to fix it.
    public var message: String

    public var description: String { "source \"\(source)\": \(location): \(message)" }
}
