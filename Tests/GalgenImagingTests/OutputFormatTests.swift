import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// WebP and AVIF outputs: every format decodes back to the same picture, alpha is kept where the
/// format allows and composited for JPEG, orientation and colour apply to every format, outputs
/// carry no metadata, and `only` makes exactly the variants asked for.
struct OutputFormatTests {
    private func pipeline(_ widths: [Int], formats: [OutputFormat] = [.avif, .webp, .jpeg],
                          background: [UInt8] = [255, 255, 255]) -> ImagePipeline {
        var settings = ImagePipeline.Settings(widths: widths, quality: 90, maxPixels: 100_000_000, maxSourceBytes: 50_000_000,
                                              background: background)
        settings.formats = formats
        settings.webpQuality = 90
        settings.avifQuality = 80
        return ImagePipeline(settings: settings)
    }

    /// Decodes any output format back to pixels with galgen's own readers (libjpeg, libwebp, libheif).
    private func decode(_ variant: ImagePipeline.Output.Variant) throws -> PixelBuffer {
        switch variant.format {
        case .jpeg: try JPEGCodec.decode(variant.data).pixels
        case .webp: try WebPCodec.decode(variant.data, maxPixels: 1 << 30).pixels
        case .avif: try HEIFCodec.decode(variant.data, maxPixels: 1 << 30).pixels
        }
    }

    private func close(_ a: (r: UInt8, g: UInt8, b: UInt8), _ b: (Int, Int, Int), _ tolerance: Int = 16) -> Bool {
        abs(Int(a.r) - b.0) <= tolerance && abs(Int(a.g) - b.1) <= tolerance && abs(Int(a.b) - b.2) <= tolerance
    }

