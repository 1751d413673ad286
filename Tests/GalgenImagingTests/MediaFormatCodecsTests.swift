import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// The format table and the codec registry agree: the table's decoded images are the registry's
/// decoders, its encoded formats the registry's encoders, and a real file of each format is the same
/// format to the table, the registry and `ImageFormat`.
struct MediaFormatCodecsTests {
    @Test func theTableAndTheRegistryNameTheSameFormats() {
        let decoded = ImageCodecs.standard.decoders.flatMap(\.formatNames)
        #expect(Set(decoded) == Set(MediaFormat.decodedImages.map(\.name)))
        #expect(decoded.count == MediaFormat.decodedImages.count)
        let encoded = MediaFormat.all.compactMap(\.encoded)
        #expect(Set(ImageCodecs.standard.encoders.map(\.format)) == Set(encoded))
        #expect(Set(encoded) == Set(OutputFormat.allCases))
    }

    @Test func aRealFileOfEachFormatIsThatFormatToEverySniffer() throws {
        let pixels = Painter.solid(width: 16, height: 12, rgb: (10, 120, 240))
        let rgba = [UInt8]((0..<(16 * 12)).flatMap { _ -> [UInt8] in [10, 120, 240, 255] })
        let files: [(MediaFormat, Data)] = [
            (.jpeg, try JPEGCodec.encode(pixels, quality: 90)),
            (.png, try PNGCodec.encode(pixels.bytes, width: 16, height: 12, channels: 3)),
            (.webp, try WebPCodec.encode(rgba, width: 16, height: 12)),
            (.gif, try GIFCodec.encode([UInt8](repeating: 0, count: 16 * 12), width: 16, height: 12, palette: [(10, 120, 240)])),
            (.avif, try HEIFCodec.encode(pixels.bytes, width: 16, height: 12, avif: true)),
            (.heic, try HEIFCodec.encode(pixels.bytes, width: 16, height: 12, avif: false)),
            (.tiff, try TIFFCodec.encode(pixels.bytes, width: 16, height: 12)),
        ]
        #expect(Set(files.map(\.0)) == Set(MediaFormat.decodedImages))
        for (format, data) in files {
            #expect(MediaFormat.sniff(data) == format, "\(format)")
            #expect(ImageCodecs.standard.decoder(for: data)?.format == format.name, "\(format)")
            #expect(ImageFormat.sniff(data) == .media(format), "\(format)")
            // Four bytes hold the whole signature of JPEG and TIFF only.
            #expect((ImageFormat.sniff(data.prefix(4)) == .media(format)) == [.jpeg, .tiff].contains(format), "\(format) cut at 4 bytes")
        }
    }

    @Test func theInjectedRegistryIsTheOneAsked() throws {
        let jpeg = try JPEGCodec.encode(Painter.solid(width: 8, height: 8, rgb: (1, 2, 3)), quality: 90)
        let madeUp = ImageCodecs(decoders: [ImageCodecsTests.MadeUpDecoder()], encoders: [])
        // Without a JPEG decoder the table still names the bytes, but no decoder claims them.
        #expect(ImageFormat.sniff(jpeg, codecs: madeUp) == .media(.jpeg))
        #expect(madeUp.decoder(for: jpeg) == nil)
        let made = ImageCodecsTests.MadeUpDecoder.file(Painter.solid(width: 2, height: 2, rgb: (1, 2, 3)))
        #expect(ImageFormat.sniff(made, codecs: madeUp) == .unknown, "a made-up format is not in the table")
        #expect(ImageFormat.sniff(made) == .unknown)
        #expect(ImageFormat.sniff(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == .media(.svg))
        #expect(ImageFormat.sniff(Data("<!doctype html><p>".utf8)) == .html)
    }
}
