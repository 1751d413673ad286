/// Why `galgen init` or `galgen theme eject` wrote nothing (or stopped part way, for a disk error).
public struct ScaffoldError: Error, Sendable, CustomStringConvertible {
    /// The class of failure.
    public enum Code: String, Sendable {
        /// The target folder is not empty (`init`) or holds files of the same names (`eject`).
        case wouldOverwrite
        /// The target exists and is not a folder.
        case notAFolder
        /// A file could not be written.
        case io
        /// `--ci github` without a galgen release to pin in the workflow.
        case noRelease
    }

    /// The class of failure.
    public var code: Code
    /// The folder or file involved.
    public var path: String
    /// What went wrong and what to do.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of failure.
    ///   - path: The folder or file involved.
    ///   - message: What went wrong and what to do.
    public init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
