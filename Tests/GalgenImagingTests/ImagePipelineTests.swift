import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

struct ImagePipelineTests {
    private func pipeline(_ widths: [Int] = [160, 320, 640], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 82, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    private func jpeg(_ w: Int, _ h: Int, markers: [(Int, [UInt8])] = []) throws -> Data {
        try JPEGCodec.encode(Painter.portrait(width: w, height: h, hue: 200, shade: 0.3), quality: 85, markers: markers)
    }

    @Test func resizesToEveryWidthKeepingAspectRatio() throws {
        let output = try pipeline().process(try jpeg(1000, 750))
        #expect(output.variants.map(\.size.width) == [160, 320, 640])
        #expect(output.variants.map(\.size.height) == [120, 240, 480])
        for variant in output.variants {
            let info = try JPEGCodec.info(variant.data)
            #expect(info.width == variant.size.width && info.height == variant.size.height)
        }
        #expect(output.info.width == 1000 && output.info.height == 750)
    }

    @Test func neverUpscales() throws {
        let output = try pipeline().process(try jpeg(500, 400))
        #expect(output.variants.map(\.size.width) == [160, 320])
        let tiny = try pipeline().process(try jpeg(100, 150))
        #expect(tiny.variants.map(\.size.width) == [100])
        #expect(tiny.variants.map(\.size.height) == [150])
    }

    @Test func choosesTheSmallestSufficientDCTScale() {
        let plan = VariantPlan(sourceWidth: 4000, sourceHeight: 3000, widths: [160, 320, 640])
        #expect(plan.scaleDenominator(storedWidth: 4000, storedHeight: 3000, swapped: false) == 4)
        let big = VariantPlan(sourceWidth: 1000, sourceHeight: 1000, widths: [640])
        #expect(big.scaleDenominator(storedWidth: 1000, storedHeight: 1000, swapped: false) == 1)
        let rotated = VariantPlan(sourceWidth: 3000, sourceHeight: 4000, widths: [640])
        #expect(rotated.scaleDenominator(storedWidth: 4000, storedHeight: 3000, swapped: true) == 4)
    }

    @Test(arguments: 1...8)
    func appliesEXIFOrientation(orientation: Int) throws {
        // Paint the marker upright, store it as a camera would (the inverse transform), tag it.
        let upright = Painter.orientationMarker(width: 400, height: 600)
        let inverse = [1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6][orientation]!
        let stored = PixelOps.orient(upright, orientation: inverse)
        let data = try JPEGCodec.encode(stored, quality: 90, markers: [(1, ExifOrientation.app1Payload(orientation: orientation))])
        #expect(ExifOrientation.read(from: data) == orientation)
        let output = try pipeline([160]).process(data)
        #expect(output.info.width == 400 && output.info.height == 600)
        let decoded = try JPEGCodec.decode(output.variants[0].data).pixels
        #expect(decoded.width == 160 && decoded.height == 240)
        expectUpright(decoded)
    }

    /// Photoshop-style CMYK: 4 components, Adobe marker, inverted values (255 = no ink).
    private func invertedCMYK(width: Int, height: Int, ink: (c: UInt8, m: UInt8, y: UInt8, k: UInt8)) -> [UInt8] {
        Array([[255 - ink.c, 255 - ink.m, 255 - ink.y, 255 - ink.k]].joined()).repeated(width * height)
    }

    @Test(arguments: [JPEGCodec.EncodeFlags(), .ycck])
    func convertsAdobeCMYKAndYCCKToRGB(flags: JPEGCodec.EncodeFlags) throws {
        // Full magenta + yellow ink, no cyan or black: red.
        let bytes = invertedCMYK(width: 64, height: 48, ink: (0, 255, 255, 0))
        let data = try JPEGCodec.encode(raw: bytes, width: 64, height: 48, components: 4, quality: 95, flags: flags)
        #expect(try JPEGCodec.info(data).components == 4)
        let output = try pipeline([32]).process(data)
        let p = try JPEGCodec.decode(output.variants[0].data).pixels.pixel(x: 16, y: 12)
        #expect(p.r > 230 && p.g < 30 && p.b < 30, "expected red, got \(p)")
    }

    @Test func expandsGrayscale() throws {
        let data = try JPEGCodec.encode(raw: [UInt8](repeating: 128, count: 80 * 60), width: 80, height: 60, components: 1, quality: 95)
        let output = try pipeline([40]).process(data)
        let p = try JPEGCodec.decode(output.variants[0].data).pixels.pixel(x: 20, y: 15)
        #expect(abs(Int(p.r) - 128) <= 2 && p.r == p.g && p.g == p.b, "\(p)")
    }

    @Test(arguments: [JPEGCodec.EncodeFlags.progressive, .arithmetic, [.progressive, .arithmetic]])
    func decodesProgressiveAndArithmeticInputs(flags: JPEGCodec.EncodeFlags) throws {
        let picture = Painter.orientationMarker(width: 320, height: 240)
        let data = try JPEGCodec.encode(raw: picture.bytes, width: 320, height: 240, components: 3, quality: 90, flags: flags)
        #expect(try JPEGCodec.info(data).progressive == flags.contains(.progressive))
        let output = try pipeline([160]).process(data)
        let p = try JPEGCodec.decode(output.variants[0].data).pixels.pixel(x: 100, y: 10)
        #expect(p.r > 180 && p.g < 80)
    }

    @Test func writesProgressiveOutputWhenAsked() throws {
        let settings = ImagePipeline.Settings(widths: [160], quality: 82, maxPixels: 1 << 30, maxSourceBytes: 1 << 30, progressive: true)
        let output = try ImagePipeline(settings: settings).process(try jpeg(400, 300))
        #expect(try JPEGCodec.info(output.variants[0].data).progressive)
        #expect(try !JPEGCodec.info(try pipeline([160]).process(try jpeg(400, 300)).variants[0].data).progressive)
    }

    @Test func outputsCarryNoMetadata() throws {
        var exif = ExifOrientation.app1Payload(orientation: 1)
        exif += Array("GPSLatitude 52.37 GPSLongitude 4.89 Model Canon EOS".utf8)
        let xmp = Array("http://ns.adobe.com/xap/1.0/\u{0}<x:xmpmeta><tiff:Model>Canon</tiff:Model></x:xmpmeta>".utf8)
        let iptc = Array("Photoshop 3.0\u{0}8BIM copyright".utf8)
        let input = try jpeg(300, 300, markers: [(1, exif), (1, xmp), (13, iptc)])
        #expect(input.contains(Data("GPSLatitude".utf8)) && input.contains(Data("ns.adobe.com/xap".utf8)))
        for variant in try pipeline([160]).process(input).variants {
            let bytes = [UInt8](variant.data)
            let appMarkers = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && (0xE1...0xEF).contains(bytes[$0 + 1]) }
            #expect(appMarkers.isEmpty, "APP1..APP15 markers in output")
            for needle in ["Exif", "http://ns.adobe.com/xap", "GPS", "Canon", "8BIM"] {
                #expect(!variant.data.contains(Data(needle.utf8)), "\(needle) in output")
            }
        }
    }

