public import Foundation
public import GalgenCore

/// Cache entries a build read and verified, each with its file's stamp (inode, size, modification
/// time) at that moment: while an entry's stamp is still that one, later builds trust it without
/// reading it again (a warm no-op then costs one `stat` per variant, not a read). Entries are
/// immutable and replaced only by a rename (a new inode), so a stamp that still matches means the
/// bytes galgen verified, unless someone rewrote the file in place and put its time back:
/// `galgen build --verify` reads and verifies every entry again.
///
/// Kept in the cache folder as `verified` (binary: a header line, then for each entry its path
/// below the cache folder and its stamp, then an FNV-1a checksum of all of it). A file that is
/// missing, damaged or of another format is ignored: entries are then verified as before. Each
/// build writes the entries it used, so the file follows the site; builds of several sites
/// sharing one cache only cost each other verifications.
public final class VerifiedEntries: @unchecked Sendable {
    private static let header = Array("galgen-verified 1\n".utf8)
    private let lock = NSLock()
    private let known: [String: FileStamp]
    private var used: [String: FileStamp] = [:]
    private let file: String
    private let fileSystem: any FileSystem

    /// Reads the record of verified entries of a cache folder.
    /// - Parameters:
    ///   - cache: The cache folder.
    ///   - fileSystem: Files.
    ///   - trusting: False to trust no record (`--verify`): every entry is read and verified, and recorded anew.
    public init(cache: String, fileSystem: any FileSystem, trusting: Bool = true) {
        self.file = cache + "/verified"
        self.fileSystem = fileSystem
        let data = trusting ? try? fileSystem.readFile(at: file) : nil
        known = data.flatMap(Self.decode) ?? [:]
    }

    /// Whether the entry at `relative` (below the cache folder), whose file now has `stamp`, was
    /// verified with this very stamp; it is then recorded as used by this build.
    public func trusts(_ relative: String, stamp: FileStamp) -> Bool {
        guard known[relative] == stamp else { return false }
        lock.withLock { used[relative] = stamp }
        return true
    }

    /// Records that the entry at `relative` was read and verified while its file had `stamp`.
    public func verified(_ relative: String, stamp: FileStamp) {
        lock.withLock { used[relative] = stamp }
    }

    /// Writes the entries this build trusted or verified (atomically; nothing when it is what the
    /// file holds). A failure is harmless: entries are then verified again.
    public func save() {
        let entries = lock.withLock { used }
        guard entries != known else { return }
        try? fileSystem.writeFileAtomically(Self.encode(entries), to: file)
    }

    static func encode(_ entries: [String: FileStamp]) -> Data {
        var bytes = header
        bytes.reserveCapacity(header.count + entries.count * 100 + 8)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        for (path, stamp) in entries.sorted(by: { $0.key < $1.key }) {
            let utf8 = Array(path.utf8)
            guard utf8.count <= Int(UInt16.max) else { continue }
            append(UInt16(utf8.count))
            bytes.append(contentsOf: utf8)
            append(stamp.inode)
            append(stamp.size)
            append(stamp.modified)
        }
        append(fnv1a(bytes[...]))
        return Data(bytes)
    }

    static func decode(_ data: Data) -> [String: FileStamp]? {
        let bytes = [UInt8](data)
        guard bytes.count >= header.count + 8, bytes.starts(with: header) else { return nil }
        let end = bytes.count - 8
        func load<T: FixedWidthInteger>(_ at: Int, as: T.Type) -> T {
            bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self)) }
        }
        guard load(end, as: UInt64.self) == fnv1a(bytes[..<end]) else { return nil }
        var entries: [String: FileStamp] = [:]
        var at = header.count
        while at < end {
            guard at + 2 <= end else { return nil }
            let length = Int(load(at, as: UInt16.self))
            guard at + 2 + length + 24 <= end else { return nil }
            let path = String(decoding: bytes[(at + 2)..<(at + 2 + length)], as: UTF8.self)
            at += 2 + length
            entries[path] = FileStamp(inode: load(at, as: UInt64.self), size: load(at + 8, as: UInt64.self),
                                      modified: load(at + 16, as: Int64.self))
            at += 24
        }
        return entries
    }

    private static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
