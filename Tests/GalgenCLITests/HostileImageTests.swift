import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// Each hostile image ends as a placeholder plus a named reason; the build goes on, and fails under --strict.
struct HostileImageTests {
    static func hugeHeader() throws -> Data {
        var bytes = [UInt8](try JPEGCodec.encode(Painter.solid(width: 16, height: 16, rgb: (1, 2, 3)), quality: 80))
        let sof = bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[sof + 5] = 0x75; bytes[sof + 6] = 0x30; bytes[sof + 7] = 0x75; bytes[sof + 8] = 0x30
        return Data(bytes)
    }

    static func photo() throws -> Data { try JPEGCodec.encode(Painter.portrait(width: 600, height: 400, hue: 30, shade: 0.3), quality: 85) }

    static let cases: [(String, @Sendable () throws -> Data, String)] = [
        ("png", { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 0, count: 64) }, "not a readable PNG"),
        ("gif", { Data("GIF89a".utf8) + Data(repeating: 0, count: 64) }, "not a readable GIF"),
        ("webp", { Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8) }, "not a readable WebP"),
        ("html", { Data("<!DOCTYPE html><title>404</title>".utf8) }, "not an image: the bytes are an HTML page"),
        ("empty", { Data() }, "not an image: the file is empty"),
        ("random", { Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919) }) }, "not an image: unrecognised bytes"),
        ("huge", { try hugeHeader() }, "30000x30000 pixels in only"),
        ("truncated", { let d = try photo(); return d.prefix(d.count / 3) }, "damaged JPEG data"),
        ("garbled", { let d = try photo(); return d.prefix(4) + Data(repeating: 0x41, count: 200) }, "not a readable JPEG"),
    ]

    @Test(arguments: 0..<cases.count)
    func hostileImageIsReportedAndTheBuildContinues(index: Int) async throws {
        let (name, make, reason) = Self.cases[index]
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        try site.directory.write(try make(), to: "images/\(name).jpg")
        try site.writeRecords(#"[{"id": "ok", "title": "OK", "image": "images/0.jpg"}, {"id": "bad", "title": "Bad", "image": "images/\#(name).jpg"}]"#)
        let lenient = await run(["build", "--config", site.configPath])
        #expect(lenient.code == 0, "\(lenient.capture.err)")
        #expect(lenient.capture.err.contains("images/\(name).jpg"), "\(lenient.capture.err)")
        #expect(lenient.capture.err.contains(reason), "\(lenient.capture.err)")
        #expect(site.directory.exists("public/things/bad/index.html") && site.directory.exists("public/things/ok/index.html"))
        // The second build takes everything it can from the cache and must report the same problem.
        let strict = await run(["build", "--config", site.configPath, "--strict"])
        #expect(strict.code == 1)
        #expect(strict.capture.err.contains(reason), "\(strict.capture.err)")
    }

    @Test func oversizedFilesAreRefusedBeforeReading() async throws {
        let site = try FixtureSite(count: 1, config: #""maxSourceBytes": 100"#)
        defer { site.directory.remove() }
        let result = await run(["build", "--config", site.configPath])
        #expect(result.code == 0)
        #expect(result.capture.err.contains("more than maxSourceBytes (100)"), "\(result.capture.err)")
    }
}
