#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import GalgenCore

/// The live look at a host: resolve its name, then open (and close) a TCP connection to the port,
/// all within a time budget. Used by ``AsyncHTTPTransport`` for ``HTTPTransport/probe(host:port:)``.
///
/// A name lookup cannot be given a timeout, so it runs on its own thread and is waited for; one
/// that has not answered when the budget ends is not started again by the next look, which waits
/// for the same answer. No answer within the budget counts as unreachable (the resolver cannot be
/// reached: the usual way a machine without network fails), so the fetcher says so at once.
final class HostProbe: Sendable {
    private let lookups = Lookups()

    /// Resolves `host` and connects to `port`; ``Reachability/unknown`` when the connection
    /// neither opens nor fails within the budget.
    func look(host: String, port: Int, budget: Duration = .seconds(2)) async -> Reachability {
        let milliseconds = Int(budget.components.seconds * 1000 + budget.components.attoseconds / 1_000_000_000_000_000)
        let lookups = self.lookups
        return await withCheckedContinuation { continuation in
            let once = Once(continuation)
            DispatchQueue.global().async {
                once.resume(Self.blockingLook(host: host, port: port, milliseconds: milliseconds, lookups: lookups))
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds + 500)) { once.resume(.unknown) }
        }
    }

    /// The look, blocking the calling thread.
    static func blockingLook(host: String, port: Int, milliseconds: Int, lookups: Lookups) -> Reachability {
        let start = DispatchTime.now()
        let bare = AddressLookup.bareHost(host)
        guard let answer = lookups.answer(for: bare, port: port, milliseconds: milliseconds) else {
            return .unreachable("\(host) does not resolve (no answer from the name server yet)")
        }
        let addresses: [Address]
        switch answer {
        case .failure(let failure):
            let code = failure.code
            if [EAI_NONAME, EAI_AGAIN, EAI_FAIL].contains(code) || code == -5 /* EAI_NODATA */ {
                return .unreachable("\(host) does not resolve (\(String(cString: gai_strerror(code))))")
            }
            return .unknown
        case .success(let list):
            addresses = list
        }
        var refused = 0, noRoute = 0, tried = 0
        for address in addresses {
            let spent = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            guard spent < milliseconds else { break }
            tried += 1
            switch connect(address, milliseconds: milliseconds - spent) {
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

    /// One resolved address, copied out of `getaddrinfo`'s list.
    struct Address: Sendable {
        var family: Int32
        var type: Int32
        var proto: Int32
        var bytes: [UInt8]
    }

    /// Name lookups in flight, one per host and port, each on its own thread; a look waits for the
    /// answer at most its budget, and a later look waits for the same lookup while it is unanswered.
    final class Lookups: @unchecked Sendable {
        private let condition = NSCondition()
        private var pending: [String: Box] = [:]

        final class Box: @unchecked Sendable {
            var answer: Result<[Address], LookupFailure>?
        }

        struct LookupFailure: Error {
            var code: Int32
        }

        /// The answer for `host`, waiting at most `milliseconds`; nil when there is none yet.
        func answer(for host: String, port: Int, milliseconds: Int) -> Result<[Address], LookupFailure>? {
            let key = "\(host):\(port)"
            condition.lock()
            defer { condition.unlock() }
            let box: Box
            var wait = milliseconds
            if let running = pending[key] {
                // A lookup an earlier look left unanswered: a short wait more, so the looks of one
                // request stay within seconds.
                box = running
                wait = min(milliseconds, 500)
            } else {
                box = Box()
                pending[key] = box
                Thread.detachNewThread { [self] in
                    let answer = Self.resolve(host, port: port)
                    condition.lock()
                    box.answer = answer
                    condition.broadcast()
                    condition.unlock()
                }
            }
            let deadline = Date(timeIntervalSinceNow: Double(wait) / 1000)
            while box.answer == nil && condition.wait(until: deadline) {}
            guard let answer = box.answer else { return nil }
            // Answered: the next look asks again (the network may have come back).
            if pending[key] === box { pending[key] = nil }
            return answer
        }

        private static func resolve(_ host: String, port: Int) -> Result<[Address], LookupFailure> {
            var hints = AddressLookup.streamHints(passive: false)
            var list: UnsafeMutablePointer<addrinfo>?
            let code = getaddrinfo(host, String(port), &hints, &list)
            guard code == 0, let first = list else { return .failure(LookupFailure(code: code)) }
            defer { freeaddrinfo(first) }
            var addresses: [Address] = []
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                let info = current.pointee
                let bytes = UnsafeRawBufferPointer(start: info.ai_addr, count: Int(info.ai_addrlen))
                addresses.append(Address(family: info.ai_family, type: info.ai_socktype, proto: info.ai_protocol, bytes: Array(bytes)))
                entry = info.ai_next
            }
            return .success(addresses)
        }
    }

    /// Opens a non-blocking connection and waits for it; 0 when it opened, else the errno (ETIMEDOUT when out of time).
    private static func connect(_ address: Address, milliseconds: Int) -> Int32 {
        let descriptor = socket(address.family, address.type, address.proto)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let started = address.bytes.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: sockaddr.self) { socketAddress in
                #if canImport(Glibc)
                Glibc.connect(descriptor, socketAddress.baseAddress, socklen_t(raw.count))
                #else
                Darwin.connect(descriptor, socketAddress.baseAddress, socklen_t(raw.count))
                #endif
            }
        }
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
