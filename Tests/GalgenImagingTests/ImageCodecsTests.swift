import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// The seam for image formats: a decoder added to the registry is used by the pipeline as it is, every
/// encoder's verifier accepts its own output and refuses it cut short, and the registry tells each real
/// format by its bytes.
struct ImageCodecsTests {
    /// A made-up format: "GGIM", width and height as one byte each, then RGB samples.
    struct MadeUpDecoder: ImageDecoder {
        static func file(_ pixels: PixelBuffer) -> Data {
            Data(Array("GGIM".utf8) + [UInt8(pixels.width), UInt8(pixels.height)] + pixels.bytes)
        }

        var formatNames: [String] { ["GGIM"] }

        func sniff(_ head: [UInt8]) -> String? { head.starts(with: Array("GGIM".utf8)) ? "GGIM" : nil }

        func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
            let bytes = [UInt8](data.prefix(6))
            guard bytes.count == 6, data.count == 6 + Int(bytes[4]) * Int(bytes[5]) * 3 else {
                throw ImagingError(.corrupt, "not a readable GGIM")
            }
            return try fullSize(width: Int(bytes[4]), height: Int(bytes[5]), format: format, maxPixels: settings.maxPixels)
        }

        func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
            let bytes = [UInt8](data)
            return DecodedImage(pixels: PixelBuffer(width: Int(bytes[4]), height: Int(bytes[5]), bytes: Array(bytes[6...])),
                                note: "made-up format")
        }
    }

    private var settings: ImagePipeline.Settings {
        var settings = ImagePipeline.Settings(widths: [16, 32], quality: 90, maxPixels: 100_000, maxSourceBytes: 1_000_000)
        settings.formats = [.avif, .webp, .jpeg]
        return settings
    }

    @Test func anAddedDecoderIsUsedByThePipelineAsItIs() throws {
        let file = MadeUpDecoder.file(Painter.solid(width: 64, height: 48, rgb: (200, 100, 50)))
        var codecs = ImageCodecs.standard
        codecs.decoders.append(MadeUpDecoder())
        let output = try ImagePipeline(settings: settings, codecs: codecs).process(file)
        #expect(output.info.width == 64 && output.info.height == 48 && output.note == "made-up format")
        #expect(output.variants.map { "\($0.format.rawValue)-\($0.size.width)x\($0.size.height)" }
                == ["avif-16x12", "webp-16x12", "jpeg-16x12", "avif-32x24", "webp-32x24", "jpeg-32x24"])
        #expect(output.facts.averageColor == "#c86432")
        // Its limits apply, and the formats galgen reads name it.
        #expect(throws: ImagingError(.tooLarge, "image is 64x48 pixels, more than maxPixels (1000); "
                                     + "a GGIM is decoded at full size, so it is refused from its header")) {
            var small = settings
            small.maxPixels = 1000
            _ = try ImagePipeline(settings: small, codecs: codecs).inspect(file)
        }
        #expect(throws: ImagingError(.unsupportedFormat, "unsupported format BMP; galgen reads JPEG, PNG, WebP, GIF, HEIC, AVIF, TIFF and GGIM")) {
            _ = try ImagePipeline(settings: settings, codecs: codecs).inspect(Data("BM\0\0\0\0\0\0".utf8))
        }
        // The standard registry does not know it.
        #expect(throws: ImagingError(.unsupportedFormat, "not an image: unrecognised bytes")) {
            _ = try ImagePipeline(settings: settings).process(file)
        }
    }

    @Test func everyEncodersVerifierAcceptsItsOutputAndRefusesItCutShort() throws {
        let pixels = Painter.orientationMarker(width: 40, height: 30)
        for encoder in ImageCodecs.standard.encoders {
            for displayP3 in [false, true] {
                let data = try encoder.encode(pixels, displayP3: displayP3, settings: settings)
                #expect(encoder.verify(data) == nil, "\(encoder.format)")
                for cut in [1, 2, data.count / 2, data.count - 3] {
                    #expect(encoder.verify(data.prefix(data.count - cut)) != nil, "\(encoder.format) less \(cut) bytes")
                }
                #expect(encoder.verify(Data()) != nil)
            }
        }
    }

    @Test func everyOutputFormatHasOneEncoderNamedAsTheFormatIs() {
        let encoders = ImageCodecs.standard.encoders
        #expect(encoders.map(\.format) == [.jpeg, .webp, .avif])
        for format in OutputFormat.allCases {
            let encoder = ImageCodecs.standard.encoder(for: format)
            #expect(encoder.format == format)
            #expect(encoder.fileExtension == format.fileExtension && encoder.mimeType == format.mimeType)
            #expect(encoder.keepsAlpha == format.keepsAlpha)
        }
    }

    /// The canonical texts are part of every cache key and of the remote action key: they never change.
    @Test func settingsTextsAreTheCacheKeysOwn() {
        var settings = ImagePipeline.Settings(widths: [320], quality: 82, maxPixels: 1, maxSourceBytes: 1, progressive: true,
                                              background: [0x12, 0xab, 0xff])
        settings.avifEncoder = .rav1e
        let codecs = ImageCodecs.standard
        #expect(codecs.encoder(for: .jpeg).cacheKeyText(settings: settings) == "format=jpeg|quality=82|progressive=1|background=12abff")
        #expect(codecs.encoder(for: .webp).cacheKeyText(settings: settings) == "format=webp|quality=84|effort=4")
        #expect(codecs.encoder(for: .avif).cacheKeyText(settings: settings) == "format=avif|quality=68|speed=6|encoder=rav1e")
        #expect(codecs.encoders.map { $0.actionKeyText(settings: settings) } == ["jpeg=82,1", "webp=84,4", "avif=68,6,rav1e"])
    }

    /// Every file of the upstream corpus goes to its format's decoder (files whose signature is broken on purpose to none).
    @Test func theRegistryTellsEachRealFormatByItsBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("corpus/upstream")
        let byFolder = ["jpeg": "JPEG", "png": "PNG", "gif": "GIF", "webp": "WebP"]
        // Signatures broken on purpose (PngSuite's xs1, xs2, xs4 and xs7, and its CR/LF-mangled xcr and xlf: the
        // format table wants PNG's whole 8 bytes; an empty file).
        let broken: Set = ["empty.jpg", "pngsuite-xs1n0g01.png", "pngsuite-xs2n0g01.png", "pngsuite-xs4n0g01.png",
                           "pngsuite-xs7n0g01.png", "pngsuite-xcrn0g04.png", "pngsuite-xlfn0g04.png"]
        var seen: Set<String> = []
        for folder in ["jpeg", "png", "gif", "webp", "heif", "other"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            for name in names {
                let data = try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))
                let expected = broken.contains(name) ? nil : byFolder[folder]
                    ?? (folder == "heif" ? (name.contains(".avif") ? "AVIF" : "HEIC") : name.hasSuffix(".tif") ? "TIFF" : nil)
                let found = ImageCodecs.standard.decoder(for: data)
                #expect(found?.format == expected, "\(folder)/\(name)")
                if let found { #expect(found.decoder.formatNames.contains(found.format)) }
                if let expected { seen.insert(expected) }
            }
        }
        #expect(seen == ["JPEG", "PNG", "GIF", "WebP", "HEIC", "AVIF", "TIFF"])
    }
}
