public import Foundation

/// A ``FileSystem`` that passes every call to another, with two hooks: `before` runs ahead of each
/// call that can fail (with the operation's name and path) and may throw in its place, and `failed`
/// hears every error a call throws. The build watches for a full or read-only disk through `failed`
/// (`DiskWatch`); tests inject faults through `before` (a disk that fills up, a folder that turns
/// read-only) on a real file system, and count the files checked through `stamped`.
public struct ObservedFileSystem: FileSystem {
    /// Runs before a call that can fail: the operation ("read", "write", …) and the path.
    public typealias Before = @Sendable (_ operation: String, _ path: String) throws(FileSystemError) -> Void

    private let base: any FileSystem
    private let before: Before
    private let failed: @Sendable (FileSystemError) -> Void
    private let stamped: @Sendable (_ root: String, _ paths: [String]) -> Void

    /// Wraps `base`.
    /// - Parameters:
    ///   - base: The file system that does the work.
    ///   - before: Runs before each call that can fail; what it throws is that call's error.
    ///   - failed: Hears each error thrown (by `before` or by `base`).
    ///   - stamped: Hears each ``stamps(under:_:)`` call: the folder and the paths below it.
    public init(_ base: any FileSystem, before: @escaping Before = { _, _ in }, failed: @escaping @Sendable (FileSystemError) -> Void = { _ in },
                stamped: @escaping @Sendable (_ root: String, _ paths: [String]) -> Void = { _, _ in }) {
        self.base = base
        self.before = before
        self.failed = failed
        self.stamped = stamped
    }

    private func observed<T>(_ operation: String, _ path: String, _ body: () throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        do {
            try before(operation, path)
            return try body()
        } catch {
            failed(error)
            throw error
        }
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        try observed("read", path) { () throws(FileSystemError) in try base.readFile(at: path) }
    }
    public func readChunks(at path: String, chunkSize: Int, _ each: (Data) -> Bool) throws(FileSystemError) {
        try observed("read", path) { () throws(FileSystemError) in try base.readChunks(at: path, chunkSize: chunkSize, each) }
    }
    public func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try observed("write", path) { () throws(FileSystemError) in try base.writeFileAtomically(data, to: path) }
    }
    public func writeFile(_ data: Data, to path: String) throws(FileSystemError) {
        try observed("write", path) { () throws(FileSystemError) in try base.writeFile(data, to: path) }
    }
    public func writeNewFile(_ data: Data, to path: String) throws(FileSystemError) {
        try observed("write", path) { () throws(FileSystemError) in try base.writeNewFile(data, to: path) }
    }
    public func createDirectory(at path: String) throws(FileSystemError) {
        try observed("create folder", path) { () throws(FileSystemError) in try base.createDirectory(at: path) }
    }
    public func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String] {
        try observed("list", path) { () throws(FileSystemError) in try base.listFilesRecursively(at: path, followingLinks: followingLinks) }
    }
    public func listDirectory(at path: String) throws(FileSystemError) -> [String] {
        try observed("list", path) { () throws(FileSystemError) in try base.listDirectory(at: path) }
    }
    public func remove(at path: String) throws(FileSystemError) {
        try observed("remove", path) { () throws(FileSystemError) in try base.remove(at: path) }
    }
    public func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try observed("rename", destination) { () throws(FileSystemError) in try base.rename(source, to: destination) }
    }
    public func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool {
        try observed("exchange", b) { () throws(FileSystemError) in try base.exchange(a, b) }
    }
    public func fileSize(at path: String) throws(FileSystemError) -> Int {
        try observed("stat", path) { () throws(FileSystemError) in try base.fileSize(at: path) }
    }
    public func hardLink(_ source: String, to destination: String) throws(FileSystemError) {
        try observed("link", destination) { () throws(FileSystemError) in try base.hardLink(source, to: destination) }
    }
    public func lockExclusively(at path: String) throws(FileSystemError) -> FileLock {
        try observed("open", path) { () throws(FileSystemError) in try base.lockExclusively(at: path) }
    }
    public func kind(at path: String) -> FileKind? { base.kind(at: path) }
    public func targetKind(at path: String) -> FileKind? { base.targetKind(at: path) }
    public func linkDestination(at path: String) -> String? { base.linkDestination(at: path) }
    public func modificationTime(at path: String) -> Double? { base.modificationTime(at: path) }
    public func identity(at path: String) -> FileIdentity? { base.identity(at: path) }
    public func stamp(at path: String) -> FileStamp? { base.stamp(at: path) }
    public func stamps(under root: String, _ paths: [String]) -> [FileStamp?] {
        stamped(root, paths)
        return base.stamps(under: root, paths)
    }
}
