public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately dumb HTTP/1.1 client over a loopback socket: it sends the request target exactly
/// as given (real clients normalise `..` away, which would hide what a server does with it) and can
/// read a response that never ends (an event stream) until a condition or a deadline. Socket work
/// runs on its own thread, so waiting never blocks Swift's cooperative pool.
public final class RawHTTP: @unchecked Sendable {
    /// A parsed response.
    public struct Response: Sendable {
        /// Status code (0 when nothing arrived).
        public var status: Int
        /// Header fields, names lowercased, in order.
        public var headers: [(String, String)]
        /// The body bytes received.
        public var body: Data
        /// The first value of a header.
        public func header(_ name: String) -> String? { headers.first { $0.0 == name.lowercased() }?.1 }
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends raw bytes.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Reads until `done` holds for what arrived, the peer closes, or `timeout` passes.
    /// - Returns: Everything received, and whether the peer closed the connection.
    public func read(timeout: Duration = .seconds(10), until done: @escaping @Sendable (Data) -> Bool = { _ in false }) async -> (data: Data, closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread {
                var data = Data()
                var closed = false
                let deadline = ContinuousClock.now + timeout
                var buffer = [UInt8](repeating: 0, count: 65536)
                while ContinuousClock.now < deadline && !done(data) {
                    let n = recv(self.fd, &buffer, buffer.count, 0)
                    if n > 0 { data.append(contentsOf: buffer[0..<n]) } else if n == 0 { closed = true; break }
                }
                continuation.resume(returning: (data, closed))
            }.start()
        }
    }

    /// One request on a new connection (`Connection: close`), read to the end.
    /// - Parameters:
    ///   - port: Server port on 127.0.0.1.
    ///   - target: The request target, sent byte for byte.
    ///   - method: `GET`, `HEAD`, …
    ///   - headers: Extra header lines.
    public static func request(port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Response {
        let client = try RawHTTP(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        client.send(head + "\r\n")
        return parse(await client.read().data)
    }

    /// Splits raw response bytes into status, headers and body (no chunked decoding: the server
    /// sends lengths for everything but event streams).
    public static func parse(_ data: Data) -> Response {
        let bytes = [UInt8](data)
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else {
            return Response(status: 0, headers: [], body: data)
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: Data(bytes[(end + 4)...]))
    }
}
