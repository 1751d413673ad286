public import Foundation

/// The files and folders a build was made from, each as it was when the build first looked at it
/// (noted by ``StampingFileSystem``): a file by its stamp (inode, size, modification time), a folder by
/// its names, a path by its absence. A later build that finds every one as noted reads what that
/// build read, so it can take that build's result without reading its inputs again; a file changed
/// behind galgen's back with its size and time put back is the one thing it misses (`--verify` reads
/// everything). Symbolic links prove nothing about their targets: a set holding one is not made.
///
/// ```swift
/// let stamps = InputStamps(log.paths, skip: .init(folders: [output, cache], prefixes: [siblings]))
/// if let stamps, stamps.firstChange(in: fileSystem) == nil { /* nothing the build read has changed */ }
/// ```
public struct InputStamps: Sendable, Equatable {
    /// What one path was.
    public enum Entry: Sendable, Hashable {
        /// A file (or anything but a folder or a link), by its stamp.
        case file(FileStamp)
        /// A folder, by its names (sorted): one that was listed.
        case folder([String])
        /// A folder looked at only as one (its kind, its stamp): its names were not read.
        case directory
        /// A symbolic link, a folder that could not be listed, or a file changed just before it was looked
        /// at (``StampingFileSystem/Log/settled``): proves nothing.
        case unprovable
        /// Nothing there.
        case absent

        /// What `path` is now; a folder with its names when `listing`.
        public static func now(_ path: String, _ fileSystem: any FileSystem, listing: Bool = true) -> Entry {
            switch fileSystem.kind(at: path) {
            case nil: return .absent
            case .symbolicLink: return .unprovable
            case .directory:
                guard listing else { return .directory }
                guard let names = try? fileSystem.listDirectory(at: path) else { return .unprovable }
                return .folder(names.sorted())
            case .file, .other: return fileSystem.stamp(at: path).map(Entry.file) ?? .absent
            }
        }
    }

    /// Paths that are not inputs: a build's own output folder and cache (and all below them), and
    /// names that start with a prefix (the output folder's siblings: `.public.staging-…`, `.public.lock`).
    public struct Skip: Sendable {
        /// Folders skipped with everything below them.
        public var folders: [String]
        /// Path prefixes skipped.
        public var prefixes: [String]

        /// Rules that skip `folders` and paths starting with `prefixes`.
        public init(folders: [String], prefixes: [String] = []) {
            self.folders = folders
            self.prefixes = prefixes
        }

        /// Whether `path` is skipped.
        public func skips(_ path: String) -> Bool {
            prefixes.contains { path.hasPrefix($0) } || folders.contains { Self.isWithin(path, $0) }
        }

        /// Whether a folder's entry `path` is left out of its names: skipped, or on the way to a skipped
        /// folder (`.galgen` of `.galgen/cache`, made by the first build). The folder on the way is still
        /// noted itself: it may hold inputs.
        func leavesOut(_ path: String) -> Bool {
            skips(path) || folders.contains { Self.isWithin($0, path) }
        }

        private static func isWithin(_ path: String, _ folder: String) -> Bool {
            path == folder || (path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/"))
        }
    }

    /// One noted path: a file's stamp, a digest of a folder's names (those not skipped), or its absence.
    public enum Noted: Sendable, Hashable {
        case file(FileStamp)
        case folder(String)
        case directory
        case absent
    }

    /// Every path noted and what it was, sorted by path (by its UTF-8 bytes).
    public private(set) var entries: [(path: String, noted: Noted)]
    /// The rules its folders' names were taken with.
    let skip: Skip

    /// The stamps of what a build looked at, less what `skip` skips; nil when they prove nothing (a
    /// symbolic link or an unreadable folder among them, or a path with a line break).
    public init?(_ log: [String: Entry], skip: Skip) {
        var entries: [(path: String, noted: Noted)] = []
        for (path, entry) in log where !skip.skips(path) {
            guard !path.contains("\n") else { return nil }
            switch entry {
            case .file(let stamp): entries.append((path, .file(stamp)))
            case .folder(let names): entries.append((path, .folder(Self.digest(names, in: path, skip: skip))))
            case .directory: entries.append((path, .directory))
            case .absent: entries.append((path, .absent))
            case .unprovable: return nil
            }
        }
        self.entries = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        self.skip = skip
    }

