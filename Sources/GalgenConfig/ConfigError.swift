/// A problem with `config.json`: where it is (file, line:column, key path), what is wrong, how to fix it.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    /// The class of problem.
    public enum Code: String, Sendable {
        case fileNotFound
        case unreadable
        case malformedJSON
        case wrongType
        case missingKey
        case unknownKey
        case duplicateKey
        case invalidValue
    }

    /// The class of problem.
    public var code: Code
    /// The config file's path.
    public var file: String
    /// `line:column` in the file, when known.
    public var position: (line: Int, column: Int)?
    /// The key path, e.g. `sources[1].fields.image`; empty for the whole file.
    public var keyPath: String
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of problem.
    ///   - file: The config file's path.
    ///   - position: Line and column, when known.
    ///   - keyPath: The key path.
    ///   - message: What is wrong.
    ///   - hint: How to fix it.
    public init(
        _ code: Code, file: String, position: (line: Int, column: Int)? = nil, keyPath: String = "",
        message: String, hint: String? = nil
    ) {
        self.code = code
        self.file = file
        self.position = position
        self.keyPath = keyPath
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var s = file
        if let position { s += ":\(position.line):\(position.column)" }
        s += ": "
        if !keyPath.isEmpty { s += "\(keyPath): " }
        s += message
        if let hint { s += "\n  fix: \(hint)" }
        return s
    }
}
