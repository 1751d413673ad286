public import Foundation
import CGalgenSystem
#if canImport(Glibc)
import Glibc
#endif

/// The real file system, through POSIX calls.
public struct LocalFileSystem: FileSystem {
    /// Creates the live file system.
    public init() {}

    private static func error(_ operation: String, _ path: String, _ err: Int32 = errno) -> FileSystemError {
        var error = FileSystemError(errno: err, operation: operation, path: path)
        if error.isDiskTrouble { error.disk = DiskDescription.of(path) }
        return error
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.error("read", path) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Self.error("read", path) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw Self.error("read", path, EISDIR) }
        var data = Data(capacity: max(Int(st.st_size), 0))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.error("read", path)
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    public func readChunks(at path: String, chunkSize: Int, _ each: (Data) -> Bool) throws(FileSystemError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.error("read", path) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Self.error("read", path) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw Self.error("read", path, EISDIR) }
        var buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.error("read", path)
            }
            if n == 0 || !each(Data(buffer[0..<n])) { return }
        }
    }

    public func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = (dir.isEmpty ? "." : dir) + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try write(data, to: temp, flags: O_EXCL, reported: path)
        guard Glibc.rename(temp, path) == 0 else {
            let err = errno
            unlink(temp)
            throw Self.error("write", path, err)
        }
    }

    public func writeFile(_ data: Data, to path: String) throws(FileSystemError) {
        try write(data, to: path, flags: O_TRUNC, reported: path)
    }

    /// Creates `path` with `flags` added to `O_WRONLY | O_CREAT` and writes all of `data`; a failed
    /// write removes the file. Errors name `reported`.
    private func write(_ data: Data, to path: String, flags: Int32, reported: String) throws(FileSystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o644)
        guard fd >= 0 else { throw Self.error("write", reported) }
        var ok = true
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0 && ok {
            ok = false
            failure = errno
        }
        guard ok else {
            unlink(path)
            throw Self.error("write", reported, failure)
        }
    }

    public func createDirectory(at path: String) throws(FileSystemError) {
        // One mkdir in the common case (the parent exists): a site of a million items makes a
        // million folders.
        if mkdir(path, 0o755) == 0 { return }
        switch errno {
        case EEXIST:
            if targetKind(at: path) == .directory { return }
            errno = EEXIST
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty && parent != path {
                try createDirectory(at: parent)
                if mkdir(path, 0o755) == 0 || (errno == EEXIST && targetKind(at: path) == .directory) { return }
            }
        default:
            break
        }
        throw Self.error("create folder", path)
    }

    public func kind(at path: String) -> FileKind? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Self.kind(of: st)
    }

    private static func kind(of st: stat) -> FileKind {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    public func listDirectory(at path: String) throws(FileSystemError) -> [String] {
        guard let dir = opendir(path) else { throw Self.error("list", path) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public func targetKind(at path: String) -> FileKind? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Self.kind(of: st)
    }

    public func linkDestination(at path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String] {
        try walkFiles(at: path, followingLinks: followingLinks) { full in
            var st = stat()
            guard stat(full, &st) == 0 else { return nil }
            return (UInt64(st.st_dev), UInt64(st.st_ino))
        }
    }

    public func remove(at path: String) throws(FileSystemError) {
        guard let k = kind(at: path) else { return }
        if k == .directory {
            for name in try listDirectory(at: path) { try remove(at: path + "/" + name) }
            if rmdir(path) != 0 && errno != ENOENT { throw Self.error("remove", path) }
        } else if unlink(path) != 0 && errno != ENOENT {
            throw Self.error("remove", path)
        }
    }

    public func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard Glibc.rename(source, destination) == 0 else { throw Self.error("rename", "\(source) to \(destination)") }
    }

    public func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool {
        if CGalgenSystem_exchange(a, b) == 0 { return true }
        let err = errno
        if err == ENOSYS || err == EINVAL || err == EXDEV { return false }
        throw Self.error("exchange", "\(a) and \(b)", err)
    }

    public func modificationTime(at path: String) -> Double? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }

    public func identity(at path: String) -> FileIdentity? {
        var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &out) { raw in
            CGalgenSystem_identity(path, raw.baseAddress!.assumingMemoryBound(to: UInt64.self)) == 0
        }
        guard ok else { return nil }
        return FileIdentity(device: out.0, inode: out.1, birth: out.2 &* 1_000_000_000 &+ out.3)
    }

    public func stamp(at path: String) -> FileStamp? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Self.stamp(st)
    }

    private static func stamp(_ st: stat) -> FileStamp {
        FileStamp(inode: UInt64(st.st_ino), size: UInt64(st.st_size),
                  modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }

    public func stamps(under root: String, _ paths: [String]) -> [FileStamp?] {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return paths.map { stamp(at: root + "/" + $0) } }
        defer { close(folder) }
        var st = stat()
        return paths.map { path in
            guard fstatat(folder, path, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return Self.stamp(st)
        }
    }

    public func hardLink(_ source: String, to destination: String) throws(FileSystemError) {
        if link(source, destination) == 0 { return }
        guard errno == EEXIST else { throw Self.error("link", "\(source) to \(destination)") }
        guard unlink(destination) == 0 || errno == ENOENT, link(source, destination) == 0 else {
            throw Self.error("link", "\(source) to \(destination)")
        }
    }

    public func writeNewFile(_ data: Data, to path: String) throws(FileSystemError) {
        if unlink(path) != 0 && errno != ENOENT { throw Self.error("replace", path) }
        try write(data, to: path, flags: O_EXCL, reported: path)
    }

    public func lockExclusively(at path: String) throws(FileSystemError) -> FileLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.error("open", path) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let failure = Self.error("lock", path)
                close(fd)
                throw failure
            }
        }
        return FileLock(release: { close(fd) })
    }

    public func fileSize(at path: String) throws(FileSystemError) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { throw Self.error("stat", path) }
        return Int(st.st_size)
    }
}

extension FileSystemError {
    /// The error a failed system call reports: its class from `errno`, its reason from `strerror`.
    /// Shared with the test suite's in-memory file system, so both say the same words.
    /// - Parameters:
    ///   - errno: The system's error number.
    ///   - operation: What galgen was doing.
    ///   - path: The path involved.
    package init(errno: Int32, operation: String, path: String) {
        let code: Code =
            switch errno {
            case ENOENT: .notFound
            case EACCES, EPERM: .permissionDenied
            case ENOTDIR: .notADirectory
            case EISDIR: .isADirectory
            case ENOSPC, EDQUOT: .noSpace
            case EROFS: .readOnly
            default: .ioError
            }
        self.init(code, operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}
