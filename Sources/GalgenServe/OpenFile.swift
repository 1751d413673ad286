#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird

/// A file opened for one response. Size and time come from the open descriptor, so they describe
/// exactly the bytes that are sent even if a rebuild swaps the site folder meanwhile; the descriptor
/// closes when the last reference goes, whether or not the body was written.
final class OpenFile: Sendable {
    let descriptor: Int32
    /// Size in bytes.
    let size: Int
    /// Modification time: seconds and nanoseconds since 1970.
    let modified: (seconds: Int, nanoseconds: Int)

    /// Opens a regular file for reading; nil when it cannot be opened or is not a regular file.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        descriptor = fd
        size = Int(info.st_size)
        modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
    }

    deinit { close(descriptor) }

    /// Reads `count` bytes from `offset`; fewer only if the file was shortened meanwhile.
    func read(offset: Int, count: Int) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        var done = 0
        while done < count {
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count - done) { raw in
                let n = pread(descriptor, raw.baseAddress, count - done, off_t(offset + done))
                return n > 0 ? n : 0
            }
            if got == 0 { break }
            done += got
        }
        return buffer
    }

    /// A body that streams `range` in 64 KiB chunks (for large files; small ones are read at once).
    func body(_ range: ClosedRange<Int>) -> ResponseBody {
        let count = range.count
        if count <= 1 << 18 { return ResponseBody(byteBuffer: read(offset: range.lowerBound, count: count)) }
        return ResponseBody(contentLength: count) { writer in
            var offset = range.lowerBound
            while offset <= range.upperBound {
                let chunk = self.read(offset: offset, count: min(1 << 16, range.upperBound - offset + 1))
                if chunk.readableBytes == 0 { break }
                offset += chunk.readableBytes
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        }
    }
}
