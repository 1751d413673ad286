public import Foundation
public import GalgenCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``FileSystem`` in memory, for unit tests that should not touch the disk. It behaves as
/// `LocalFileSystem` does on Linux, and `MemoryFileSystemTests` runs the same checks on both:
///
/// - Files, folders and symbolic links are numbered objects (inodes) named by folders, so a hard
///   link shares its file's bytes, a rename keeps an object's identity, an atomic write or
///   ``writeNewFile(_:to:)`` makes a new object while ``writeFile(_:to:)`` rewrites the old one.
/// - Failures are the ``FileSystemError``s the live one throws: the same code, operation, path and
///   reason (`notFound` for a missing file or folder, `notADirectory` for a file on the way,
///   `isADirectory`, `ioError` with "File exists").
/// - Paths are walked as the kernel walks them: links on the way are followed, `//`, `.` and `..`
///   are understood, and a relative path starts at the root.
/// - Every change stamps the objects it changes (and their folders) with the time of the clock
///   given to ``init(now:exchangeSupported:)``, or by default with a time one millisecond after the
///   previous change, so every change is seen by ``stamp(at:)`` and ``modificationTime(at:)``.
/// - Nothing is ever denied (there are no permissions) and the disk is never full.
///
/// Safe to use from any thread: one lock guards every call.
public final class MemoryFileSystem: FileSystem {
    private let tree: Mutex<MemoryTree>
    private let exchangeSupported: Bool
    /// The files locked with ``lockExclusively(at:)``: a second locker waits, as with `flock`.
    private let heldLocks = HeldLocks()

    /// Creates an empty file system: the root folder `/` alone.
    /// - Parameters:
    ///   - now: The clock of modification and birth times, in seconds since 1970; by default each
    ///     change is one millisecond after the previous one, from 14 November 2023.
    ///   - exchangeSupported: Whether ``exchange(_:_:)`` works (false: it returns false, as on a
    ///     system without `renameat2`).
    public init(now: (@Sendable () -> Double)? = nil, exchangeSupported: Bool = true) {
        tree = Mutex(MemoryTree(now: now))
        self.exchangeSupported = exchangeSupported
    }

    /// Runs `body` under the lock; a failure becomes the error LocalFileSystem would throw.
    private func run<T: Sendable>(_ operation: String, _ path: String,
                                  _ body: (inout MemoryTree) throws(MemoryFailure) -> T) throws(FileSystemError) -> T {
        do {
            return try tree.withLock { (tree: inout MemoryTree) throws(MemoryFailure) -> T in try body(&tree) }
        } catch {
            throw FileSystemError(errno: error.number, operation: operation, path: path)
        }
    }

    /// The object at `path` as `lstat` (or `stat`, when `follow`) sees it, or nil.
    private func node(_ path: String, follow: Bool) -> MemoryTree.Node? {
        tree.withLock { tree in (try? tree.existing(path, follow: follow)).flatMap { tree.nodes[$0] } }
    }

    // MARK: FileSystem

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        try run("read", path) { tree throws(MemoryFailure) in
            let node = tree.nodes[try tree.existing(path, follow: true)]!
            guard node.kind != .directory else { throw MemoryFailure(EISDIR) }
            return node.data
        }
    }

    public func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        // A new file in the same folder, renamed over the old name (a link there is replaced, not followed).
        try run("write", path) { tree throws(MemoryFailure) in
            let place = try tree.locate(path, follow: false)
            guard place.isEntry else { throw MemoryFailure(EISDIR) }
            if let old = place.node, tree.nodes[old]!.kind == .directory { throw MemoryFailure(EISDIR) }
            tree.attach(tree.make(.file, data: data), at: place)
        }
    }

    public func writeFile(_ data: Data, to path: String) throws(FileSystemError) {
        try run("write", path) { tree throws(MemoryFailure) in try tree.write(data, to: path, exclusive: false) }
    }

    public func createDirectory(at path: String) throws(FileSystemError) {
        // As LocalFileSystem: one mkdir, then the parents when it says one is missing.
        var failure = mkdir(path)
        switch failure {
        case 0: return
        case EEXIST:
            if targetKind(at: path) == .directory { return }
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty && parent != path else { break }
            try createDirectory(at: parent)
            failure = mkdir(path)
            if failure == 0 || (failure == EEXIST && targetKind(at: path) == .directory) { return }
        default: break
        }
        throw FileSystemError(errno: failure, operation: "create folder", path: path)
    }

    /// `mkdir(path)`: 0, or the error number.
    private func mkdir(_ path: String) -> Int32 {
        tree.withLock { tree in
            do throws(MemoryFailure) { try tree.mkdir(path) } catch { return error.number }
            return 0
        }
    }

    public func kind(at path: String) -> FileKind? { node(path, follow: false)?.kind }

    public func targetKind(at path: String) -> FileKind? { node(path, follow: true)?.kind }

    public func linkDestination(at path: String) -> String? {
        guard let node = node(path, follow: false), node.kind == .symbolicLink else { return nil }
        return node.destination
    }

    public func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String] {
        try walkFiles(at: path, followingLinks: followingLinks) { full in
            tree.withLock { tree in (try? tree.existing(full, follow: true)).map { (MemoryTree.device, $0) } }
        }
    }

    public func listDirectory(at path: String) throws(FileSystemError) -> [String] {
        try run("list", path) { tree throws(MemoryFailure) in
            let node = tree.nodes[try tree.existing(path, follow: true)]!
            guard node.kind == .directory else { throw MemoryFailure(ENOTDIR) }
            return node.entries.keys.map { String(decoding: $0, as: UTF8.self) }.sorted()
        }
    }

    public func remove(at path: String) throws(FileSystemError) {
        tree.withLock { tree in
            guard let place = try? tree.locate(path, follow: false), place.node != nil, place.isEntry else { return }
            tree.detach(place)
        }
    }

    public func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try run("rename", "\(source) to \(destination)") { tree throws(MemoryFailure) in try tree.rename(source, to: destination) }
    }

    public func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool {
        guard exchangeSupported else { return false }
        try run("exchange", "\(a) and \(b)") { tree throws(MemoryFailure) in try tree.exchange(a, b) }
        return true
    }

    public func modificationTime(at path: String) -> Double? {
        guard let modified = node(path, follow: false)?.modified else { return nil }
        return Double(modified / 1_000_000_000) + Double(modified % 1_000_000_000) / 1e9
    }

    public func fileSize(at path: String) throws(FileSystemError) -> Int {
        try run("stat", path) { tree throws(MemoryFailure) in tree.size(try tree.existing(path, follow: true)) }
    }

    public func identity(at path: String) -> FileIdentity? {
        tree.withLock { tree in
            guard let id = try? tree.existing(path, follow: false) else { return nil }
            return FileIdentity(device: MemoryTree.device, inode: id, birth: UInt64(tree.nodes[id]!.birth))
        }
    }

    public func stamp(at path: String) -> FileStamp? {
        tree.withLock { tree in
            guard let id = try? tree.existing(path, follow: false) else { return nil }
            return FileStamp(inode: id, size: UInt64(tree.size(id)), modified: tree.nodes[id]!.modified)
        }
    }

    public func hardLink(_ source: String, to destination: String) throws(FileSystemError) {
        try run("link", "\(source) to \(destination)") { tree throws(MemoryFailure) in
            do throws(MemoryFailure) { try tree.link(source, to: destination) } catch where error.number == EEXIST {
                do throws(MemoryFailure) { try tree.unlink(destination) } catch where error.number == ENOENT {}
                try tree.link(source, to: destination)
            }
        }
    }

    public func lockExclusively(at path: String) throws(FileSystemError) -> FileLock {
        if node(path, follow: true) == nil {
            try run("open", path) { tree throws(MemoryFailure) in try tree.write(Data(), to: path, exclusive: true) }
        }
        heldLocks.take(path)
        let held = heldLocks
        return FileLock(release: { held.give(path) })
    }

    public func writeNewFile(_ data: Data, to path: String) throws(FileSystemError) {
        try run("replace", path) { tree throws(MemoryFailure) in
            do throws(MemoryFailure) { try tree.unlink(path) } catch where error.number == ENOENT {}
        }
        try run("write", path) { tree throws(MemoryFailure) in try tree.write(data, to: path, exclusive: true) }
    }
}

