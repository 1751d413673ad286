import GalgenCore
import Testing

/// The format table's sniffing: each format's real header bytes, and the near misses that must not pass.
struct MediaFormatSniffTests {
    /// An ISO base media `ftyp` box: size, `ftyp`, major brand, minor version 0, compatible brands.
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            + [0, 0, 0, 8] + Array("meta".utf8)
    }

    static let headers: [(String, [UInt8], MediaFormat)] = [
        ("JFIF", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8), .jpeg),
        ("EXIF JPEG", [0xFF, 0xD8, 0xFF, 0xE1, 0x12, 0x34] + Array("Exif\0\0".utf8), .jpeg),
        ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8), .png),
        ("WebP", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ("GIF87a", Array("GIF87a".utf8) + [1, 0, 1, 0], .gif),
        ("GIF89a", Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
        ("AVIF", ftyp("avif", ["mif1", "miaf", "MA1B"]), .avif),
        ("AVIF sequence", ftyp("avis", ["avif", "msf1"]), .avif),
        ("iPhone HEIC", ftyp("heic", ["mif1", "heic"]), .heic),
        ("HEIF by mif1", ftyp("mif1", ["heic"]), .heic),
        ("AVIF only among compatible brands", ftyp("zzzz", ["avif"]), .avif),
        ("TIFF little-endian", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
        ("TIFF big-endian", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
        ("BigTIFF", [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0], .tiff),
        ("BMP", Array("BM".utf8) + [0x36, 0x10, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], .bmp),
    ]

    @Test(arguments: headers.indices)
    func realHeadersAreTheirFormat(index: Int) {
        let (label, bytes, format) = Self.headers[index]
        #expect(MediaFormat.sniff(bytes) == format, "\(label)")
        #expect(format.matches(bytes), "\(label)")
    }

    static let nearMisses: [(String, [UInt8])] = [
        ("FF alone", [0xFF]),
        ("FF D9 (an end marker)", [0xFF, 0xD9, 0xFF, 0xE0]),
        ("D8 FF (bytes swapped)", [0xD8, 0xFF, 0xFF]),
        ("PNG signature cut at 4 bytes", [0x89, 0x50, 0x4E, 0x47]),
        ("PNG signature with a wrong line ending", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0D]),
        ("RIFF but WAVE", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)),
        ("RIFF cut before its form type", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEB".utf8)),
        ("GIF8 without a version", Array("GIF8".utf8)),
        ("ftyp of an unknown brand", ftyp("isom", ["iso2", "mp41"])),
        ("ftyp of a video", ftyp("qt  ", ["qt  "])),
        ("ftyp cut before its brand", [0, 0, 0, 24] + Array("ftyp".utf8)),
        ("TIFF byte orders mixed", [0x49, 0x49, 0x00, 0x2A]),
        ("BM in text", Array("BMW is a car".utf8)),
        ("an HTML page", Array("<!DOCTYPE html><html>".utf8)),
        ("nothing", []),
    ]

    @Test(arguments: nearMisses.indices)
    func nearMissesAreNoFormat(index: Int) {
        let (label, bytes) = Self.nearMisses[index]
        #expect(MediaFormat.sniff(bytes) == nil, "\(label): \(MediaFormat.sniff(bytes)?.name ?? "")")
    }

    @Test func aSingleRowMatchesOnlyItsOwnBytes() {
        #expect(!MediaFormat.png.matches(Self.headers[0].1))
        #expect(!MediaFormat.heic.matches(Self.ftyp("avif", ["mif1"])))
        #expect(MediaFormat.heic.matches(Self.ftyp("heic", ["avif"])), "the major brand decides")
    }
}

/// The table's other columns: what the folder walk, the server and the output formats read from it.
struct MediaFormatTableTests {
    @Test func extensionsAndMIMETypesComeFromTheTable() {
        #expect(MediaFormat.named(byExtension: "JPG") == .jpeg)
        #expect(MediaFormat.named(byExtension: "tif") == .tiff)
        #expect(MediaFormat.named(byExtension: "m4v") == .mp4)
        #expect(MediaFormat.named(byExtension: "txt") == nil)
        #expect(MediaFormat.decodedExtensions(.image) == ["jpg", "jpeg", "jpe", "png", "webp", "gif", "heic", "heif", "avif", "tif", "tiff"])
        #expect(MediaFormat.decodedExtensions(.video) == ["mp4", "mov", "webm", "m4v"])
        #expect(OutputFormat.allCases.map(\.fileExtension) == ["avif", "webp", "jpg"])
        #expect(OutputFormat.allCases.map(\.mimeType) == ["image/avif", "image/webp", "image/jpeg"])
    }

    @Test func everyRowIsWellFormedAndNoExtensionIsClaimedTwice() {
        var seen: Set<String> = []
        for format in MediaFormat.all {
            #expect(!format.mimeTypes.isEmpty && !format.fileExtensions.isEmpty, "\(format)")
            #expect(format.mimeTypes.allSatisfy { $0.hasPrefix(format.kind.rawValue + "/") }, "\(format)")
            for ext in format.fileExtensions {
                #expect(ext == ext.lowercased() && !ext.hasPrefix("."), "\(format) \(ext)")
                #expect(seen.insert(ext).inserted, "\(ext) is claimed twice")
            }
            if let output = format.encoded { #expect(output.mediaFormat == format && format.decoded, "\(format)") }
        }
        #expect(OutputFormat.allCases.allSatisfy { MediaFormat.all.contains($0.mediaFormat) })
    }
}
