import Foundation
import GalgenCore

/// What galgen wrote in one folder of an output folder (the published site, or its spare: the site
/// before it, kept beside it to be edited into the next one): the key and stamp of every file.
///
/// One file per folder in the cache, named after the output folder and the folder's identity
/// (`outputs/<digest of the output path>-<device>-<inode>-<birth>.manifest`; a rename keeps the
/// identity, so the record follows the folder through the exchange that publishes it). Written
/// atomically after the folder is published; removed before a spare is edited, so a killed build
/// leaves a folder without a record (unknown) rather than a wrong record. A record that is
/// missing, damaged (its last line is a digest of the rest), of another format or of another
/// galgen version is not used: the build is then a full one, and the report says why. So a record
/// can make a build slower, never wrong.
struct OutputManifest: Sendable, Equatable {
    /// What galgen wrote at one path: the key, and the file's stamp right after (a file whose
    /// stamp is no longer that was changed by someone else, and is not trusted).
    struct File: Sendable, Equatable {
        var key: OutputKey
        var stamp: FileStamp
    }

    /// What was written at one path below the folder.
    struct Recorded: Sendable, Equatable {
        var path: String
        var file: File
    }

    /// One folder and the keys of its files.
    struct Tree: Sendable, Equatable {
        var identity: FileIdentity
        /// What was written, sorted by path (no path twice): matched against the new site's sorted
        /// files in one pass, without a dictionary of a million paths.
        var files: [Recorded]
    }

    /// The format: change when the file's layout or the meaning of keys changes.
    static let format = "galgen-output-manifest 3"

    /// The galgen version that wrote the tree (keys of another version are never compared).
    var version: String
    /// The folder.
    var tree: Tree
    /// The digest of the record's text (its last line's): names this very record (``InputsRecord``).
    var checksum = ""

    /// The start of the names of an output folder's records.
    private static func stem(cache: String, output: String) -> String {
        cache + "/outputs/" + ContentHash.sha256Hex(output).prefix(24) + "-"
    }

    /// Where the record of one folder of an output folder is kept.
    static func path(cache: String, output: String, identity: FileIdentity) -> String {
        stem(cache: cache, output: output) + "\(identity.device)-\(identity.inode)-\(identity.birth).manifest"
    }

    /// Removes the records of an output folder's folders other than `keeping`.
    static func prune(cache: String, output: String, keeping: [FileIdentity], fileSystem: any FileSystem) {
        let stem = stem(cache: cache, output: output)
        // A folder's other records (of its inputs, ``InputsRecord``; of their stamps, `.stamps`) go with its manifest.
        let kept = keeping.map { identity in
            (String(path(cache: cache, output: output, identity: identity).dropLast("manifest".count)) as NSString).lastPathComponent
        }
        let prefix = (stem as NSString).lastPathComponent
        for name in (try? fileSystem.listDirectory(at: cache + "/outputs")) ?? []
        where name.hasPrefix(prefix) && !kept.contains(where: { name.hasPrefix($0) }) {
            try? fileSystem.remove(at: cache + "/outputs/" + name)
        }
    }

