import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Names the disk a path lies on, for the message of a full or read-only disk, so the person
/// reading it knows which disk to free or remount: "disk /mnt/site (tmpfs from tmpfs), 0 B free of
/// 2.0 MB, read-only". The mount point is the longest one in `/proc/self/mountinfo` that holds the
/// path's nearest existing folder (links resolved); space comes from `statvfs`.
public enum DiskDescription {
    /// The disk holding `path` (or its nearest existing ancestor), or nil when nothing on the way exists.
    /// - Parameter path: The file or folder a failed operation named.
    public static func of(_ path: String) -> String? {
        guard let existing = nearestExisting(path) else { return nil }
        let mount = mounts().filter { contains($0.point, existing) }.max { $0.point.count < $1.point.count }
        var vfs = statvfs()
        guard statvfs(existing, &vfs) == 0 else { return mount.map { "disk \($0.point)" } }
        let available = Int64(vfs.f_bavail) * Int64(vfs.f_frsize), total = Int64(vfs.f_blocks) * Int64(vfs.f_frsize)
        var text = "disk \(mount?.point ?? "/")"
        if let mount { text += " (\(mount.type) from \(mount.source))" }
        text += ", \(size(available)) free of \(size(total))"
        if vfs.f_flag & UInt(ST_RDONLY) != 0 { text += ", mounted read-only" }
        return text
    }

    /// The path itself if it exists, else its nearest existing ancestor, with links resolved.
    static func nearestExisting(_ path: String) -> String? {
        var candidate = path.isEmpty ? "." : path
        while true {
            if let resolved = realpath(candidate, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return nil }
            candidate = parent
        }
    }

    /// Whether mount point `point` holds `path` (both absolute and resolved).
    static func contains(_ point: String, _ path: String) -> Bool {
        point == "/" || path == point || path.hasPrefix(point + "/")
    }

    /// One line of `/proc/self/mountinfo`: where, what kind, from what.
    struct Mount: Equatable {
        var point: String
        var type: String
        var source: String
    }

    /// This process's mounts; empty where `/proc` is not mounted.
    static func mounts() -> [Mount] {
        guard let text = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { parse(String($0)) }
    }

    /// Parses a mountinfo line: `id parent major:minor root point options [optional…] - type source super`.
    /// - Parameter line: One line.
    static func parse(_ line: String) -> Mount? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard fields.count >= 7, let dash = fields.firstIndex(of: "-"), dash >= 6, fields.count >= dash + 3 else { return nil }
        return Mount(point: unescape(fields[4]), type: unescape(fields[dash + 1]), source: unescape(fields[dash + 2]))
    }

    /// Undoes the kernel's octal escapes (`\040` for a space, `\011`, `\012`, `\134`).
    static func unescape(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var bytes: [UInt8] = []
        let raw = Array(field.utf8)
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "\\"), i + 3 < raw.count,
               let value = UInt8(String(decoding: raw[(i + 1)...(i + 3)], as: UTF8.self), radix: 8) {
                bytes.append(value)
                i += 4
            } else {
                bytes.append(raw[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A byte count for people: 0 B, 512 KB, 2.0 MB, 1.5 GB (powers of 1,024).
    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KB" }
        let units = ["MB", "GB", "TB"]
        var value = Double(bytes) / (1024 * 1024)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
