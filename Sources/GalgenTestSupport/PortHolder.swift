#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 that accepts nothing: holds a port so a test can see what
/// happens when it is taken; after ``close()`` the port refuses connections.
public final class PortHolder: @unchecked Sendable {
    /// The port held.
    public let port: Int
    private var descriptor: Int32

    /// Listens on `port` of 127.0.0.1 (0: any free port); `nil` when it cannot be bound.
    /// - Parameter port: The port to hold.
    public init?(port: Int = 0) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            Self.close(descriptor)
            return nil
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
    }

    /// A port of 127.0.0.1 that nothing listens on (held, then released): connections are refused.
    public static func refusing() -> Int? {
        guard let holder = PortHolder() else { return nil }
        holder.close()
        return holder.port
    }

    /// Stops listening.
    public func close() {
        if descriptor >= 0 {
            Self.close(descriptor)
            descriptor = -1
        }
    }

    private static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    deinit { close() }
}
