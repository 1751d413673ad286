import Foundation
import Crypto
import GalgenCore

/// What galgen knows of the folders it wrote for one output folder: for the published site and for
/// its spare (the site before it, kept beside it to be edited into the next one), which folder it
/// is (by identity, which a rename keeps) and the key of every file in it.
///
/// Kept in the cache folder (`outputs/<digest of the output path>.manifest`), written atomically
/// after every publish. A file that is missing, damaged (its last line is a digest of the rest),
/// of another format or written by another galgen version is not used: the build is then a full
/// one, and the report says why. A folder whose identity does not match is unknown (a full build
/// too), so a manifest can never make a build wrong, only slower.
struct OutputManifest: Sendable, Equatable {
    /// What galgen wrote at one path: the key, and the file's stamp right after (a file whose
    /// stamp is no longer that was changed by someone else, and is not trusted).
    struct File: Sendable, Equatable {
        var key: OutputKey
        var stamp: FileStamp
    }

    /// One folder and the keys of its files.
    struct Tree: Sendable, Equatable {
        var identity: FileIdentity
        /// Path below the folder → what was written there.
        var files: [String: File]
    }

    /// The format: change when the file's layout or the meaning of keys changes.
    static let format = "galgen-output-manifest 2"

    /// The galgen version that wrote the trees (keys of another version are never compared).
    var version: String
    /// The published folder.
    var output: Tree?
    /// The spare folder.
    var spare: Tree?

    /// Where the manifest of an output folder is kept in a cache.
    static func path(cache: String, output: String) -> String {
        cache + "/outputs/" + ContentHash.sha256Hex(output).prefix(24) + ".manifest"
    }

    /// The manifest's text.
    func encoded() -> Data {
        var text = Self.format + "\nversion " + version + "\n"
        for (name, tree) in [("output", output), ("spare", spare)] {
            guard let tree else { continue }
            text += "\(name) \(tree.identity) \(tree.files.count)\n"
            for path in tree.files.keys.sorted() {
                let file = tree.files[path]!
                text += "\(file.key) \(file.stamp.inode) \(file.stamp.size) \(file.stamp.modified) \(path)\n"
            }
        }
        var data = Data(text.utf8)
        data.append(contentsOf: Array(("end " + ContentHash.sha256Hex(data) + "\n").utf8))
        return data
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
    static func decode(_ data: Data, version: String) throws(Unusable) -> OutputManifest {
        // The last line is `end <sha256 of everything before it>`.
        guard data.last == 0x0A, let cut = data.dropLast().lastIndex(of: 0x0A) else { throw .damaged("truncated") }
        let body = data[data.startIndex...cut]
        let end = String(decoding: data[(cut + 1)...].dropLast(), as: UTF8.self)
        guard end == "end " + ContentHash.sha256Hex(body) else { throw .damaged("its checksum does not match") }
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        func line() -> String? { lines.isEmpty ? nil : String(decoding: lines.removeFirst(), as: UTF8.self) }
        guard line() == format else { throw .damaged("of another format") }
        guard let v = line(), v.hasPrefix("version ") else { throw .damaged("no version") }
        let written = String(v.dropFirst("version ".count))
        guard written == version else { throw .otherVersion(written) }
        var manifest = OutputManifest(version: version)
        while let header = line(), !header.isEmpty {
            let parts = header.split(separator: " ")
            guard parts.count == 3, let identity = FileIdentity(parts[1]), let count = Int(parts[2]), count >= 0 else {
                throw .damaged("bad tree header")
            }
            var files: [String: File] = [:]
            files.reserveCapacity(count)
            for _ in 0..<count {
                guard !lines.isEmpty else { throw .damaged("truncated") }
                // `key inode size modified path`; the path may hold spaces.
                let fields = lines.removeFirst().split(separator: 0x20, maxSplits: 4, omittingEmptySubsequences: false)
                func number<T: FixedWidthInteger>(_ i: Int) -> T? { T(String(decoding: fields[i], as: UTF8.self)) }
                guard fields.count == 5, let key = OutputKey(hex: String(decoding: fields[0], as: UTF8.self)),
                      let inode: UInt64 = number(1), let size: UInt64 = number(2), let modified: Int64 = number(3), !fields[4].isEmpty
                else { throw .damaged("bad entry") }
                files[String(decoding: fields[4], as: UTF8.self)] = File(key: key, stamp: FileStamp(inode: inode, size: size, modified: modified))
            }
            switch parts[0] {
            case "output": manifest.output = Tree(identity: identity, files: files)
            case "spare": manifest.spare = Tree(identity: identity, files: files)
            default: throw .damaged("unknown tree \(parts[0])")
            }
        }
        return manifest
    }

    /// Loads the manifest of an output folder.
    static func load(from path: String, fileSystem: any FileSystem, version: String) throws(Unusable) -> OutputManifest {
        guard fileSystem.kind(at: path) != nil else { throw .missing }
        let data: Data
        do { data = try fileSystem.readFile(at: path) } catch { throw .damaged("unreadable (\(error.reason))") }
        return try decode(data, version: version)
    }
}
