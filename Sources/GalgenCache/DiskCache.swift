public import Foundation
public import GalgenCore

/// A content-addressed cache on disk. Entries are immutable: written to a temporary file and
/// renamed into place, so a killed build leaves either a whole entry or none. An entry that fails
/// verification is reported as damaged, removed, and treated as a miss.
public struct DiskCache: Sendable {
    /// What a lookup found.
    public enum Lookup: Sendable {
        /// A verified entry.
        case hit(Data)
        /// No entry.
        case miss
        /// An entry that failed verification (and has been removed).
        case damaged(String)
    }

    /// The cache folder.
    public let directory: String
    let fileSystem: any FileSystem

    /// Opens (and creates) a cache folder.
    /// - Parameters:
    ///   - directory: Absolute path of the cache folder.
    ///   - fileSystem: Where entries are stored.
    /// - Throws: ``FileSystemError`` when the folder cannot be created.
    public init(directory: String, fileSystem: any FileSystem) throws(FileSystemError) {
        self.directory = directory
        self.fileSystem = fileSystem
        try fileSystem.createDirectory(at: directory)
    }

    /// Absolute path of an entry.
    /// - Parameter key: The entry's key.
    public func path(for key: CacheKey) -> String { directory + "/" + key.relativePath }

    /// Reads and verifies an entry.
    /// - Parameters:
    ///   - key: The entry's key.
    ///   - verify: Returns nil when the bytes are good, else the reason they are not.
    public func lookup(_ key: CacheKey, verify: (Data) -> String?) -> Lookup {
        let path = path(for: key)
        guard fileSystem.kind(at: path) != nil else { return .miss }
        let data: Data
        do {
            data = try fileSystem.readFile(at: path)
        } catch {
            // A failed read says nothing about the entry when the process ran out of descriptors or
            // memory: it stays (the next store replaces it atomically anyway). Only a folder where an
            // entry belongs is removed, as nothing could be stored over it.
            if error.code == .isADirectory { try? fileSystem.remove(at: path) }
            return .damaged("unreadable: \(error.reason)")
        }
        if let problem = verify(data) {
            try? fileSystem.remove(at: path)
            return .damaged(problem)
        }
        return .hit(data)
    }

    /// Whether an entry is present and good, without the bytes.
    public enum Presence: Sendable, Equatable {
        /// Verified now, or trusted: verified before and not changed since.
        case good
        /// No entry.
        case missing
        /// An entry that failed verification (and has been removed).
        case damaged(String)
    }

    /// Checks an entry: read and verified unless `verified` trusts it (it was verified with the
    /// stamp its file still has); one verified now is recorded there.
    /// - Parameters:
    ///   - key: The entry's key.
    ///   - verify: Returns nil when the bytes are good, else the reason they are not.
    ///   - verified: The entries verified before; nil reads and verifies every entry.
    public func presence(_ key: CacheKey, verify: (Data) -> String?, verified: VerifiedEntries?) -> Presence {
        let relative = key.relativePath
        guard let stamp = fileSystem.stamp(at: directory + "/" + relative) else { return .missing }
        if let verified, verified.trusts(relative, stamp: stamp) { return .good }
        switch lookup(key, verify: verify) {
        case .hit:
            verified?.verified(relative, stamp: stamp)
            return .good
        case .miss: return .missing
        case .damaged(let why): return .damaged(why)
        }
    }

    /// Stores an entry atomically.
    /// - Parameters:
    ///   - data: The entry's bytes.
    ///   - key: The entry's key.
    /// - Throws: ``FileSystemError``.
    public func store(_ data: Data, for key: CacheKey) throws(FileSystemError) {
        let path = path(for: key)
        try fileSystem.createDirectory(at: Paths.directory(of: path))
        try fileSystem.writeFileAtomically(data, to: path)
    }
}
