import CArchiveShim
public import Foundation

/// One file of an album download.
public struct ArchiveEntry: Sendable, Hashable {
    /// The path inside the ZIP, `/`-separated, UTF-8 (e.g. `Summer 2024/IMG_0042.jpg`).
    public var name: String
    /// The path of the file on disk.
    public var file: String

    /// Creates an entry.
    /// - Parameters:
    ///   - name: The path inside the ZIP.
    ///   - file: The path on disk.
    public init(name: String, file: String) {
        self.name = name
        self.file = file
    }
}

/// Why an archive could not be written.
public struct ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, naming the entry or the archive.
    public var message: String

    /// Creates an error.
    /// - Parameter message: What went wrong.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Album downloads written as ZIP files through libarchive.
///
/// The archive is **streamed**: each file is read in chunks of at most 1 MiB and written straight out,
/// so memory does not depend on the album's size. It is **deterministic**: the same entries (names and
/// bytes) and date give the same bytes, whatever the machine's time zone, user or umask: entries come
/// in the given order, each with the given time (the MS-DOS fields in UTC, the "UT" field in seconds),
/// mode 0644 and uid/gid 0, no access or change times. Entries are **stored**, not compressed (photos
/// and videos are compressed already). Names are UTF-8 and flagged as such; Zip64 records appear
/// when an entry or the archive passes 4 GiB.
public enum ZipWriter {
    /// Writes a ZIP of `entries`.
    ///
    /// The file at `destination` is created or truncated and written in place (writing to a temporary
    /// name and renaming is the caller's job); after a failure it is removed.
    ///
    /// - Parameters:
    ///   - entries: The files, in archive order. Names must be non-empty relative paths without empty,
    ///     `.` or `..` segments, backslashes, NUL or control characters, each at most 65,535 bytes and
    ///     each used once; a name that breaks this is refused, never changed.
    ///   - destination: The archive's path.
    ///   - modified: The time every entry carries (whole seconds; clamped to 1980–2107 in the MS-DOS fields).
    /// - Returns: The archive's size in bytes.
    /// - Throws: ``ArchiveError`` naming the entry (or the archive) on a bad name or a read or write failure.
    @discardableResult
    public static func write(_ entries: [ArchiveEntry], to destination: String, modified: Date) throws(ArchiveError) -> Int {
        var seen = Set<String>()
        for entry in entries {
            if let problem = nameProblem(entry.name) { throw ArchiveError("album archive entry '\(entry.name)': \(problem)") }
            guard seen.insert(entry.name).inserted else { throw ArchiveError("album archive entry '\(entry.name)': the name is used twice") }
        }
        let seconds = Int64(modified.timeIntervalSince1970.rounded(.down))
        var message = [CChar](repeating: 0, count: 512)
        guard let zip = gg_zip_open(destination, &message, message.count) else {
            throw ArchiveError("album archive '\(destination)': \(text(message))")
        }
        for entry in entries where gg_zip_add_file(zip, entry.name, entry.file, seconds, &message, message.count) != GG_ZIP_OK {
            gg_zip_abort(zip)
            unlink(destination)
            throw ArchiveError("album archive entry '\(entry.name)' (\(entry.file)): \(text(message))")
        }
        var size: Int64 = 0
        guard gg_zip_close(zip, &size, &message, message.count) == GG_ZIP_OK else {
            unlink(destination)
            throw ArchiveError("album archive '\(destination)': \(text(message))")
        }
        return Int(size)
    }

    /// Why `name` cannot be an entry's name, or nil if it can.
    /// - Parameter name: A path inside the archive.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.utf8.count > 65_535 { return "the name is longer than 65,535 bytes" }
        if name.hasPrefix("/") { return "the name starts with '/' (it must be relative)" }
        if name.contains("\\") { return "the name contains a backslash (use '/' between folders)" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the name contains a control character"
        }
        for segment in name.split(separator: "/", omittingEmptySubsequences: false) {
            if segment == ".." { return "the name has a '..' segment" }
            if segment == "." { return "the name has a '.' segment" }
            if segment.isEmpty { return "the name has an empty segment (a doubled or trailing '/')" }
        }
        return nil
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
