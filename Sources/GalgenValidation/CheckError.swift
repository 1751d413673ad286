public import GalgenCore

/// Why `galgen check` could not check a site folder at all (a problem in the site itself is a
/// ``ValidationIssue``, not an error): the folder is missing or not a folder, or it cannot be listed.
public struct CheckError: Error, Sendable, CustomStringConvertible {
    /// The class of failure:
    /// - `notAFolder`: nothing, or something other than a folder, is at the path;
    /// - `fileSystem`: the folder could not be listed (``cause`` holds why).
    public enum Code: String, Sendable {
        case notAFolder, fileSystem
    }

    /// The class of failure.
    public var code: Code
    /// The site folder.
    public var path: String
    /// What went wrong, for people (the path is in it).
    public var message: String
    /// The file system's error, for ``Code/fileSystem``.
    public var cause: FileSystemError?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of failure.
    ///   - path: The site folder.
    ///   - message: What went wrong.
    ///   - cause: The file system's error, if one is why.
    public init(_ code: Code, path: String, message: String, cause: FileSystemError? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.cause = cause
    }

    /// `[check] <message>`: the step's name first, as a build's errors are printed.
    public var description: String { "[check] \(message)" }
}