    /// The record's text, from files sorted by path.
    /// Made line by line into one buffer (a million files make a 100 MB record: no second copy).
    static func encode(version: String, identity: FileIdentity, files: some Collection<Recorded>) -> Data {
        // Into one byte array (appending to Data line by line cost more than the lines).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + files.count * 110)
        bytes.append(contentsOf: "\(format)\nversion \(version)\ntree \(identity) \(files.count)\n".utf8)
        let digits: StaticString = "0123456789abcdef"
        func hex(_ value: UInt64) {
            digits.withUTF8Buffer { digits in
                for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int((value >> UInt64(shift)) & 0xF)]) }
            }
        }
        func decimal(_ value: UInt64) {
            var value = value
            var reversed: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                           UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var n = 0
            withUnsafeMutableBytes(of: &reversed) { buffer in
                repeat {
                    buffer[n] = UInt8(value % 10) + 0x30
                    value /= 10
                    n += 1
                } while value > 0
                for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
            }
        }
        for recorded in files {
            let file = recorded.file
            hex(file.key.high)
            hex(file.key.low)
            bytes.append(0x20)
            decimal(file.stamp.inode)
            bytes.append(0x20)
            decimal(file.stamp.size)
            bytes.append(0x20)
            if file.stamp.modified < 0 { bytes.append(0x2D) }
            decimal(file.stamp.modified.magnitude)
            bytes.append(0x20)
            bytes.append(contentsOf: recorded.path.utf8)
            bytes.append(0x0A)
        }
        bytes.append(contentsOf: ("end " + ContentHash.sha256Hex(bytes) + "\n").utf8)
        return Data(bytes)
    }

    /// The checksum of a record as ``encode(version:identity:files:)`` made it: the digest on its
    /// last line (`end <64 hex>`), which ``decode`` gives as ``checksum``.
    static func checksum(ofEncoded encoded: Data) -> String {
        String(decoding: encoded.suffix(65).dropLast(), as: UTF8.self)
    }

    /// Why a manifest file cannot be used.
    enum Unusable: Error, Equatable {
        case missing
        case damaged(String)
        case otherVersion(String)
    }

    /// Reads a manifest's text.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - version: The running galgen's version.
    ///   - sharing: Records sorted by path whose path strings are reused for equal paths (the
    ///     spare's record shares the published one's: a million paths are 60 MB).
    static func decode(_ data: Data, version: String, sharing: [Recorded] = []) throws(Unusable) -> OutputManifest {
        // Read in place (the record of a million files is 100 MB).
        let decoded: Result<OutputManifest, Unusable> = data.withUnsafeBytes { raw in
            do throws(Unusable) {
                return .success(try decode(raw.bindMemory(to: UInt8.self), version: version, sharing: sharing))
            } catch {
                return .failure(error)
            }
        }
        return try decoded.get()
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, version: String, sharing: [Recorded]) throws(Unusable) -> OutputManifest {
        // The last line is `end <sha256 of everything before it>`.
        guard bytes.last == 0x0A, let cut = bytes.dropLast().lastIndex(of: 0x0A) else { throw .damaged("truncated") }
        let end = String(decoding: bytes[(cut + 1)..<(bytes.count - 1)], as: UTF8.self)
        guard end == "end " + ContentHash.sha256Hex(bytes[...cut]) else { throw .damaged("its checksum does not match") }
        var reader = Reader(bytes: bytes, end: cut + 1)
        guard reader.line() == format else { throw .damaged("of another format") }
        guard let v = reader.line(), v.hasPrefix("version ") else { throw .damaged("no version") }
        let written = String(v.dropFirst("version ".count))
        guard written == version else { throw .otherVersion(written) }
        guard let header = reader.line() else { throw .damaged("no tree") }
        let parts = header.split(separator: " ")
        guard parts.count == 3, parts[0] == "tree", let identity = FileIdentity(parts[1]), let count = Int(parts[2]), count >= 0 else {
            throw .damaged("bad tree header")
        }
        var files: [Recorded] = []
        files.reserveCapacity(count)
        var shared = 0
        for _ in 0..<count {
            // `key inode size modified path`; the path may hold spaces.
            guard let key = reader.key(), let inode = reader.number(), let size = reader.number(),
                  let modified = reader.number(), var path = reader.line(), !path.isEmpty else { throw .damaged("bad entry") }
            if let last = files.last, !(last.path < path) { throw .damaged("its paths are not sorted") }
            while shared < sharing.count && sharing[shared].path < path { shared += 1 }
            if shared < sharing.count && sharing[shared].path == path { path = sharing[shared].path }
            files.append(Recorded(path: path, file: File(key: key, stamp: FileStamp(inode: inode, size: size, modified: Int64(bitPattern: modified)))))
        }
        guard reader.line() == nil else { throw .damaged("more than one tree") }
        return OutputManifest(version: version, tree: Tree(identity: identity, files: files), checksum: String(end.dropFirst("end ".count)))
    }

    /// Reads fields of the manifest's text without a copy per field (a site of a million files has
    /// a million lines).
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let end: Int
        var at = 0

        init(bytes: UnsafeBufferPointer<UInt8>, end: Int) {
            self.bytes = bytes
            self.end = end
        }

        /// The rest of the line, without its newline; nil at the end.
        mutating func line() -> String? {
            guard at < end, let newline = bytes[at..<end].firstIndex(of: 0x0A) else { return nil }
            defer { at = newline + 1 }
            return String(decoding: bytes[at..<newline], as: UTF8.self)
        }

        /// A decimal number and the space after it (a negative one as its two's complement).
        mutating func number() -> UInt64? {
            var negative = false
            if at < end && bytes[at] == 0x2D {
                negative = true
                at += 1
            }
            var value: UInt64 = 0
            let start = at
            while at < end, bytes[at] >= 0x30, bytes[at] <= 0x39 {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(UInt64(bytes[at] - 0x30))
                guard !o1, !o2 else { return nil }
                value = a
                at += 1
            }
            guard at > start, at < end, bytes[at] == 0x20 else { return nil }
            at += 1
            return negative ? UInt64(bitPattern: -Int64(bitPattern: value)) : value
        }

        /// 32 hex digits and the space after them.
        mutating func key() -> OutputKey? {
            guard at + 33 <= end, bytes[at + 32] == 0x20 else { return nil }
            var halves: (UInt64, UInt64) = (0, 0)
            for i in 0..<32 {
                let c = bytes[at + i]
                let digit: UInt8
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x61...0x66: digit = c - 0x61 + 10
                default: return nil
                }
                if i < 16 { halves.0 = halves.0 << 4 | UInt64(digit) } else { halves.1 = halves.1 << 4 | UInt64(digit) }
            }
            at += 33
            return OutputKey(high: halves.0, low: halves.1)
        }
    }

    /// Loads the record of the folder now at `folder`.
    /// - Returns: Its files; nil when nothing is at `folder`.
    static func load(cache: String, output: String, folder: String, fileSystem: any FileSystem,
                     version: String, sharing: [Recorded] = []) throws(Unusable) -> Tree? {
        try loadManifest(cache: cache, output: output, folder: folder, fileSystem: fileSystem, version: version, sharing: sharing)?.tree
    }

    /// Loads the record of the folder now at `folder`, with its checksum.
    /// - Returns: The record; nil when nothing is at `folder`.
    static func loadManifest(cache: String, output: String, folder: String, fileSystem: any FileSystem,
                             version: String, sharing: [Recorded] = []) throws(Unusable) -> OutputManifest? {
        guard fileSystem.kind(at: folder) == .directory, let identity = fileSystem.identity(at: folder) else { return nil }
        let path = path(cache: cache, output: output, identity: identity)
        guard fileSystem.kind(at: path) != nil else { throw .missing }
        let data: Data
        do { data = try fileSystem.readFile(at: path) } catch { throw .damaged("unreadable (\(error.reason))") }
        let manifest = try decode(data, version: version, sharing: sharing)
        guard manifest.tree.identity == identity else { throw .damaged("it names another folder") }
        return manifest
    }
}
