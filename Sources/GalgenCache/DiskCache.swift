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
            try? fileSystem.remove(at: path)
            return .damaged("unreadable: \(error.reason)")
        }
        if let problem = verify(data) {
            try? fileSystem.remove(at: path)
            return .damaged(problem)
        }
        return .hit(data)
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

    /// Verifies JPEG bytes: start-of-image and end-of-image markers present.
    /// - Parameter data: The bytes.
    public static func verifyJPEG(_ data: Data) -> String? {
        guard data.count >= 4 else { return "too short (\(data.count) bytes)" }
        guard data.prefix(2) == Data([0xFF, 0xD8]) else { return "does not start like a JPEG" }
        guard data.suffix(2) == Data([0xFF, 0xD9]) else { return "is truncated (no end-of-image marker)" }
        return nil
    }

    /// Verifies WebP bytes: a RIFF header whose length is the file's.
    /// - Parameter data: The bytes.
    public static func verifyWebP(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        guard bytes.count == 12 else { return "too short (\(data.count) bytes)" }
        guard bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] else {
            return "does not start like a WebP"
        }
        let length = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return length + 8 == data.count ? nil : "is truncated or padded (RIFF says \(length + 8) bytes, file has \(data.count))"
    }

    /// Verifies AVIF (ISO BMFF) bytes: an `ftyp` box first, and top-level boxes that add up to the file.
    /// - Parameter data: The bytes.
    public static func verifyAVIF(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.count >= 16 else { return "too short (\(data.count) bytes)" }
        guard bytes[4..<8] == [0x66, 0x74, 0x79, 0x70] else { return "does not start like an AVIF (no ftyp box)" }
        var offset = 0
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return "is truncated inside a box header" }
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1 {
                guard offset + 16 <= bytes.count else { return "is truncated inside a box header" }
                size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8, offset + size <= bytes.count else { return "is truncated (a box runs past the end)" }
            offset += size
        }
        return nil
    }
}
