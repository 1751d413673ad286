import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

struct ImagePipelineTests {
    private func pipeline(_ widths: [Int] = [160, 320, 640], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 82, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    private func jpeg(_ w: Int, _ h: Int, app1: [UInt8]? = nil) throws -> Data {
        try JPEGCodec.encode(Painter.portrait(width: w, height: h, hue: 200, shade: 0.3), quality: 85, app1: app1)
    }

    @Test func resizesToEveryWidthKeepingAspectRatio() throws {
        let output = try pipeline().process(try jpeg(1000, 750))
        #expect(output.variants.map(\.size.width) == [160, 320, 640])
        #expect(output.variants.map(\.size.height) == [120, 240, 480])
        for variant in output.variants {
            let info = try JPEGCodec.info(variant.jpeg)
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

    @Test(arguments: [(6, 0), (8, 0), (3, 0), (1, 0)])
    func appliesEXIFOrientation(orientation: Int, _: Int) throws {
        // Paint the picture upright (red band on top), store it as a camera would, tag it.
        let upright = Painter.topBand(width: 400, height: 600, top: (230, 20, 20), rest: (20, 20, 230))
        let inverse = [1: 1, 3: 3, 6: 8, 8: 6][orientation]!
        let stored = PixelOps.orient(upright, orientation: inverse)
        let data = try JPEGCodec.encode(stored, quality: 90, app1: ExifOrientation.app1Payload(orientation: orientation))
        #expect(ExifOrientation.read(from: data) == orientation)
        let output = try pipeline([160]).process(data)
        #expect(output.info.width == 400 && output.info.height == 600)
        let decoded = try JPEGCodec.decode(output.variants[0].jpeg).pixels
        #expect(decoded.width == 160 && decoded.height == 240)
        let top = decoded.pixel(x: 80, y: 10), bottom = decoded.pixel(x: 80, y: 200)
        #expect(top.r > 180 && top.b < 80, "top should be red, was \(top)")
        #expect(bottom.b > 180 && bottom.r < 80, "bottom should be blue, was \(bottom)")
    }

    @Test func outputsCarryNoMetadata() throws {
        let output = try pipeline([160]).process(try jpeg(300, 300, app1: ExifOrientation.app1Payload(orientation: 1)))
        let bytes = [UInt8](output.variants[0].jpeg)
        #expect(!bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xE1 })
        #expect(!output.variants[0].jpeg.contains(Data("Exif".utf8)))
    }

    @Test func averageColourComesFromThePixels() throws {
        let data = try JPEGCodec.encode(Painter.solid(width: 64, height: 64, rgb: (200, 100, 50)), quality: 95)
        let color = try pipeline([160]).process(data).averageColor
        let rgb = [1, 3, 5].map { Int(color.dropFirst($0).prefix(2), radix: 16)! }
        #expect(abs(rgb[0] - 200) <= 3 && abs(rgb[1] - 100) <= 3 && abs(rgb[2] - 50) <= 3, "\(color)")
    }

    @Test(arguments: [
        (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]), "unsupported format PNG"),
        (Data("GIF89a....".utf8), "unsupported format GIF"),
        (Data("RIFF\0\0\0\0WEBPVP8 ".utf8), "unsupported format WebP"),
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
