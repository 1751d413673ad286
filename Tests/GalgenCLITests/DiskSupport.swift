import Foundation
import GalgenTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted for one test, so a test can fill a real disk or make it read-only. Needs
/// root (CI runs as root); ``available`` says whether this machine allows it.
struct TmpFS {
    /// Where it is mounted.
    let path: String

    /// Whether tmpfs mounts work here (tried once).
    static let available: Bool = {
        guard getuid() == 0, let probe = try? TemporaryDirectory(prefix: "galgen-mount-probe") else { return false }
        defer { probe.remove() }
        guard command(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) else { return false }
        return command(["umount", probe.path])
    }()

    /// Mounts a tmpfs of `kilobytes` at `path` (made if missing).
    init(at path: String, kilobytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.command(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        self.path = path
    }

    /// Remounts it read-only (`true`) or writable.
    func setReadOnly(_ readOnly: Bool) -> Bool {
        Self.command(["mount", "-o", "remount," + (readOnly ? "ro" : "rw"), path])
    }

    /// Fills every free byte with a file named `filler`, returning its path (remove it to free the space).
    func fill() -> String {
        let filler = path + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return filler }
        let chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        // The last partial block: single bytes until the disk refuses.
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
        close(fd)
        return filler
    }

    /// Unmounts it (lazily, should a file still be open).
    func unmount() { _ = Self.command(["umount", "-l", path]) }

    @discardableResult
    static func command(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Every regular file under a folder with its bytes, as path → bytes, for comparing whole sites.
func files(of path: String) throws -> [String: Data] {
    Dictionary(uniqueKeysWithValues: try FixtureSite.snapshot(of: path))
}

/// The names in a folder that a build leaves only while it runs (staging and old folders of a
/// build that stopped short, temporary files of atomic writes).
func leftovers(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".staging-") || $0.contains(".old-") || $0.contains(".tmp-") }
}