    @Test func everyFormatIsWrittenPerWidthAndDecodesToTheSamePicture() throws {
        let marker = Painter.orientationMarker(width: 400, height: 300)
        let source = try JPEGCodec.encode(marker, quality: 95)
        let output = try pipeline([100, 200]).process(source)
        #expect(output.variants.map { "\($0.format.rawValue)-\($0.size.width)" }
                == ["avif-100", "webp-100", "jpeg-100", "avif-200", "webp-200", "jpeg-200"])
        #expect(ImageFormat.sniff(output.variants[0].data) == .media(.avif))
        #expect(ImageFormat.sniff(output.variants[1].data) == .media(.webp))
        for variant in output.variants {
            let pixels = try decode(variant)
            #expect(pixels.width == variant.size.width && pixels.height == variant.size.height, "\(variant.format)")
            #expect(!pixels.hasAlpha, "\(variant.format): an opaque source makes opaque outputs")
            let w = pixels.width, h = pixels.height
            #expect(close(pixels.pixel(x: w / 10, y: h / 10), (20, 220, 20)), "\(variant.format) top-left \(pixels.pixel(x: w / 10, y: h / 10))")
            #expect(close(pixels.pixel(x: w * 9 / 10, y: h / 10), (230, 20, 20)), "\(variant.format) top-right")
            #expect(close(pixels.pixel(x: w / 2, y: h * 3 / 4), (20, 20, 230)), "\(variant.format) bottom")
        }
        // At equal settings the new formats are smaller than JPEG on this flat picture.
        let bytes = Dictionary(uniqueKeysWithValues: output.variants.filter { $0.size.width == 200 }.map { ($0.format, $0.data.count) })
        #expect(bytes[.avif]! < bytes[.jpeg]! && bytes[.webp]! < bytes[.jpeg]!, "\(bytes)")
    }

    @Test func orientationAppliesToEveryFormat() throws {
        // Stored sideways with EXIF orientation 6 (rotate 90° clockwise to view).
        let stored = Painter.orientationMarker(width: 300, height: 400)
        let exif = ExifOrientation.app1Payload(orientation: 6)
        let source = try JPEGCodec.encode(stored, quality: 95, markers: [(1, exif)])
        let output = try pipeline([120], formats: [.avif, .webp, .jpeg]).process(source)
        for variant in output.variants {
            let pixels = try decode(variant)
            #expect(pixels.width == 120 && pixels.height == 90, "\(variant.format) \(pixels.width)x\(pixels.height)")
            // The stored top-left green corner is at the top right once turned clockwise.
            #expect(close(pixels.pixel(x: pixels.width - 4, y: 4), (20, 220, 20), 30), "\(variant.format) \(pixels.pixel(x: pixels.width - 4, y: 4))")
        }
    }

    /// A 64×48 RGBA picture: the left half opaque red, the right half fully transparent green.
    private func halfTransparent() -> [UInt8] {
        var rgba: [UInt8] = []
        for _ in 0..<48 {
            for x in 0..<64 { rgba += x < 32 ? [230, 20, 20, 255] : [0, 255, 0, 0] }
        }
        return rgba
    }

    @Test func alphaIsKeptInWebPAndAVIFAndCompositedInJPEG() throws {
        let png = try PNGCodec.encode(halfTransparent(), width: 64, height: 48, channels: 4)
        let output = try pipeline([64], background: [0, 0, 128]).process(png)
        for variant in output.variants {
            let pixels = try decode(variant)
            switch variant.format {
            case .jpeg:
                #expect(!pixels.hasAlpha)
                #expect(close(pixels.pixel(x: 56, y: 24), (0, 0, 128), 6), "JPEG over the background: \(pixels.pixel(x: 56, y: 24))")
            case .webp, .avif:
                #expect(pixels.hasAlpha, "\(variant.format) keeps alpha")
                #expect(pixels.alpha(x: 56, y: 24) < 8 && pixels.alpha(x: 8, y: 24) > 247, "\(variant.format)")
            }
            #expect(close(pixels.pixel(x: 8, y: 24), (230, 20, 20), 20), "\(variant.format) opaque side \(pixels.pixel(x: 8, y: 24))")
        }
        // The mean colour is what the picture looks like over the background.
        // Half red (230, 20, 20), half the background (0, 0, 128).
        let mean = [1, 3, 5].map { Int(output.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
        #expect(zip(mean, [115, 10, 74]).allSatisfy { abs($0 - $1) <= 3 }, "\(output.facts.averageColor)")
    }

    @Test func transparentPixelsLendNoColourToTheEdge() throws {
        // Halving the picture blends the pixels at the edge. Weighted by alpha, the invisible green
        // of the transparent half must not tint the red edge: over white, red edge pixels stay pink
        // (green and blue equal), where a plain RGBA filter would make them green-tinted.
        let png = try PNGCodec.encode(halfTransparent(), width: 64, height: 48, channels: 4)
        let output = try pipeline([32], formats: [.webp, .jpeg]).process(png)
        let jpeg = try decode(try #require(output.variants.first { $0.format == .jpeg }))
        for x in 14...17 {
            let p = jpeg.pixel(x: x, y: 12)
            #expect(abs(Int(p.g) - Int(p.b)) <= 8, "edge pixel \(x) is tinted: \(p)")
        }
        let webp = try decode(try #require(output.variants.first { $0.format == .webp }))
        for x in 14...16 where webp.alpha(x: x, y: 12) > 64 {
            let p = webp.pixel(x: x, y: 12)
            #expect(p.g < 60 && p.r > 170, "WebP edge pixel \(x) keeps its red: \(p)")
        }
    }

    @Test func outputsCarryNoMetadata() throws {
        let marker = Painter.orientationMarker(width: 200, height: 150)
        let profile = try #require(ColorManagement.rgbProfile(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06)))
        var icc = Array("ICC_PROFILE\0".utf8) + [1, 1]
        icc += profile
        let source = try JPEGCodec.encode(marker, quality: 95, markers: [(1, ExifOrientation.app1Payload(orientation: 1) + Array("galgen-secret-camera".utf8)), (2, icc)])
        let output = try pipeline([100]).process(source)
        for variant in output.variants {
            for needle in ["Exif", "galgen-secret-camera", "ICCP", "ICC_PROFILE", "prof"] {
                #expect(!variant.data.contains(Data(needle.utf8)), "\(needle) in the \(variant.format) output")
            }
        }
    }

    @Test func onlyTheRequestedVariantsAreEncoded() throws {
        let source = try JPEGCodec.encode(Painter.orientationMarker(width: 400, height: 300), quality: 90)
        let output = try pipeline([100, 200]).process(source, only: [VariantID(.webp, 200), VariantID(.avif, 100)])
        #expect(output.variants.map { "\($0.format.rawValue)-\($0.size.width)" } == ["avif-100", "webp-200"])
    }

    @Test(arguments: AVIFCodec.Encoder.allCases)
    func everyAV1EncoderOfThisLibavifMakesAReadableFile(encoder: AVIFCodec.Encoder) throws {
        let marker = Painter.orientationMarker(width: 128, height: 96)
        guard encoder.isAvailable else {
            // Debian's libavif is built with aom, rav1e and SVT-AV1; aom is galgen's default and must be there.
            #expect(encoder != .aom, "libavif has no aom encoder")
            return
        }
        let data = try AVIFCodec.encode(marker, quality: 70, speed: 9, encoder: encoder)
        let pixels = try HEIFCodec.decode(data, maxPixels: 1 << 30).pixels
        #expect(pixels.width == 128 && pixels.height == 96)
        #expect(close(pixels.pixel(x: 100, y: 8), (230, 20, 20), 30), "\(encoder) \(pixels.pixel(x: 100, y: 8))")
    }

    @Test func sixteenBitAndPaletteInputsEncodeToEveryFormat() throws {
        var sixteen: [UInt16] = []
        for _ in 0..<48 { for x in 0..<64 { sixteen += [UInt16(x * 1000), 30000, 5000] } }
        let deep = try PNGCodec.encode(sixteen.withUnsafeBytes { [UInt8]($0) }, width: 64, height: 48, channels: 3, sixteen: true)
        let palette = try PNGCodec.encode(halfTransparent(), width: 64, height: 48, channels: 4, palette: true)
        for source in [deep, palette] {
            let output = try pipeline([32]).process(source)
            #expect(output.variants.count == 3)
            for variant in output.variants { #expect(try decode(variant).width == 32) }
        }
    }

    @Test func aWideGamutSiteTagsDisplayP3InEveryFormat() throws {
        let p3 = try #require(ColorManagement.displayP3)
        var icc = Array("ICC_PROFILE".utf8) + [0, 1, 1]
        icc += p3
        let tagged = try JPEGCodec.encode(Painter.orientationMarker(width: 200, height: 150), quality: 95, markers: [(2, icc)])
        var settings = pipeline([100]).settings
        settings.colorSpace = .p3
        let output = try ImagePipeline(settings: settings).process(tagged)
        #expect(output.displayP3)
        for variant in output.variants {
            switch variant.format {
            case .jpeg: #expect(variant.data.contains(Data("ICC_PROFILE".utf8)))
            case .webp: #expect(variant.data.contains(Data("ICCP".utf8)))
            case .avif: #expect(try HEIFCodec.decode(variant.data, maxPixels: 1 << 30).nclxPrimaries == 12, "AVIF says P3 by its nclx primaries")
            }
            // P3 in, P3 out: the stored values are the source's (within the encoders' noise).
            #expect(close(try decode(variant).pixel(x: 90, y: 5), (230, 20, 20), 24), "\(variant.format)")
        }
        // An untagged source stays untagged sRGB on the same site.
        let plain = try ImagePipeline(settings: settings).process(try JPEGCodec.encode(Painter.orientationMarker(width: 200, height: 150), quality: 95))
        #expect(!plain.displayP3 && plain.variants.allSatisfy { !$0.data.contains(Data("ICC".utf8)) })
    }

    /// A wide-gamut WebP variant gets its ICCP chunk from CWebPShim, no longer from libwebpmux (which only the tests
    /// link now): the bytes are libwebpmux's, for RGB (a VP8 chunk alone before) and RGBA (VP8X, ALPH, VP8 before),
    /// with a profile of even and of odd length (a padding byte), so shared caches keep their variants.
    @Test func aWebPVariantsProfileChunkIsTheOneLibwebpmuxWrote() throws {
        let p3 = try #require(ColorManagement.displayP3)
        let painted = Painter.orientationMarker(width: 61, height: 37)
        var rgba = [UInt8]()
        for (i, byte) in painted.bytes.enumerated() {
            rgba.append(byte)
            if i % 3 == 2 { rgba.append(UInt8((i / 3) % 251)) }
        }
        let sources = [painted, PixelBuffer(width: 61, height: 37, channels: 4, bytes: rgba)]
        for pixels in sources {
            for profile in [p3, p3 + [7]] {
                let plain = try WebPCodec.encode(pixels, quality: 80, effort: 2)
                let tagged = try WebPCodec.encode(pixels, quality: 80, effort: 2, profile: profile)
                #expect(tagged == (try WebPCodec.muxingProfile(plain, profile)), "\(pixels.channels) channels, \(profile.count)-byte profile")
                #expect(try WebPCodec.decode(tagged, maxPixels: 1 << 20).iccProfile == profile)
            }
        }
    }
}