    private static func digest(_ names: [String], in folder: String, skip: Skip) -> String {
        ContentHash.sha256Hex(names.filter { !skip.leavesOut(folder + "/" + $0) }.joined(separator: "\n"))
    }

    /// The first path (in sorted order) that is not as noted, or nil when none changed.
    public func firstChange(in fileSystem: any FileSystem) -> String? {
        for (path, noted) in entries {
            let same: Bool
            switch noted {
            case .file(let stamp): same = fileSystem.stamp(at: path) == stamp
            case .absent: same = fileSystem.kind(at: path) == nil
            case .directory: same = fileSystem.kind(at: path) == .directory
            case .folder(let digest):
                if case .folder(let names) = Entry.now(path, fileSystem) { same = Self.digest(names, in: path, skip: skip) == digest } else { same = false }
            }
            if !same { return path }
        }
        return nil
    }

    /// The lines of its text form, sorted by path: `f INODE SIZE MTIME PATH`, `d DIGEST PATH` (a folder listed),
    /// `k PATH` (a folder looked at), `a PATH` (absent).
    public var lines: [String] {
        entries.map { path, noted in
            switch noted {
            case .file(let s): "f \(s.inode) \(s.size) \(s.modified) \(path)"
            case .folder(let digest): "d \(digest) \(path)"
            case .directory: "k \(path)"
            case .absent: "a \(path)"
            }
        }
    }

    /// Reads the lines of its text form (as UTF-8 bytes, without their line breaks), byte by byte: a
    /// no-op reads thousands of them before anything else. Nil when one is not a stamp line, or they
    /// are not in order.
    /// - Parameters:
    ///   - lines: The lines (``lines``).
    ///   - skip: The rules to check its folders with: the same as it was made with.
    public init?(lines: some Sequence<ArraySlice<UInt8>>, skip: Skip) {
        var entries: [(path: String, noted: Noted)] = []
        for line in lines {
            guard let (path, noted) = Self.parse(line) else { return nil }
            if let last = entries.last, !last.path.utf8.lexicographicallyPrecedes(path.utf8) { return nil }
            entries.append((path, noted))
        }
        self.entries = entries
        self.skip = skip
    }

    /// One line: its kind letter, its fields split at single spaces, the path last (it may hold spaces).
    private static func parse(_ line: ArraySlice<UInt8>) -> (String, Noted)? {
        guard let kind = line.first, line.dropFirst().first == UInt8(ascii: " ") else { return nil }
        var rest = line.dropFirst(2)
        func field() -> ArraySlice<UInt8>? {
            guard let space = rest.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            defer { rest = rest[(space + 1)...] }
            return rest[..<space]
        }
        func text(_ bytes: ArraySlice<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        let noted: Noted
        switch kind {
        case UInt8(ascii: "f"):
            guard let inode = text(field()).flatMap({ UInt64($0) }), let size = text(field()).flatMap({ UInt64($0) }),
                  let modified = text(field()).flatMap({ Int64($0) }) else { return nil }
            noted = .file(FileStamp(inode: inode, size: size, modified: modified))
        case UInt8(ascii: "d"):
            guard let digest = field(), !digest.isEmpty else { return nil }
            noted = .folder(String(decoding: digest, as: UTF8.self))
        case UInt8(ascii: "a"): noted = .absent
        case UInt8(ascii: "k"): noted = .directory
        default: return nil
        }
        guard !rest.isEmpty else { return nil }
        return (String(decoding: rest, as: UTF8.self), noted)
    }

    public static func == (a: InputStamps, b: InputStamps) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.path == $1.path && $0.noted == $1.noted }
    }
}