    @Test func averageColourComesFromThePixels() throws {
        let data = try JPEGCodec.encode(Painter.solid(width: 64, height: 64, rgb: (200, 100, 50)), quality: 95)
        let color = try pipeline([160]).process(data).facts.averageColor
        let rgb = [1, 3, 5].map { Int(color.dropFirst($0).prefix(2), radix: 16)! }
        #expect(abs(rgb[0] - 200) <= 3 && abs(rgb[1] - 100) <= 3 && abs(rgb[2] - 50) <= 3, "\(color)")
    }

    @Test(arguments: [
        (Data("BM\0\0\0\0\0\0".utf8), "unsupported format BMP"),
        (Data("<!DOCTYPE html><html>error</html>".utf8), "HTML page"),
        (Data(), "empty"),
        (Data([1, 2, 3, 4, 5]), "unrecognised"),
    ])
    func rejectsNonJPEGBytesByContent(data: Data, message: String) {
        #expect {
            _ = try pipeline().process(data)
        } throws: { error in
            (error as? ImagingError)?.code == .unsupportedFormat && (error as? ImagingError)?.message.contains(message) == true
        }
    }

    @Test func brokenJPEGIsAnErrorNotACrash() throws {
        var data = try jpeg(200, 200)
        data.replaceSubrange(20..<400, with: Data(repeating: 0x00, count: 380))
        #expect(throws: ImagingError.self) { _ = try pipeline().process(data) }
    }

    @Test func truncatedJPEGDecodesWithAWarning() throws {
        let data = try jpeg(800, 600)
        let output = try pipeline([160]).process(data.prefix(data.count / 2))
        #expect(output.warning != nil)
        #expect(output.variants.count == 1)
    }

    @Test func hugeHeadersAreRefusedBeforeDecoding() throws {
        // A real 16x16 JPEG whose frame header is rewritten to claim 30000x30000 pixels.
        var bytes = [UInt8](try JPEGCodec.encode(Painter.solid(width: 16, height: 16, rgb: (1, 2, 3)), quality: 80))
        let sof = bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[sof + 5] = 0x75; bytes[sof + 6] = 0x30; bytes[sof + 7] = 0x75; bytes[sof + 8] = 0x30
        #expect {
            _ = try pipeline().process(Data(bytes))
        } throws: { error in
            (error as? ImagingError)?.code == .tooLarge && (error as? ImagingError)?.message.contains("30000x30000") == true
        }
    }
}

extension Array {
    fileprivate func repeated(_ n: Int) -> [Element] { Array([[Element]](repeating: self, count: n).joined()) }
}
