import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// WebP (libwebp) and GIF (giflib) inputs: lossy, lossless, alpha, animations (first frame, noted),
/// ICCP, transparency, interlacing, limits and broken files.
struct WebPAndGIFInputTests {
    private func pipeline(_ widths: [Int] = [32], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 95, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    private func color(_ output: ImagePipeline.Output) -> [Int] {
        [1, 3, 5].map { Int(output.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
    }

    private func near(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    private func rgba(_ pixel: [UInt8], _ w: Int = 64, _ h: Int = 48) -> [UInt8] { Array([[UInt8]](repeating: pixel, count: w * h).joined()) }

    @Test(arguments: [false, true])
    func webPDecodesLossyAndLossless(lossless: Bool) throws {
        let webp = try WebPCodec.encode(rgba([200, 100, 50, 255]), width: 64, height: 48, lossless: lossless)
        #expect(ImageFormat.sniff(webp) == .media(.webp))
        let output = try pipeline().process(webp)
        #expect(output.variants.map(\.size.width) == [32] && output.variants[0].size.height == 24)
        #expect(near(color(output), [200, 100, 50], lossless ? 1 : 6), "\(output.facts.averageColor)")
        #expect(output.note == nil)
    }

    @Test func webPAlphaIsCompositedOverWhite() throws {
        let webp = try WebPCodec.encode(rgba([0, 0, 0, 128]), width: 64, height: 48, lossless: true)
        #expect(near(color(try pipeline().process(webp)), [127, 127, 127], 2))
    }

    @Test func anAnimatedWebPShowsItsFirstFrameAndSaysSo() throws {
        let webp = try WebPCodec.encode(rgba([220, 40, 40, 255]), width: 64, height: 48, lossless: true, frames: 3)
        #expect(try WebPCodec.info(webp).animated)
        let output = try pipeline().process(webp)
        #expect(near(color(output), [220, 40, 40], 2), "the first frame, not the inverted second: \(output.facts.averageColor)")
        #expect(output.note == "animated WebP: its first frame is shown")
    }

    @Test func aWebPProfileIsApplied() throws {
        let swapped = try #require(ColorManagement.rgbProfile(red: (0.30, 0.60), green: (0.64, 0.33), blue: (0.15, 0.06)))
        let webp = try WebPCodec.encode(rgba([220, 30, 30, 255]), width: 64, height: 48, lossless: true, profile: swapped)
        let c = color(try pipeline().process(webp))
        #expect(c[1] > 180 && c[0] < 80, "expected green, got \(c)")
    }

    private let palette: [(UInt8, UInt8, UInt8)] = [(250, 20, 20), (20, 20, 250), (20, 200, 20), (0, 0, 0)]

    @Test(arguments: [false, true])
    func gifDecodesWithItsPalette(interlaced: Bool) throws {
        // Top half red (index 0), bottom half blue (index 1): interlacing must put the rows back in order.
        let indices = (0..<(64 * 48)).map { UInt8($0 / 64 < 24 ? 0 : 1) }
        let gif = try GIFCodec.encode(indices, width: 64, height: 48, palette: palette, interlaced: interlaced)
        #expect(ImageFormat.sniff(gif) == .media(.gif))
        let output = try pipeline([64]).process(gif)
        #expect(near(color(output), [135, 20, 135], 3), "\(output.facts.averageColor)")
        let top = try JPEGCodec.decode(output.variants[0].data).pixels
        #expect(top.bytes[0] > 200 && top.bytes[2] < 60, "row 0 is red")
        let last = (top.width * (top.height - 1)) * 3
        #expect(top.bytes[last + 2] > 200 && top.bytes[last] < 60, "the last row is blue")
        #expect(output.note == nil)
    }

    @Test func gifTransparencyAndAnimation() throws {
        let indices = [UInt8](repeating: 2, count: 64 * 48 / 2) + [UInt8](repeating: 3, count: 64 * 48 / 2)
        let gif = try GIFCodec.encode(indices, width: 64, height: 48, palette: palette, transparent: 3, frames: 2)
        let output = try pipeline([64]).process(gif)
        // Half green, half transparent (over white); the second frame (indices shifted) is not used.
        #expect(near(color(output), [137, 227, 137], 3), "\(output.facts.averageColor)")
        #expect(output.note == "animated GIF: its first frame is shown")
    }

    @Test func limitsAndBrokenFilesAreErrors() throws {
        let webp = try WebPCodec.encode(rgba([1, 2, 3, 255]), width: 64, height: 48)
        let gif = try GIFCodec.encode([UInt8](repeating: 0, count: 64 * 48), width: 64, height: 48, palette: palette)
        #expect {
            _ = try pipeline(maxPixels: 1000).process(webp)
        } throws: { error in
            (error as? ImagingError)?.code == .tooLarge && (error as? ImagingError)?.message.contains("refused from its header") == true
        }
        // A GIF's rows stream by: a screen over maxPixels is sampled down as it is read (64x48 → every 2nd pixel).
        let sampled = try pipeline([16], maxPixels: 1000).process(gif)
        #expect(sampled.info.width == 32 && sampled.info.height == 24)
        #expect(GIFCodec.scale(width: 6727, height: 65351, maxPixels: 100_000_000) == 3)
        // Cut inside the image data: what decoded is shown, and the damage is noted; cut inside the header: an error.
        let cutGIF = try pipeline().process(gif.prefix(40))
        #expect(cutGIF.note?.contains("damaged GIF data") == true, "\(cutGIF.note ?? "no note")")
        #expect(throws: ImagingError.self) { _ = try pipeline().process(gif.prefix(12)) }
        #expect(throws: ImagingError.self) { _ = try pipeline().process(webp.prefix(40)) }
        #expect {
            _ = try pipeline().process(Data("GIF89a".utf8) + Data(repeating: 0, count: 30))
        } throws: { error in (error as? ImagingError)?.code == .corrupt }
    }

    /// A first frame of no pixels (a fuzzer's favourite: 0 wide, then garbage) paints nothing: the screen is
    /// shown blank, as browsers and libvips show it, and the report says why.
    @Test func anEmptyFirstFrameLeavesTheScreenBlank() throws {
        var gif = Data("GIF89a".utf8) + Data([40, 0, 30, 0, 0x00, 0, 0])          // 40x30 screen, no global table
        gif += Data([0x2C, 1, 0, 0, 0, 0, 0, 10, 0, 0x80]) + Data([255, 0, 0, 0, 0, 255])  // 0x10 frame, 2-colour table
        gif += Data([2, 3, 0xFF, 0xB9, 0x38, 0x3B])                           // code size, then garbage
        let output = try pipeline([40]).process(gif)
        #expect(output.info.width == 40 && output.info.height == 30)
        #expect(output.note?.contains("first frame is empty (0x10)") == true, "\(output.note ?? "no note")")
        let pixels = try JPEGCodec.decode(try #require(output.variants.first).data).pixels
        #expect(pixels.bytes.allSatisfy { $0 > 250 }, "a blank screen is composited over the white background")
    }
}

/// EXIF orientation in PNG's `eXIf` and WebP's `EXIF` chunks turns the picture upright, like a JPEG's.
struct ChunkOrientationTests {
    /// EXIF as the chunks hold it: the APP1 payload without its `Exif\0\0` prefix.
    private func exif(_ orientation: Int) -> [UInt8] { Array(ExifOrientation.app1Payload(orientation: orientation).dropFirst(6)) }

    private func topRightIsGreen(_ output: ImagePipeline.Output) throws -> Bool {
        let pixels = try JPEGCodec.decode(try #require(output.variants.first).data).pixels
        let at = (pixels.width - 2) * 3
        return pixels.bytes[at + 1] > 150 && pixels.bytes[at] < 100
    }

    @Test(arguments: ["png", "webp"])
    func orientationSixTurnsThePictureClockwise(format: String) throws {
        let marker = Painter.orientationMarker(width: 64, height: 48)  // green top-left when upright
        var rgba: [UInt8] = []
        for i in stride(from: 0, to: marker.bytes.count, by: 3) { rgba += [marker.bytes[i], marker.bytes[i + 1], marker.bytes[i + 2], 255] }
        let file = format == "png"
            ? try PNGCodec.addingChunk(try PNGCodec.encode(marker.bytes, width: 64, height: 48, channels: 3), type: "eXIf", payload: exif(6))
            : try WebPCodec.encode(rgba, width: 64, height: 48, lossless: true, exif: exif(6))
        let pipeline = ImagePipeline(settings: .init(widths: [48], quality: 95, maxPixels: 1_000_000, maxSourceBytes: 1_000_000))
        let output = try pipeline.process(file)
        #expect(output.info.orientation == 6 && output.info.width == 48 && output.info.height == 64)
        #expect(try topRightIsGreen(output), "\(format): the stored top-left corner must be at the top right")
        // Without the chunk the same pixels stay as stored (the control).
        let plain = format == "png" ? try PNGCodec.encode(marker.bytes, width: 64, height: 48, channels: 3)
                                    : try WebPCodec.encode(rgba, width: 64, height: 48, lossless: true)
        #expect(try pipeline.process(plain).info.orientation == 1)
    }
}
