import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// Image URLs in every format galgen decodes from a file, served by nginx with the right
/// `Content-Type` and as `text/plain` (a wrong one): the bytes decide, not the header. An HTML page
/// or a truncated file behind an image's name is named, never decoded.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct ImageURLFormatTests {
    @Test func everyDecodedFormatIsDecodedFromAURLWhateverItsContentType() async throws {
        let nginx = try NginxServer()
        let pixels = Painter.solid(width: 64, height: 48, rgb: (200, 60, 30))
        let rgba = [UInt8]((0..<(64 * 48)).flatMap { _ -> [UInt8] in [200, 60, 30, 255] })
        let heic = try HEIFCodec.encode(pixels.bytes, width: 64, height: 48, avif: false)
        let files: [(String, Data)] = [
            ("a.jpg", try JPEGCodec.encode(pixels, quality: 90)),
            ("b.png", try PNGCodec.encode(pixels.bytes, width: 64, height: 48, channels: 3)),
            ("c.webp", try WebPCodec.encode(rgba, width: 64, height: 48)),
            ("d.gif", try GIFCodec.encode([UInt8](repeating: 0, count: 64 * 48), width: 64, height: 48, palette: [(200, 60, 30)])),
            ("e.avif", try HEIFCodec.encode(pixels.bytes, width: 64, height: 48, avif: true)),
            ("f.heic", heic),
            ("g.tiff", try TIFFCodec.encode(pixels.bytes, width: 64, height: 48)),
            ("page.avif", Data("<!DOCTYPE html><html><title>Not found</title></html>".utf8)),
            ("cut.heic", heic.prefix(heic.count / 3)),
        ]
        // `ok/` serves everything as text/plain (a wrong type), `typed/` with the type of the extension (the
        // right one, and for page.avif a lie).
        for location in ["ok", "typed"] {
            try FileManager.default.createDirectory(atPath: nginx.root(location), withIntermediateDirectories: true)
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: nginx.root(location) + "/" + name)) }
        }
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        let records = ["ok", "typed"].flatMap { location in
            files.map { #"{"id": "\#(location)-\#($0.0)", "title": "\#($0.0)", "image": "\#(nginx.url(location))\#($0.0)"}"# }
        }
        try site.writeRecords("[" + records.joined(separator: ",") + "]")
        try site.writeConfig(extra: #""formats": ["jpeg"], "imageWidths": [32], "fetch": {"retries": 0}"#)
        let report = try await build(site)
        let failed = report.diagnostics.filter { $0.code == "image.failed" }
        #expect(report.images.failed == 4, "\(failed)")
        #expect(failed.contains { $0.message.contains("page.avif") && $0.message.contains("an HTML page") }, "\(failed)")
        #expect(failed.contains { $0.message.contains("cut.heic") }, "\(failed)")
        for location in ["ok", "typed"] {
            for (name, _) in files.prefix(7) {
                let page = String(decoding: try site.directory.read("public/things/\(Slug.make(location + "-" + name))/index.html"),
                                  as: UTF8.self)
                #expect(page.contains(#"width="32" height="24""#), "\(location) \(name)")
            }
        }
    }
}
