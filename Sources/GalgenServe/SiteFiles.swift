#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GalgenCore

/// Finds the file a request names inside the site folder, and nothing outside it.
///
/// Every lookup resolves symlinks with `realpath` and accepts the result only when it is the site
/// folder itself or below it, so a link that points out of the folder is refused like `..` is. The
/// folder's own path is resolved on each lookup because a rebuild swaps it for a new one.
public struct SiteFiles: Sendable {
    /// The site folder as configured (may not exist yet before the first good build).
    public let root: String

    /// Creates a lookup over a folder.
    /// - Parameter root: Absolute path of the site folder.
    public init(root: String) {
        self.root = root
    }

    /// A file that was found.
    public struct Found: Sendable, Hashable {
        /// Real path of the file.
        public var path: String
        /// Size in bytes.
        public var size: Int
        /// Modification time, whole seconds since 1970.
        public var modifiedSeconds: Int
        /// Nanoseconds part of the modification time.
        public var modifiedNanoseconds: Int
    }

    /// What a lookup found.
    public enum Lookup: Sendable, Hashable {
        /// A regular file.
        case file(Found)
        /// A folder asked for without its trailing slash: redirect to this path.
        case addSlash(String)
        /// Nothing there.
        case notFound
        /// The path resolves outside the site folder.
        case outside
    }

    /// Looks up segments produced by ``RequestPath``.
    /// - Parameters:
    ///   - segments: Decoded path segments.
    ///   - directoryForm: Whether the request path ended in `/`.
    public func lookup(_ segments: [String], directoryForm: Bool) -> Lookup {
        guard let base = Self.realPath(root) else { return .notFound }
        let candidate = segments.isEmpty ? base : base + "/" + segments.joined(separator: "/")
        guard let real = Self.realPath(candidate) else { return .notFound }
        guard Self.isInside(real, base) else { return .outside }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            if !directoryForm && !segments.isEmpty { return .addSlash(Self.encodedPath(segments) + "/") }
            guard let index = Self.realPath(real + "/index.html") else { return .notFound }
            guard Self.isInside(index, base) else { return .outside }
            return Self.regularFile(index)
        case S_IFREG:
            return directoryForm ? .notFound : Self.regularFile(real)
        default:
            return .notFound
        }
    }

    /// Whether `path` is `base` or inside it (both real paths).
    static func isInside(_ path: String, _ base: String) -> Bool {
        path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    /// Builds a path from decoded segments, escaping what a URL path cannot hold. Made from the
    /// segments, never from the raw target, so `//host` cannot turn into a protocol-relative redirect.
    static func encodedPath(_ segments: [String]) -> String {
        var out = ""
        for segment in segments {
            out += "/"
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                     UInt8(ascii: "~"):
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = Array("0123456789ABCDEF".utf8)
                    out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
                }
            }
        }
        return out.isEmpty ? "/" : out
    }

    private static func regularFile(_ path: String) -> Lookup {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .notFound }
        return .file(Found(path: path, size: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
                           modifiedNanoseconds: Int(info.st_mtim.tv_nsec)))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
