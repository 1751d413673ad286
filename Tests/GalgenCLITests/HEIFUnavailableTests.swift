import Foundation
import GalgenTestSupport
import Testing

/// libheif is opened at run time (the release archive does not bundle it: Debian's links the GPL x265 encoder).
/// Without it, `--version` says so and a HEIC input is a problem naming the file and what to install, while the
/// rest of the site builds. `GALGEN_LIBHEIF` points the loader at a file that is not there, as on a system without
/// libheif1. Runs `GALGEN_BIN` (CI: the release binary) or else the debug build.
@Suite struct HEIFUnavailableTests {
    static let binary = ProcessInfo.processInfo.environment["GALGEN_BIN"].flatMap { $0.isEmpty ? nil : $0 } ?? GalgenBinary.path
    static let missing = ["GALGEN_LIBHEIF": "/nonexistent/libheif.so.1"]

    /// Runs galgen in `folder` with `environment` added; its exit status and its standard output and error together.
    static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func versionSaysNotAvailable() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no galgen at \(Self.binary)")
        let (status, text) = try Self.run(["--version"], in: NSTemporaryDirectory(), environment: Self.missing)
        #expect(status == 0)
        let line = text.split(separator: "\n").first { $0.hasPrefix("  libheif ") }.map(String.init) ?? ""
        #expect(line.contains("not available: HEIC, HEIF and AVIF inputs need libheif"), "\(line)")
        #expect(line.contains("libheif1") && line.contains("/nonexistent/libheif.so.1"), "\(line)")
    }

    @Test func heicInputIsNamedAndTheRestBuilds() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no galgen at \(Self.binary)")
        let site = NSTemporaryDirectory() + "galgen-heif-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: site) }
        #expect(try Self.run(["init", site], in: NSTemporaryDirectory()).0 == 0)
        try FileManager.default.copyItem(atPath: Repository.root + "/Tests/corpus/upstream/heif/example.heic",
                                         toPath: site + "/images/example.heic")
        let records = site + "/records.json"
        let text = try String(contentsOfFile: records, encoding: .utf8)
        try text.replacingOccurrences(of: "\"images/dawn.jpg\"", with: "\"images/example.heic\"")
            .write(toFile: records, atomically: true, encoding: .utf8)

        let (_, output) = try Self.run(["build"], in: site, environment: Self.missing)
        let named = output.split(separator: "\n").filter { $0.contains("example.heic") }
        #expect(named.contains { $0.contains("need libheif") && $0.contains("libheif1") }, "\(output)")
        #expect(FileManager.default.fileExists(atPath: site + "/public/index.html"), "\(output)")
    }
}
