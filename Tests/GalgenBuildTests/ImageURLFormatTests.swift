import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// Image URLs in every format galgen decodes from a file (the format table's decoded images), served by
/// nginx with the right `Content-Type` (`typed/`), as `text/plain` (`ok/`) and as `image/jpeg` whatever
/// they are (`lying/`): the bytes decide, not the header. An HTML page or a truncated file behind an
/// image's name is named: the page is never decoded, a cut file is refused or shown as damaged, as from a file.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct ImageURLFormatTests {
    static let locations = ["ok", "typed", "lying"]

    /// A 64x48 file of each decoded format, named by the format's extension.
    static func files() throws -> [(format: MediaFormat, name: String, data: Data)] {
        let pixels = Painter.solid(width: 64, height: 48, rgb: (200, 60, 30))
        let rgba = [UInt8]((0..<(64 * 48)).flatMap { _ -> [UInt8] in [200, 60, 30, 255] })
        let made: [(MediaFormat, Data)] = [
            (.jpeg, try JPEGCodec.encode(pixels, quality: 90)),
            (.png, try PNGCodec.encode(pixels.bytes, width: 64, height: 48, channels: 3)),
            (.webp, try WebPCodec.encode(rgba, width: 64, height: 48)),
            (.gif, try GIFCodec.encode([UInt8](repeating: 0, count: 64 * 48), width: 64, height: 48, palette: [(200, 60, 30)])),
            (.avif, try HEIFCodec.encode(pixels.bytes, width: 64, height: 48, avif: true)),
            (.heic, try HEIFCodec.encode(pixels.bytes, width: 64, height: 48, avif: false)),
            (.tiff, try TIFFCodec.encode(pixels.bytes, width: 64, height: 48)),
        ]
        #expect(Set(made.map(\.0)) == Set(MediaFormat.decodedImages), "a decoded format without a URL test")
        return made.map { ($0.0, "a-\($0.0.name.lowercased()).\($0.0.fileExtension)", $0.1) }
    }

    /// Serves `files` from every location and builds a site with one record per file and location.
    static func serveAndBuild(_ files: [(name: String, data: Data)]) async throws -> (BuildReport, FixtureSite, NginxServer) {
        let nginx = try NginxServer()
        for location in locations {
            try FileManager.default.createDirectory(atPath: nginx.root(location), withIntermediateDirectories: true)
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: nginx.root(location) + "/" + name)) }
        }
        let site = try FixtureSite(count: 0)
        let records = locations.flatMap { location in
            files.map { #"{"id": "\#(location)-\#($0.name)", "title": "\#($0.name)", "image": "\#(nginx.url(location))\#($0.name)"}"# }
        }
        try site.writeRecords("[" + records.joined(separator: ",") + "]")
        try site.writeConfig(extra: #""formats": ["jpeg"], "imageWidths": [32], "fetch": {"retries": 0}"#)
        return (try await build(site), site, nginx)
    }

    @Test func everyDecodedFormatIsDecodedFromAURLWhateverItsContentType() async throws {
        let files = try Self.files()
        let (report, site, _) = try await Self.serveAndBuild(files.map { ($0.name, $0.data) })
        defer { site.directory.remove() }
        #expect(report.images.failed == 0, "\(report.diagnostics)")
        for location in Self.locations {
            for file in files {
                let page = try site.directory.read("public/things/\(Slug.make(location + "-" + file.name))/index.html")
                #expect(String(decoding: page, as: UTF8.self).contains(#"width="32" height="24""#), "\(location) \(file.name)")
            }
        }
    }

    @Test func anHTMLPageOrATruncatedFileBehindEachFormatsNameIsNamed() async throws {
        let html = Data("<!DOCTYPE html><html><title>Not found</title><p>Gone</p></html>".utf8)
        let files = try Self.files()
        let bad = files.flatMap { file in
            [("page-" + file.name, html), ("cut-" + file.name, file.data.prefix(file.data.count / 3))]
        }
        let (report, site, _) = try await Self.serveAndBuild(bad)
        defer { site.directory.remove() }
        // A truncated file is named either way: refused (`image.failed`), or, as from a file, shown as far as its
        // decoder got with `image.damaged` (giflib hands over the rows before the cut).
        let named = report.diagnostics.filter { ["image.failed", "image.damaged"].contains($0.code) }
        #expect(named.count == bad.count * Self.locations.count, "\(named.map(\.message))")
        for location in Self.locations {
            for (name, _) in bad {
                let url = "/\(location)/\(name)"
                let about = named.filter { $0.message.contains(url) }
                #expect(about.count == 1, "\(url): \(named.map(\.message))")
                guard name.hasPrefix("page-") else { continue }
                #expect(about.first?.code == "image.failed" && about.first?.message.contains("an HTML page") == true, "\(about)")
                let page = try site.directory.read("public/things/\(Slug.make(location + "-" + name))/index.html")
                #expect(!String(decoding: page, as: UTF8.self).contains(#"width="32" height="24""#), "\(url) was decoded")
            }
        }
    }
}
