/// Lexical path helpers (no file-system access).
public enum Paths {
    /// The folder part of a path (`/a/b/c.json` → `/a/b`).
    /// - Parameter path: A file path.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute against `base` (when relative) and normalised: no `.`, `..` or empty segments.
    /// - Parameters:
    ///   - path: An absolute or relative path.
    ///   - base: An absolute folder.
    public static func resolve(_ path: String, against base: String) -> String {
        normalize(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// Removes `.`, `..` and empty segments of an absolute path.
    /// - Parameter path: An absolute path.
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for segment in path.split(separator: "/") {
            if segment == "." { continue }
            if segment == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(segment)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `base` when it lies inside it, else `path` unchanged.
    /// - Parameters:
    ///   - path: An absolute path.
    ///   - base: An absolute folder.
    public static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
