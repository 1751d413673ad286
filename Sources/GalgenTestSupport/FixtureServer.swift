public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The API fixture server (`Tests/Fixtures/apiserver.py`) running on 127.0.0.1: it mimics the
/// randomuser.me and iTunes Search APIs, serves portraits with validators, pages a generic feed,
/// injects faults (hangs, drips, loops, lies), and logs every request it answered.
public final class FixtureServer: @unchecked Sendable {
    /// One request the server answered.
    public struct Request: Decodable, Sendable {
        public var method: String
        /// Path and query, as received.
        public var path: String
        public var status: Int
        /// Body bytes sent.
        public var bodyBytes: Int
        public var ifNoneMatch: String?
        public var ifModifiedSince: String?
        public var userAgent: String?
    }

    private let process: Process
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var base: String { "http://127.0.0.1:\(port)" }

    /// Starts a server whose portraits and artwork are real JPEGs from ``SampleGenerator``.
    /// - Parameter imageCount: How many distinct JPEGs it serves.
    public init(imageCount: Int = 12) throws {
        let images = try TemporaryDirectory(prefix: "galgen-fixture-images")
        defer { images.remove() }  // the server reads them all before it says READY
        let jpegs = try SampleGenerator.files().filter { $0.path.hasSuffix(".jpg") }.prefix(imageCount)
        for (i, file) in jpegs.enumerated() { try images.write(file.data, to: String(format: "%03d.jpg", i)) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root + "/Tests/Fixtures/apiserver.py", "--port", "0", "--images", images.path, "--exit-with-parent"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = Self.readLine(pipe.fileHandleForReading)
        guard line.hasPrefix("READY "), let port = Int(line.dropFirst(6)) else {
            process.terminate()
            throw FixtureError(message: "the fixture server did not start (said \"\(line)\")")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the server. (A server still running when the test process ends stops by itself:
    /// it is started with `--exit-with-parent`.)
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A URL on the server.
    /// - Parameter path: Path and query, starting with `/`.
    public func url(_ path: String) -> String { base + path }

    /// Every request answered since the start or the last ``reset()``.
    public func log() async throws -> [Request] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: url("/__log"))!)
        return try JSONDecoder().decode([Request].self, from: data)
    }

    /// Sets the fixture image host `/cdn/<n>.jpg` (see `CDN` in apiserver.py): `night`, `change`
    /// (percent of images changed each night), `maxage`, `sameetag=1`, `gone=1,2`; nothing: the defaults.
    /// - Parameter query: The settings as a query string.
    public func cdn(_ query: String = "") async throws {
        _ = try await URLSession.shared.data(from: URL(string: url("/__cdn?" + query))!)
    }

    /// Clears the log and the "first request fails" states.
    public func reset() async throws {
        _ = try await URLSession.shared.data(from: URL(string: url("/__reset"))!)
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first, byte != 0x0A else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The fixture server could not be used.
public struct FixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
