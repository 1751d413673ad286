public import Foundation
import Synchronization

/// What is at a path.
public enum FileKind: Sendable, Hashable {
    case file
    case directory
    case symbolicLink
    case other
}

/// The file operations galgen needs. Modules get one injected: of the code in `Sources/`, only the CLI
/// creates the live one (``LocalFileSystem``). Unit tests can use GalgenTestSupport's `MemoryFileSystem`,
/// which behaves as the live one does (`MemoryFileSystemTests` runs the same checks on both).
public protocol FileSystem: Sendable {
    /// The whole contents of a regular file.
    /// - Parameter path: The file's path.
    /// - Throws: ``FileSystemError``.
    func readFile(at path: String) throws(FileSystemError) -> Data

    /// A regular file's contents piece by piece, front to back, so that a large file is never in
    /// memory at once (the default reads the whole file and hands it out in pieces).
    /// - Parameters:
    ///   - path: The file's path.
    ///   - chunkSize: The most bytes one piece holds.
    ///   - each: Takes the next piece; returns false to stop reading.
    /// - Throws: ``FileSystemError``.
    func readChunks(at path: String, chunkSize: Int, _ each: (Data) -> Bool) throws(FileSystemError)

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

    /// Who a file or folder is, not following a final link: device, inode and birth time. Two
    /// paths with the same identity are the same object; a folder keeps its identity when renamed.
    /// - Parameter path: The path.
    /// - Returns: nil when nothing is there.
    func identity(at path: String) -> FileIdentity?

    /// What tells a file's bytes changed without reading them: inode, size and modification time.
    /// - Parameter path: The file (a final link is not followed).
    /// - Returns: nil when nothing is there.
    func stamp(at path: String) -> FileStamp?

    /// The stamps (``stamp(at:)``) of many paths below one folder: the same answers, looked up from
    /// the folder instead of from `/` each time where the file system can (a no-op checks every file
    /// of the published site this way).
    /// - Parameters:
    ///   - root: The folder.
    ///   - paths: Paths relative to it.
    func stamps(under root: String, _ paths: [String]) -> [FileStamp?]

    /// Makes `destination` a second name (a hard link) of the regular file `source`, replacing
    /// whatever file `destination` named.
    /// - Parameters:
    ///   - source: An existing file.
    ///   - destination: The new name; its folder must exist.
    /// - Throws: ``FileSystemError``.
    func hardLink(_ source: String, to destination: String) throws(FileSystemError)

    /// Writes a file as a new file: an existing file of that name is unlinked first, so other
    /// names (hard links) of the old file keep their bytes. Not atomic.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file.
    /// - Throws: ``FileSystemError``.
    func writeNewFile(_ data: Data, to path: String) throws(FileSystemError)

    /// Creates `path` if needed and waits until this caller holds the exclusive lock on it (builds
    /// of one output folder take turns). The lock is held until the returned value is released.
    /// - Parameter path: The lock file.
    /// - Returns: The held lock.
    /// - Throws: ``FileSystemError`` (operation `open` or `lock`).
    func lockExclusively(at path: String) throws(FileSystemError) -> FileLock
}

extension FileSystem {
    public func stamps(under root: String, _ paths: [String]) -> [FileStamp?] {
        paths.map { stamp(at: root + "/" + $0) }
    }

    public func readChunks(at path: String, chunkSize: Int, _ each: (Data) -> Bool) throws(FileSystemError) {
        let data = try readFile(at: path)
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + max(chunkSize, 1), data.endIndex)
            guard each(data[start..<end]) else { return }
            start = end
        }
    }
}

/// An exclusive lock held on a file (``FileSystem/lockExclusively(at:)``), released by ``release()``
/// or when the value goes.
public final class FileLock: Sendable {
    private let onRelease: Mutex<(@Sendable () -> Void)?>

    /// A held lock.
    /// - Parameter release: Gives the lock up; called once.
    public init(release: @escaping @Sendable () -> Void) {
        onRelease = Mutex(release)
    }

    /// Gives the lock up (again: nothing).
    public func release() {
        let release = onRelease.withLock { value in
            defer { value = nil }
            return value
        }
        release?()
    }