/// Seeding a test's files and reading back what the code under test wrote.
extension MemoryFileSystem {
    /// Writes a file, creating its folders first.
    /// - Parameters:
    ///   - path: The file's absolute path.
    ///   - data: The bytes.
    public func write(path: String, data: Data) throws(FileSystemError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try createDirectory(at: folder) }
        try writeFile(data, to: path)
    }

    /// Writes a text file (UTF-8), creating its folders first.
    /// - Parameters:
    ///   - path: The file's absolute path.
    ///   - string: The text.
    public func write(path: String, string: String) throws(FileSystemError) {
        try write(path: path, data: Data(string.utf8))
    }

    /// The bytes of the file at `path` (links followed), or nil when no file is there.
    /// - Parameter path: The file's path.
    public func data(path: String) -> Data? { try? readFile(at: path) }

    /// The text of the file at `path` (links followed, UTF-8), or nil when no file is there.
    /// - Parameter path: The file's path.
    public func read(path: String) -> String? { data(path: path).map { String(decoding: $0, as: UTF8.self) } }

    /// Every file below a folder, by path relative to it, with its bytes (links are not followed).
    /// - Parameter folder: The folder; the root by default.
    public func files(under folder: String = "/") -> [String: Data] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let paths = (try? listFilesRecursively(at: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: paths.compactMap { path in data(path: base + "/" + path).map { (path, $0) } })
    }

    /// Makes a symbolic link, as `ln -s destination path` does.
    /// - Parameters:
    ///   - path: The link's path; nothing may be there yet.
    ///   - destination: The link's text: an absolute path, or one relative to the link's folder.
    public func createSymbolicLink(at path: String, to destination: String) throws(FileSystemError) {
        try run("link", path) { tree throws(MemoryFailure) in try tree.symlink(path, to: destination) }
    }

    /// Sets the modification time of what `path` leads to (links followed), as `touch -d` does.
    /// - Parameters:
    ///   - seconds: Seconds since 1970.
    ///   - path: The path.
    public func setModificationTime(_ seconds: Double, at path: String) throws(FileSystemError) {
        try run("touch", path) { tree throws(MemoryFailure) in
            tree.nodes[try tree.existing(path, follow: true)]!.modified = Int64((seconds * 1e9).rounded())
        }
    }

    /// How many names (hard links) the object at `path` has (a final link is not followed), or nil
    /// when nothing is there.
    /// - Parameter path: The path.
    public func linkCount(at path: String) -> Int? { node(path, follow: false)?.links }
}

/// Which paths of a ``MemoryFileSystem`` are locked; taking a held one waits for its release.
private final class HeldLocks: @unchecked Sendable {
    private let condition = NSCondition()
    private var held = Set<String>()

    func take(_ path: String) {
        condition.lock()
        while held.contains(path) { condition.wait() }
        held.insert(path)
        condition.unlock()
    }

    func give(_ path: String) {
        condition.lock()
        held.remove(path)
        condition.broadcast()
        condition.unlock()
    }
}
