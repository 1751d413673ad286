import Foundation
import Testing

/// No format list outside the format table (issue 45): every Swift file of `Sources/` is searched for
/// file-extension literals (two or more different ones in a file), MIME type literals of images and
/// videos, and signature bytes. The table's own files may hold them; anything else must be allowed
/// below, with the reason it has to stay.
struct FormatListTests {
    /// The format table: `MediaFormat` and its rows.
    static let tableFiles: Set<String> = ["Sources/GalgenCore/MediaFormat.swift", "Sources/GalgenCore/MediaFormat+Table.swift"]

    /// `path: token` → why it stays.
    static let allowed: [String: String] = [
        "Sources/GalgenImaging/ExifOrientation.swift: 0x4D, 0x4D, 0x00, 0x2A":
            "writes the TIFF header inside an EXIF block (app1Payload, for test and sample files); it tells no format apart",
        "Sources/GalgenVideo/VideoInfo.swift: \"mov\"": "FFmpeg's demuxer names (`mov,mp4,m4a,…`, `matroska,webm`), not file extensions",
        "Sources/GalgenVideo/VideoInfo.swift: \"mp4\"": "FFmpeg's demuxer names, not file extensions",
        "Sources/GalgenVideo/VideoInfo.swift: \"webm\"": "FFmpeg's demuxer names, not file extensions",
    ]

    /// The format-list tokens of one file's code (comments dropped), each with its line number.
    static func findings(in text: String) -> [(line: Int, token: String)] {
        let extensionLiteral = #/"(jpg|jpeg|jpe|png|webp|avif|heic|heif|tif|tiff|gif|bmp|svg|ico|mp4|mov|webm|m4v)"/#
        let mimeLiteral = #/"(image|video)/[a-z0-9.+-]*/#
        let signature = #/0xFF, 0xD8|0x89, 0x50, 0x4E, 0x47|0x52, 0x49, 0x46, 0x46|0x57, 0x45, 0x42, 0x50|0x47, 0x49, 0x46, 0x38|0x49, 0x49, 0x2[AB]|0x4D, 0x4D, 0x00, 0x2[AB]|0x66, 0x74, 0x79, 0x70|"(RIFF|WEBP|GIF8[79]?a?|ftyp|II\*\\0|MM\\0\*|BM)"/#
        var extensions: [(line: Int, token: String)] = []
        var others: [(line: Int, token: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            extensions += code.matches(of: extensionLiteral).map { (number + 1, String($0.output.0)) }
            others += code.matches(of: mimeLiteral).map { (number + 1, String($0.output.0)) }
            others += code.matches(of: signature).map { (number + 1, String($0.output.0)) }
        }
        return (Set(extensions.map(\.token)).count >= 2 ? extensions : []) + others
    }

    @Test func noFormatListOutsideTheTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(paths.count > 100)
        var stray: [String] = []
        var used: Set<String> = []
        for path in paths where !Self.tableFiles.contains("Sources/" + path) {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (line, token) in Self.findings(in: text) {
                let key = "Sources/\(path): \(token)"
                if Self.allowed[key] != nil { used.insert(key) } else { stray.append("Sources/\(path):\(line): \(token)") }
            }
        }
        #expect(stray.isEmpty, "format knowledge outside the format table (Sources/GalgenCore/MediaFormat+Table.swift):\n\(stray.joined(separator: "\n"))")
        #expect(used == Set(Self.allowed.keys), "allowed but no longer there: \(Set(Self.allowed.keys).subtracting(used).sorted())")
    }

    @Test func aStrayListIsFound() {
        #expect(Self.findings(in: #"let photos: Set<String> = ["jpg", "png"]"#).map(\.token) == [#""jpg""#, #""png""#])
        #expect(Self.findings(in: "if b.starts(with: [0xFF, 0xD8, 0xFF]) {}").count == 1)
        #expect(Self.findings(in: #"case "avif": return "image/avif""#).count == 1, "one extension alone is not a list; a MIME type is")
        #expect(Self.findings(in: #"guard head.starts(with: Array("RIFF".utf8)) else { return nil }"#).count == 1)
        #expect(Self.findings(in: #"// "jpg", "png" and 0xFF, 0xD8 in a comment"#).isEmpty)
        #expect(Self.findings(in: #"let name = "photo""#).isEmpty)
    }
}
