#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import NIOCore

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
    ///
    /// The body ends only once the connection has handed every byte to the kernel: at shutdown
    /// Hummingbird closes a connection right after its response's end, and closing drops whatever
    /// SwiftNIO still buffers, which cut downloads short (found by the Ctrl-C test). Waiting on the
    /// buffered byte count also keeps memory per download bounded.
    func body(_ range: ClosedRange<Int>, channel: any Channel) -> ResponseBody {
        let count = range.count
        if count <= 1 << 16 { return Self.drained(read(offset: range.lowerBound, count: count), channel: channel) }
        return ResponseBody(contentLength: count) { writer in
            var offset = range.lowerBound
            while offset <= range.upperBound {
                try await Self.drain(channel, below: 1 << 20)
                let chunk = self.read(offset: offset, count: min(1 << 16, range.upperBound - offset + 1))
                if chunk.readableBytes == 0 { break }
                offset += chunk.readableBytes
                try await writer.write(chunk)
            }
            try await Self.drain(channel, below: 1)
            try await writer.finish(nil)
        }
    }

    /// A body of one buffer that, too, ends only once its bytes have left SwiftNIO's buffer.
    static func drained(_ buffer: ByteBuffer, channel: any Channel) -> ResponseBody {
        ResponseBody(contentLength: buffer.readableBytes) { writer in
            try await writer.write(buffer)
            try await drain(channel, below: 1)
            try await writer.finish(nil)
        }
    }

    /// Waits until the connection buffers fewer than `limit` bytes (or is gone).
    private static func drain(_ channel: any Channel, below limit: Int) async throws {
        while channel.isActive, let buffered = try? await channel.getOption(.bufferedWritableBytes).get(), buffered >= limit {
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
