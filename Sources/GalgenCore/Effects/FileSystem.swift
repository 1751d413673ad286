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

    /// What `path` leads to once symbolic links are followed, or nil when nothing is there (a link
    /// to nothing, or a loop of links, included). Inputs (templates, records, images) are looked up
    /// this way, so a site may link them from elsewhere.
    /// - Parameter path: The path.
    func targetKind(at path: String) -> FileKind?

    /// The text of a symbolic link (where it points), or nil when `path` is not a link.
    /// - Parameter path: The path.
    func linkDestination(at path: String) -> String?

    /// The paths of all regular files below a folder, relative to it, sorted.
    /// - Parameters:
    ///   - path: The folder.
    ///   - followingLinks: Whether links to files and folders count as what they point to (a link
    ///     back to a folder above it is skipped, so loops end); otherwise links are left out.
    /// - Throws: ``FileSystemError``.
    func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String]

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

extension FileSystem {
    /// The paths of all regular files below a folder, relative to it, sorted; links are not followed.
    /// - Parameter path: The folder.
    /// - Throws: ``FileSystemError``.
    public func listFilesRecursively(at path: String) throws(FileSystemError) -> [String] {
        try listFilesRecursively(at: path, followingLinks: false)
    }

    /// Why nothing usable is at `path`, for messages: names the symbolic link (the path itself or
    /// a folder on the way) that points to nothing, instead of saying a file that exists does not.
    /// - Parameter path: An absolute path whose ``targetKind(at:)`` is nil.
    /// - Returns: e.g. `"does not exist"` or `"/site/images is a symbolic link to /media/old, which does not exist"`.
    public func whyMissing(_ path: String) -> String {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            guard kind(at: prefix) == .symbolicLink, targetKind(at: prefix) == nil else { continue }
            let destination = linkDestination(at: prefix) ?? "?"
            return "\(prefix) is a symbolic link to \(destination), which leads nowhere (missing, or a loop of links)"
        }
        return "does not exist"
    }
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
