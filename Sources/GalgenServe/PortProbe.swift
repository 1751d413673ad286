#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GalgenCore
import NIOCore

/// Finds out, before the server starts, whether a port can be listened on, so `galgen serve` can
/// say "port 8080 is taken" (or move to the next free port) instead of failing inside the server
/// after the first build.
public enum PortProbe {
    /// Whether a server could listen on `host:port` now: binds a socket (with `SO_REUSEADDR`, as the
    /// server does, so a port in `TIME_WAIT` counts as free) to every address the host resolves to,
    /// then closes it.
    /// - Parameters:
    ///   - host: The address the server would bind (`127.0.0.1`, `::1`, `localhost`, …).
    ///   - port: The port; 0 is always free.
    /// - Returns: `false` when some address of the host is taken (`EADDRINUSE`); `true` otherwise,
    ///   including when the host cannot be resolved (the server then reports that itself).
    public static func isFree(host: String, port: Int) -> Bool {
        if port == 0 { return true }
        var hints = AddressLookup.streamHints(passive: true)
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = AddressLookup.bareHost(host)
        guard getaddrinfo(bare, String(port), &hints, &list) == 0, let first = list else { return true }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            let descriptor = socket(current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
            if descriptor >= 0 {
                var one: Int32 = 1
                _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
                let bound = bind(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen)
                let failure = errno
                close(descriptor)
                if bound != 0 && failure == EADDRINUSE { return false }
            }
            entry = current.pointee.ai_next
        }
        return true
    }

    /// The first free port from `start` on, trying `attempts` ports; `nil` when all are taken.
    /// - Parameters:
    ///   - host: The address the server would bind.
    ///   - start: The first port tried.
    ///   - attempts: How many consecutive ports to try.
    public static func firstFree(host: String, from start: Int, attempts: Int = 20) -> Int? {
        (start..<min(start + attempts, 65536)).first { isFree(host: host, port: $0) }
    }

    /// Whether `error`, thrown by the server, means the address was taken (someone bound it between
    /// the probe and the server's start).
    /// - Parameter error: What ``PreviewServer/run(onReady:)`` threw.
    public static func isAddressInUse(_ error: any Error) -> Bool {
        (error as? IOError)?.errnoCode == EADDRINUSE
    }
}
