import Foundation
import GalgenCore
import Synchronization

/// Remembers the first time the build's file system found its disk full or read-only
/// (``FileSystemError/isDiskTrouble``). Many writes are allowed to fail one by one (an image whose
/// cache entry cannot be stored gets a placeholder), but a full disk is not one image's fault: the
/// build must stop before it publishes a site of placeholders over a good one. ``SiteBuilder``
/// checks the watch after every step; the image work checks it to stop early.
final class DiskWatch: Sendable {
    private let first = Mutex<FileSystemError?>(nil)

    /// The first disk trouble seen, if any.
    var trouble: FileSystemError? { first.withLock { $0 } }

    /// Records `error` when it is disk trouble and none was recorded before.
    func note(_ error: FileSystemError) {
        guard error.isDiskTrouble else { return }
        first.withLock { if $0 == nil { $0 = error } }
    }

    /// The error that stops the build at `step`: what failed, on which disk, and that nothing was
    /// lost (before publishing, the output folder and the cache are as they were).
    func error(at step: StepName) -> BuildError? {
        guard let trouble else { return nil }
        let what = trouble.code == .noSpace ? "the disk is full" : "the disk is read-only"
        let after = step == .publish
            ? "the new site was published, but the cache could not record it; the next build repeats that work"
            : "nothing was published and the cache holds only complete entries; free some space (or remount it writable) and build again"
        return BuildError(step, .failed("\(what): \(trouble); \(after)"))
    }
}

/// A ``FileSystem`` that passes every call to another and tells a ``DiskWatch`` about each error
/// that says the disk is full or read-only.
struct WatchedFileSystem: FileSystem {
    let base: any FileSystem
    let watch: DiskWatch

    private func watched<T>(_ body: () throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        do { return try body() } catch {
            watch.note(error)
            throw error
        }
    }

    func readFile(at path: String) throws(FileSystemError) -> Data { try watched { () throws(FileSystemError) in try base.readFile(at: path) } }
    func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try watched { () throws(FileSystemError) in try base.writeFileAtomically(data, to: path) }
    }
    func writeFile(_ data: Data, to path: String) throws(FileSystemError) {
        try watched { () throws(FileSystemError) in try base.writeFile(data, to: path) }
    }
    func createDirectory(at path: String) throws(FileSystemError) {
        try watched { () throws(FileSystemError) in try base.createDirectory(at: path) }
    }
    func kind(at path: String) -> FileKind? { base.kind(at: path) }
    func targetKind(at path: String) -> FileKind? { base.targetKind(at: path) }
    func linkDestination(at path: String) -> String? { base.linkDestination(at: path) }
    func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String] {
        try watched { () throws(FileSystemError) in try base.listFilesRecursively(at: path, followingLinks: followingLinks) }
    }
    func listDirectory(at path: String) throws(FileSystemError) -> [String] {
        try watched { () throws(FileSystemError) in try base.listDirectory(at: path) }
    }
    func remove(at path: String) throws(FileSystemError) { try watched { () throws(FileSystemError) in try base.remove(at: path) } }
    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try watched { () throws(FileSystemError) in try base.rename(source, to: destination) }
    }
    func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool {
        try watched { () throws(FileSystemError) in try base.exchange(a, b) }
    }
    func modificationTime(at path: String) -> Double? { base.modificationTime(at: path) }
    func fileSize(at path: String) throws(FileSystemError) -> Int { try watched { () throws(FileSystemError) in try base.fileSize(at: path) } }
    func identity(at path: String) -> FileIdentity? { base.identity(at: path) }
    func stamp(at path: String) -> FileStamp? { base.stamp(at: path) }
    func hardLink(_ source: String, to destination: String) throws(FileSystemError) {
        try watched { () throws(FileSystemError) in try base.hardLink(source, to: destination) }
    }
    func writeNewFile(_ data: Data, to path: String) throws(FileSystemError) {
        try watched { () throws(FileSystemError) in try base.writeNewFile(data, to: path) }
    }
    func lockExclusively(at path: String) throws(FileSystemError) -> FileLock {
        try watched { () throws(FileSystemError) in try base.lockExclusively(at: path) }
    }
}
