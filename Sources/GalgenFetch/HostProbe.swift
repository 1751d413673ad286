#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// The live look at a host: resolve its name, then open (and close) a TCP connection to the port,
/// all within a time budget. Used by ``AsyncHTTPTransport`` for ``HTTPTransport/probe(host:port:)``.
enum HostProbe {
    /// Resolves `host` and connects to `port`; ``Reachability/unknown`` when the budget runs out first.
    static func look(host: String, port: Int, budget: Duration = .seconds(2)) async -> Reachability {
        let milliseconds = Int(budget.components.seconds * 1000 + budget.components.attoseconds / 1_000_000_000_000_000)
        return await withCheckedContinuation { continuation in
            let once = Once(continuation)
            DispatchQueue.global().async { once.resume(blockingLook(host: host, port: port, milliseconds: milliseconds)) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds + 200)) { once.resume(.unknown) }
        }
    }

    /// The look, blocking the calling thread (getaddrinfo cannot be given a timeout, hence the race above).
    static func blockingLook(host: String, port: Int, milliseconds: Int) -> Reachability {
        let start = DispatchTime.now()
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let resolved = getaddrinfo(bare, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            if [EAI_NONAME, EAI_AGAIN, EAI_FAIL].contains(resolved) || resolved == -5 /* EAI_NODATA */ {
                return .unreachable("\(host) does not resolve (\(String(cString: gai_strerror(resolved))))")
            }
            return .unknown
        }
        defer { freeaddrinfo(first) }
        var refused = 0, noRoute = 0, tried = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            let spent = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            guard spent < milliseconds else { break }
            tried += 1
            switch connect(current.pointee, milliseconds: milliseconds - spent) {
            case 0: return .reachable
            case ECONNREFUSED: refused += 1
            case ENETUNREACH, EHOSTUNREACH: noRoute += 1
            default: break
            }
        }
        if tried > 0 && refused == tried { return .unreachable("\(host) refuses connections on port \(port)") }
        if tried > 0 && refused + noRoute == tried { return .unreachable("no route to \(host)") }
        return .unknown
    }

    /// Opens a non-blocking connection and waits for it; 0 when it opened, else the errno (ETIMEDOUT when out of time).
    private static func connect(_ address: addrinfo, milliseconds: Int) -> Int32 {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if canImport(Glibc)
        let started = Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen)
        #else
        let started = Darwin.connect(descriptor, address.ai_addr, address.ai_addrlen)
        #endif
        if started == 0 { return 0 }
        guard errno == EINPROGRESS else { return errno }
        var watch = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&watch, 1, Int32(max(1, milliseconds))) == 1 else { return ETIMEDOUT }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return errno }
        return failure
    }
}

/// Resumes a continuation once, whichever of two racers comes first.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Reachability, Never>?

    init(_ continuation: CheckedContinuation<Reachability, Never>) { self.continuation = continuation }

    func resume(_ value: Reachability) {
        let pending = lock.withLock { () -> CheckedContinuation<Reachability, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: value)
    }
}
