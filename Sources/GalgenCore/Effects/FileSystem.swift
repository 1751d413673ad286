public import Foundation

/// What is at a path.
public enum FileKind: Sendable, Hashable {
    case file
    case directory
    case symbolicLink
    case other
}

/// The file operations galgen needs. Modules get one injected; only the CLI creates the live one.
public protocol FileSystem: Sendable {
    /// The whole contents of a regular file.
    /// - Parameter path: The file's path.
    /// - Throws: ``FileSystemError``.
    func readFile(at path: String) throws(FileSystemError) -> Data

    /// Writes a file so that readers see either the old contents or all of the new ones:
    /// the bytes go to a temporary file in the same folder, which is then renamed into place.
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The file's path; its folder must exist.
    /// - Throws: ``FileSystemError``.
    func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError)

    /// Writes a file in place (created or truncated): for folders no reader sees until they are
    /// complete, such as a build's staging folder, where a temporary file and a rename per file
    /// would only cost time.
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file's path; its folder must exist.
    /// - Throws: ``FileSystemError``.
    func writeFile(_ data: Data, to path: String) throws(FileSystemError)

    /// Creates a folder and any missing parents; succeeds when it exists already.
    /// - Parameter path: The folder's path.
    /// - Throws: ``FileSystemError``.
    func createDirectory(at path: String) throws(FileSystemError)

    /// What is at `path` (links are not followed), or nil when nothing is.
    /// - Parameter path: The path.
    func kind(at path: String) -> FileKind?

    /// The paths of all regular files below a folder, relative to it, sorted; links are not followed.
    /// - Parameter path: The folder.
    /// - Throws: ``FileSystemError``.
    func listFilesRecursively(at path: String) throws(FileSystemError) -> [String]

    /// The names of a folder's direct entries, sorted.
    /// - Parameter path: The folder.
    /// - Throws: ``FileSystemError``.
    func listDirectory(at path: String) throws(FileSystemError) -> [String]

    /// Removes a file or a whole folder; succeeds when nothing is there.
    /// - Parameter path: The path.
    /// - Throws: ``FileSystemError``.
    func remove(at path: String) throws(FileSystemError)

    /// Renames a file or folder (atomic within one file system).
    /// - Parameters:
    ///   - source: The current path.
    ///   - destination: The new path.
    /// - Throws: ``FileSystemError``.
    func rename(_ source: String, to destination: String) throws(FileSystemError)

    /// Swaps two existing paths atomically, when the platform can.
    /// - Parameters:
    ///   - a: One path.
    ///   - b: The other path.
    /// - Returns: false when atomic exchange is not supported here (nothing was changed).
    /// - Throws: ``FileSystemError`` for any other failure.
    func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool

    /// Last modification time (seconds since 1970), or nil when nothing is there.
    /// - Parameter path: The path.
    func modificationTime(at path: String) -> Double?

    /// Size in bytes of a regular file.
    /// - Parameter path: The file.
    /// - Throws: ``FileSystemError``.
    func fileSize(at path: String) throws(FileSystemError) -> Int
}

/// A failed file operation: which operation, which path, and the system's reason.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The class of failure.
    public enum Code: String, Sendable {
        case notFound
        case permissionDenied
        case notADirectory
        case isADirectory
        case ioError
    }

    /// The class of failure.
    public var code: Code
    /// What galgen was doing ("read", "write", …).
    public var operation: String
    /// The path involved.
    public var path: String
    /// The system's message (e.g. from `strerror`).
    public var reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of failure.
    ///   - operation: What galgen was doing.
    ///   - path: The path involved.
    ///   - reason: The system's message.
    public init(_ code: Code, operation: String, path: String, reason: String) {
        self.code = code
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
