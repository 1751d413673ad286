/// A template or asset problem that stops rendering.
public struct RenderingError: Error, Sendable, CustomStringConvertible {
    /// The class of problem.
    public enum Code: String, Sendable {
        case templatesNotFound
        case missingTemplate
        case templateSyntax
        case unsafeTemplate
        case assetUnreadable
    }

    /// The class of problem.
    public var code: Code
    /// The file (with `:line:column` when known).
    public var location: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of problem.
    ///   - location: The file.
    ///   - message: What is wrong.
    public init(_ code: Code, location: String, message: String) {
        self.code = code
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
