#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GalgenConfig
import GalgenCore

/// What a build reads from disk (the config file, the templates and assets folders, the `i18n/` message overrides, local source files,
/// and the local pictures the records point at), and a cheap way to tell that any of it changed:
/// polling `stat` (size, modification time, inode). The watched set is read from the config itself,
/// so adding a source file starts watching it; the pictures come from the last good build, so a
/// record that starts pointing at a new picture starts watching it too. A picture that is missing is
/// watched as missing: adding it (or deleting a present one) is a change.
///
/// Polling was chosen over inotify: it sees editors that replace files by renaming, folders that
/// are deleted and recreated, and network file systems, and a few hundred `stat` calls every 100 ms
/// cost nothing measurable. Latency is one interval plus one more to let a save settle.
struct InputWatcher: Sendable {
    /// One file's stamp.
    struct Stamp: Hashable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    /// Every watched file with its stamp.
    struct Snapshot: Hashable {
        var stamps: [String: Stamp] = [:]

        /// Paths added, removed or modified since `older`, sorted.
        func changes(since older: Snapshot) -> [String] {
            var paths: [String] = []
            for (path, stamp) in stamps where older.stamps[path] != stamp { paths.append(path) }
            for path in older.stamps.keys where stamps[path] == nil { paths.append(path) }
            return paths.sorted()
        }
    }

    /// Absolute path of the config file.
    let configPath: String
    /// Where the config and the inputs are read.
    let fileSystem: any FileSystem
    /// The site being served: never an input, even when it is inside one (a site made in its photo folder).
    var siteDirectory: String? = nil

    /// The files and folders a build of this config reads; the config file alone when it cannot be
    /// read (a broken config is still watched, so fixing it triggers the next build).
    func roots() -> [String] {
        guard let config = try? ConfigLoader(fileSystem: fileSystem).load(path: configPath) else { return [configPath] }
        // `i18n/` beside the config: the site's message overrides.
        return ([configPath, config.templatesDirectory, config.assetsDirectory, config.baseDirectory + "/i18n"]
            + config.sources.compactMap(\.localInput)).sorted()
    }

    /// Stamps every file below the roots (folders are listed as the build lists them; missing roots
    /// are simply absent) and every picture.
    /// - Parameter pictures: Absolute paths of the local pictures the last good build read.
    func snapshot(pictures: [String] = []) -> Snapshot {
        var snapshot = Snapshot()
        for root in roots() {
            // Hidden files and folders are not inputs: a folder source skips them, and the cache, the
            // staging folder and the spare of a site made inside its photo folder are hidden.
            let files = fileSystem.targetKind(at: root) == .directory
                ? ((try? fileSystem.listFilesRecursively(at: root, followingLinks: true)) ?? [])
                    .filter { !$0.hasPrefix(".") && !$0.contains("/.") }.map { root + "/" + $0 } : [root]
            for path in files where siteDirectory.map({ !path.hasPrefix($0 + "/") }) ?? true { Self.stamp(path, into: &snapshot) }
        }
        for path in pictures where snapshot.stamps[path] == nil { Self.stamp(path, into: &snapshot) }
        return snapshot
    }

    /// Adds the stamp of one file (following links), if it exists. Read with `stat` itself:
    /// ``FileSystem/stamp(at:)`` does not follow a final link, and a linked input must be seen to change.
    private static func stamp(_ path: String, into snapshot: inout Snapshot) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        snapshot.stamps[path] = Stamp(size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec),
                                      nanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino))
    }
}
