public import Foundation
public import GalgenCore

extension OutputStager {
    /// Writes one file of the new site (an entry whose action is ``OutputAction/write``).
    /// Plain writes: nobody reads the staging folder before it is swapped in whole. In the spare,
    /// the old file is unlinked first: the published site may share it.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - index: The entry's index in what was given to ``prepare(_:)``; each is written once.
    public func write(_ data: Data, entry index: Int) throws(FileSystemError) {
        let relative = entries[index].path
        let folder = Paths.directory(of: relative)
        if !folder.isEmpty && folder != "." { try ensureDirectory(folder) }
        let path = staging + "/" + relative
        if mode == .spare {
            try fileSystem.writeNewFile(data, to: path)
        } else {
            try fileSystem.writeFile(data, to: path)
        }
        guard let stamp = fileSystem.stamp(at: path) else {
            throw FileSystemError(.notFound, operation: "stat", path: path, reason: "it is gone")
        }
        stamps[index] = stamp
    }

    /// Puts a file into the new site as it is (a video): hard-linked when it is on the same disk (no
    /// copy of a large file), else copied.
    /// - Parameters:
    ///   - source: The file.
    ///   - index: The entry's index in what was given to ``prepare(_:)``.
    public func place(file source: String, entry index: Int) throws(FileSystemError) {
        let relative = entries[index].path
        let folder = Paths.directory(of: relative)
        if !folder.isEmpty && folder != "." { try ensureDirectory(folder) }
        let path = staging + "/" + relative
        if fileSystem.kind(at: path) != nil { try fileSystem.remove(at: path) }
        do {
            try fileSystem.hardLink(source, to: path)
        } catch {
            try fileSystem.writeFile(try fileSystem.readFile(at: source), to: path)
        }
        guard let stamp = fileSystem.stamp(at: path) else {
            throw FileSystemError(.notFound, operation: "stat", path: path, reason: "it is gone")
        }
        stamps[index] = stamp
    }

    /// Links one file from the published site (an entry whose action is ``OutputAction/link``).
    /// - Parameter index: The entry's index in what was given to ``prepare(_:)``.
    public func link(entry index: Int) throws(FileSystemError) {
        let relative = entries[index].path
        let folder = Paths.directory(of: relative)
        if !folder.isEmpty && folder != "." { try ensureDirectory(folder) }
        try fileSystem.hardLink(output + "/" + relative, to: staging + "/" + relative)
    }

    /// Creates a folder below staging once per build (one `mkdir` per folder instead of a `stat` of
    /// every parent for every file: a 10,000-item site has 10,000 item folders).
    private func ensureDirectory(_ relative: String) throws(FileSystemError) {
        guard !state.containsFolder(relative) else { return }
        let parent = Paths.directory(of: relative)
        if !parent.isEmpty && parent != "." && parent != relative { try ensureDirectory(parent) }
        // Recorded only once it exists: another writer may create it at the same time, harmlessly.
        try fileSystem.createDirectory(at: staging + "/" + relative)
        state.insertFolder(relative)
    }
}

/// The folders a build has in its staging folder; shared by the writers.
final class StagingState: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: Set<String> = []

    func containsFolder(_ folder: String) -> Bool {
        lock.withLock { folders.contains(folder) }
    }

    func insertFolder(_ folder: String) {
        lock.withLock { _ = folders.insert(folder) }
    }

}

/// One optional stamp per entry. Each slot is set by one writer (or by ``OutputStager/prepare(_:)``)
/// and read after every writer is done, so no lock is needed; a million of them are 32 MB, not
/// a dictionary of a million paths.
final class StampSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<FileStamp?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit { slots.deallocate() }

    subscript(index: Int) -> FileStamp? {
        get { slots[index] }
        set { slots[index] = newValue }
    }
}
