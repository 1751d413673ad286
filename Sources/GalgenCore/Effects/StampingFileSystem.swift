public import Foundation
import Synchronization

/// A ``FileSystem`` that passes every call to another and notes every path it is asked to read, list
/// or look at, as that path was *before* the first look: a file's stamp (``FileStamp``), a folder's
/// names, or that it was absent. These are the files and folders a build was made from, noted no later
/// than the build read them, so a later build that finds every one as noted read the same bytes (a
/// file edited during the build has a newer stamp than the one noted). ``InputStamps`` keeps and checks them.
///
/// A recursive listing notes every folder under its root. Writes are not noted: what a build writes
/// is not what it was made from.
public struct StampingFileSystem: FileSystem {
    /// The paths looked at so far, shared by every copy of the file system.
    public final class Log: Sendable {
        private let seen = Mutex<[String: InputStamps.Entry]>([:])
        private let skipped = Mutex<InputStamps.Skip?>(nil)

        /// Nanoseconds a file must be older than when first looked at for its stamp to prove anything:
        /// many file-time ticks (1–10 ms on Linux).
        public static let settled: Int64 = 50_000_000

        /// An empty log.
        public init() {}

        /// Every path looked at, as it was then.
        public var paths: [String: InputStamps.Entry] { seen.withLock { $0 } }

        /// What `path` was noted as, if it was.
        fileprivate func entry(_ path: String) -> InputStamps.Entry? { seen.withLock { $0[path] } }

        /// From now on, paths that `skip` skips (a build's output and cache, which hold no input) are not noted.
        public func skip(_ skip: InputStamps.Skip) { skipped.withLock { $0 = skip } }

        /// Notes `path` unless it is noted already; `listing`: its names are about to be read (a folder
        /// looked at only as one is noted as a folder, without its names, until it is listed).
        fileprivate func note(_ path: String, _ base: any FileSystem, listing: Bool = false) {
            if skipped.withLock({ $0?.skips(path) ?? false }) { return }
            let known = seen.withLock { log -> Bool in
                guard let entry = log[path] else { return false }
                return !(listing && entry == .directory)
            }
            if known { return }
            var found = InputStamps.Entry.now(path, base, listing: listing)
            // A file changed in the last moments could change again within its time stamp's tick (the
            // kernel's file times are coarser than its clock) with its size kept: its stamp would not show it.
            if case .file(let stamp) = found, stamp.modified > Int64(Date().timeIntervalSince1970 * 1e9) - Self.settled { found = .unprovable }
            seen.withLock { log in
                if log[path] == nil || (listing && log[path] == .directory) { log[path] = found }
            }
        }
    }

    private let base: any FileSystem
    /// Where the paths go.
    public let log: Log
    /// The file system it wraps: for looking at paths without noting them.
    public var unstamped: any FileSystem { base }

    /// Wraps `base`, noting into `log`.
    public init(_ base: any FileSystem, log: Log = Log()) {
        self.base = base
        self.log = log
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        log.note(path, base)
        return try base.readFile(at: path)
    }
    public func readChunks(at path: String, chunkSize: Int, _ each: (Data) -> Bool) throws(FileSystemError) {
        log.note(path, base)
        try base.readChunks(at: path, chunkSize: chunkSize, each)
    }
    public func listDirectory(at path: String) throws(FileSystemError) -> [String] {
        log.note(path, base, listing: true)
        return try base.listDirectory(at: path)
    }
    public func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String] {
        noteFolders(under: path)
        let files = try base.listFilesRecursively(at: path, followingLinks: followingLinks)
        for file in files { log.note(path + "/" + file, base) }
        return files
    }
    public func kind(at path: String) -> FileKind? {
        log.note(path, base)
        return base.kind(at: path)
    }
    public func targetKind(at path: String) -> FileKind? {
        log.note(path, base)
        return base.targetKind(at: path)
    }
    public func linkDestination(at path: String) -> String? {
        log.note(path, base)
        return base.linkDestination(at: path)
    }
    public func modificationTime(at path: String) -> Double? {
        log.note(path, base)
        return base.modificationTime(at: path)
    }
    public func fileSize(at path: String) throws(FileSystemError) -> Int {
        log.note(path, base)
        return try base.fileSize(at: path)
    }
    public func identity(at path: String) -> FileIdentity? {
        log.note(path, base)
        return base.identity(at: path)
    }
    public func stamp(at path: String) -> FileStamp? {
        log.note(path, base)
        return base.stamp(at: path)
    }

    /// Notes `root` and every folder below it (a symbolic link is noted as one, not followed).
    private func noteFolders(under root: String) {
        var pending = [root]
        while let folder = pending.popLast() {
            log.note(folder, base, listing: true)
            guard case .folder(let names) = log.entry(folder) else { continue }
            pending += names.map { folder + "/" + $0 }.filter { base.kind(at: $0) != .file }
        }
    }

    // Writes and the rest pass through unnoted.
    public func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError) { try base.writeFileAtomically(data, to: path) }
    public func writeFile(_ data: Data, to path: String) throws(FileSystemError) { try base.writeFile(data, to: path) }
    public func writeNewFile(_ data: Data, to path: String) throws(FileSystemError) { try base.writeNewFile(data, to: path) }
    public func createDirectory(at path: String) throws(FileSystemError) { try base.createDirectory(at: path) }
    public func remove(at path: String) throws(FileSystemError) { try base.remove(at: path) }
    public func rename(_ source: String, to destination: String) throws(FileSystemError) { try base.rename(source, to: destination) }
    public func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool { try base.exchange(a, b) }
    public func hardLink(_ source: String, to destination: String) throws(FileSystemError) { try base.hardLink(source, to: destination) }
    public func lockExclusively(at path: String) throws(FileSystemError) -> FileLock { try base.lockExclusively(at: path) }
}