    deinit { release() }
}

/// A file's inode, size and modification time (nanoseconds): see ``FileSystem/stamp(at:)``.
public struct FileStamp: Sendable, Hashable {
    /// Inode number.
    public var inode: UInt64
    /// Size in bytes.
    public var size: UInt64
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64

    /// Creates a stamp.
    public init(inode: UInt64, size: UInt64, modified: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

/// Who a file or folder is: see ``FileSystem/identity(at:)``.
public struct FileIdentity: Sendable, Hashable, CustomStringConvertible {
    /// Device number.
    public var device: UInt64
    /// Inode number.
    public var inode: UInt64
    /// Birth time in nanoseconds since 1970 (0 where the file system keeps none); it tells a
    /// folder from a later one that reuses a freed inode number.
    public var birth: UInt64

    /// Creates an identity.
    public init(device: UInt64, inode: UInt64, birth: UInt64) {
        self.device = device
        self.inode = inode
        self.birth = birth
    }

    /// `device:inode:birth`.
    public var description: String { "\(device):\(inode):\(birth)" }

    /// Parses ``description``.
    /// - Parameter text: `device:inode:birth`.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let d = UInt64(parts[0]), let i = UInt64(parts[1]), let b = UInt64(parts[2]) else { return nil }
        self.init(device: d, inode: i, birth: b)
    }
}

extension FileSystem {
    /// The paths of all regular files below a folder, relative to it, sorted; links are not followed.
    /// - Parameter path: The folder.
    /// - Throws: ``FileSystemError``.
    public func listFilesRecursively(at path: String) throws(FileSystemError) -> [String] {
        try listFilesRecursively(at: path, followingLinks: false)
    }

    /// ``listFilesRecursively(at:followingLinks:)`` for any conformer, from ``listDirectory(at:)``,
    /// ``kind(at:)`` and ``targetKind(at:)``.
    /// - Parameters:
    ///   - path: The folder.
    ///   - followingLinks: Whether links count as what they point to.
    ///   - folderID: Who the folder at a path is once links are followed (device and inode), or nil
    ///     when nothing is there: a folder already on the way down is not entered again.
    package func walkFiles(at path: String, followingLinks: Bool,
                           folderID: (String) -> (UInt64, UInt64)?) throws(FileSystemError) -> [String] {
        var result: [String] = []
        /// Folders on the way down, by device and inode, so a link back up is not entered again.
        var ancestors: [(UInt64, UInt64)] = []
        func walk(_ relative: String) throws(FileSystemError) {
            let full = relative.isEmpty ? path : path + "/" + relative
            if followingLinks {
                guard let id = folderID(full), !ancestors.contains(where: { $0 == id }) else { return }
                ancestors.append(id)
            }
            defer { if followingLinks { ancestors.removeLast() } }
            for name in try listDirectory(at: full) {
                let rel = relative.isEmpty ? name : relative + "/" + name
                let entry = path + "/" + rel
                switch followingLinks ? targetKind(at: entry) : kind(at: entry) {
                case .file: result.append(rel)
                case .directory: try walk(rel)
                default: break
                }
            }
        }
        try walk("")
        return result.sorted()
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
        /// The disk (or the user's quota on it) is full: `ENOSPC`, `EDQUOT`.
        case noSpace
        /// The file system is mounted read-only: `EROFS`.
        case readOnly
    }

    /// The class of failure.
    public var code: Code
    /// What galgen was doing ("read", "write", …).
    public var operation: String
    /// The path involved.
    public var path: String
    /// The system's message (e.g. from `strerror`).
    public var reason: String
    /// For a full or read-only disk: which one, as ``DiskDescription`` tells it (its mount point,
    /// device and free space); nil otherwise.
    public var disk: String?

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

    /// Whether the disk itself is the trouble (full or read-only), not this one file: a build
    /// cannot go on writing there, so it stops rather than publish a site with holes.
    public var isDiskTrouble: Bool { code == .noSpace || code == .readOnly }

    public var description: String {
        "cannot \(operation) \(path): \(reason)" + (disk.map { " (\($0))" } ?? "")
    }
}
