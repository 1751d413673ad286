import Foundation
import GalgenCore
#if canImport(Glibc)
import Glibc
#endif

/// A real nginx (Debian's `nginx-light`, with WebDAV `PUT`) on 127.0.0.1 and a free port, with its
/// prefix, root, logs and pid in a temporary folder, run in the foreground as one process.
///
/// Locations, each below `data/` of the folder:
/// - `/ok/`: `GET`, `HEAD` and `PUT` (a remote cache that works);
/// - `/fail500/`: every request answers 500;
/// - `/noput/`: `GET` and `HEAD` work, `PUT` answers 403;
/// - `/full/`: `GET` and `HEAD` work, `PUT` answers 507 (a full disk);
/// - `/typed/`: every image format of the format table with its own `Content-Type`, by extension;
/// - `/lying/`: everything as `image/jpeg`.
public final class NginxServer: @unchecked Sendable {
    /// Where Debian installs nginx.
    public static let binary = "/usr/sbin/nginx"
    /// Why the tests cannot run, or nil when nginx is installed.
    public static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: binary) ? nil : "nginx is not installed at \(binary) (apt-get install nginx-light)"
    }

    /// The folder holding the config, logs and `data/` (the root).
    public let directory: TemporaryDirectory
    /// The port on 127.0.0.1.
    public let port: Int
    private let process: Process

    /// Starts nginx and waits until it accepts connections.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "galgen-nginx")
        port = try Self.freePort()
        let root = directory.path + "/data"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let temp = directory.path + "/temp"
        try directory.write("""
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log info;
            events { worker_connections 64; }
            http {
                access_log \(directory.path)/access.log;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                client_max_body_size 0;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root);
                    location /ok/ { dav_methods PUT; create_full_put_path on; }
                    location /fail500/ { return 500; }
                    location /noput/ { dav_methods PUT; create_full_put_path on; limit_except GET HEAD { deny all; } }
                    location /full/ { if ($request_method = PUT) { return 507; } }
                    location /typed/ { types { \(Self.imageTypes) text/html html; } }
                    location /lying/ { types { } default_type image/jpeg; }
                }
            }
            """, to: "nginx.conf")
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["-p", directory.path, "-c", directory.path + "/nginx.conf", "-e", directory.path + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? RawHTTP(port: port)) == nil {
            guard process.isRunning, Date() < deadline else {
                let log = (try? String(contentsOfFile: directory.path + "/error.log", encoding: .utf8)) ?? ""
                stop()
                throw NSError(domain: "NginxServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(log)"])
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// nginx's `types` lines for every image format of the format table: `image/jpeg jpg jpeg jpe;` …
    static var imageTypes: String {
        MediaFormat.all.filter { $0.kind == .image }.map { "\($0.mimeType) \($0.fileExtensions.joined(separator: " "));" }.joined(separator: " ")
    }

    /// The base URL of a location, e.g. `http://127.0.0.1:PORT/ok/`.
    /// - Parameter location: `ok`, `fail500`, `noput`, `full`, `typed` (files served with the
    ///   `Content-Type` of their extension) or `lying` (all as `image/jpeg`); the others serve `text/plain`.
    public func url(_ location: String) -> String { "http://127.0.0.1:\(port)/\(location)/" }

    /// Absolute path of a location's folder below the root.
    /// - Parameter location: The location's name.
    public func root(_ location: String) -> String { directory.path + "/data/" + location }

    /// The access log's request lines (`GET /ok/cas/… HTTP/1.1`) so far.
    public func requests() -> [String] {
        let log = (try? String(contentsOfFile: directory.path + "/access.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// Stops nginx and removes its folder.
    public func stop() {
        if process.isRunning {
            // SIGKILL: nginx inherits the test runner's signal mask, in which SIGTERM may be blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        directory.remove()
    }

    /// A port on 127.0.0.1 that was free a moment ago (nothing listens on it now).
    public static func freePort() throws -> Int {
        let (fd, port) = try boundSocket()
        close(fd)
        return port
    }
}

/// A TCP socket bound to a port the kernel picks on 127.0.0.1, and that port.
private func boundSocket() throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else {
        close(fd)
        throw POSIXError(.EADDRINUSE)
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

/// A port on 127.0.0.1 that accepts connections (the kernel completes them) but never answers:
/// a remote that hangs, for idle-timeout tests.
public final class SilentPort: @unchecked Sendable {
    /// The port.
    public let port: Int
    private let fd: Int32

    /// Listens on a free port and never accepts.
    public init() throws {
        let (fd, port) = try boundSocket()
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        self.fd = fd
        self.port = port
    }

    /// The connections made to the port so far: they wait in its accept queue, closed or not, since
    /// nothing accepts them (Linux's TCP_INFO gives a listening socket's queue length).
    public var connections: Int {
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return -1 }
        return Int(info.tcpi_unacked)
    }

    deinit { close(fd) }
}
