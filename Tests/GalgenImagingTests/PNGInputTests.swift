import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// PNG inputs through libpng: colour types, bit depths, palettes with transparency, gamma, iCCP,
/// alpha composited over white, and the limits.
struct PNGInputTests {
    private func pipeline(_ widths: [Int] = [32], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 95, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    private func color(_ output: ImagePipeline.Output) -> [Int] {
        [1, 3, 5].map { Int(output.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
    }

    private func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 3) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    /// `w`×`h` copies of one pixel's samples.
    private func fill(_ pixel: [UInt8], _ w: Int = 64, _ h: Int = 48) -> [UInt8] { Array([[UInt8]](repeating: pixel, count: w * h).joined()) }

    @Test(arguments: [
        ([200, 100, 50] as [UInt8], 3, [200, 100, 50]),          // RGB
        ([90] as [UInt8], 1, [90, 90, 90]),                      // gray
        ([200, 100, 50, 255] as [UInt8], 4, [200, 100, 50]),     // RGBA, opaque
        ([0, 0, 0, 128] as [UInt8], 4, [127, 127, 127]),         // half-transparent black over white
        ([60, 0] as [UInt8], 2, [255, 255, 255]),                // gray + alpha, fully transparent
    ])
    func everyColourTypeDecodesAndAlphaIsCompositedOverWhite(pixel: [UInt8], channels: Int, expected: [Int]) throws {
        let png = try PNGCodec.encode(fill(pixel), width: 64, height: 48, channels: channels)
        #expect(ImageFormat.sniff(png) == .media(.png))
        let output = try pipeline().process(png)
        #expect(output.variants.map(\.size.width) == [32] && output.variants[0].size.height == 24)
        #expect(near(color(output), expected), "\(output.facts.averageColor) for \(pixel)")
    }

    @Test func theBackgroundIsConfigurable() throws {
        let png = try PNGCodec.encode(fill([255, 255, 255, 0]), width: 64, height: 48, channels: 4)  // fully transparent
        let navy = ImagePipeline(settings: .init(widths: [32], quality: 95, maxPixels: 1_000_000, maxSourceBytes: 1_000_000,
                                                 background: [0, 0, 128]))
        #expect(near(color(try navy.process(png)), [0, 0, 128]))
        #expect(near(color(try pipeline().process(png)), [255, 255, 255]))
    }

    @Test func aPaletteWithATransparentEntryIsExpanded() throws {
        var samples: [UInt8] = []
        for i in 0..<(64 * 48) { samples += i % 2 == 0 ? [250, 20, 20, 255] : [0, 0, 255, 0] }  // red, and transparent blue
        let png = try PNGCodec.encode(samples, width: 64, height: 48, channels: 4, palette: true)
        #expect(png[25] == 3, "colour type 3 (indexed)")
        let output = try pipeline([64]).process(png)
        #expect(near(color(output), [252, 137, 137], 4), "\(output.facts.averageColor)")  // half red, half white
    }

    @Test func sixteenBitSamplesFollowTheFileGamma() throws {
        // 16-bit linear light (the encoder writes gAMA 1.0): 0.2140 is sRGB 128, 0.0 black, 1.0 white.
        let values: [UInt16] = [UInt16(0.2140 * 65535), 0, 65535]
        for (value, expected) in zip(values, [128, 0, 255]) {
            let samples = [UInt16](repeating: value, count: 64 * 48)
            let bytes = samples.withUnsafeBytes { [UInt8]($0) }
            let png = try PNGCodec.encode(bytes, width: 64, height: 48, channels: 1, sixteen: true)
            #expect(png[24] == 16, "bit depth 16")
            #expect(near(color(try pipeline().process(png)), [expected, expected, expected], 2))
        }
    }

    @Test func anICCPProfileIsApplied() throws {
        let swapped = try #require(ColorManagement.rgbProfile(red: (0.30, 0.60), green: (0.64, 0.33), blue: (0.15, 0.06)))
        let plain = try PNGCodec.encode(fill([220, 30, 30]), width: 64, height: 48, channels: 3)
        let tagged = try PNGCodec.embeddingProfile(plain, swapped)
        let c = color(try pipeline().process(tagged))
        #expect(c[1] > 180 && c[0] < 80, "expected green, got \(c)")
        #expect(near(color(try pipeline().process(plain)), [220, 30, 30]))
    }

    /// A `cHRM` chunk: white x, y, then red, green and blue x, y, each times 100,000, big-endian.
    private func chrm(_ values: [Double]) -> [UInt8] {
        values.flatMap { v -> [UInt8] in
            let n = UInt32((v * 100_000).rounded())
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
    }

    /// The PNG without its chunks of one type (libpng's writer tags its 8-bit files `sRGB`).
    private func removingChunks(_ png: Data, _ type: String) -> Data {
        let bytes = [UInt8](png)
        var out = Data(bytes[0..<8])
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(bytes.count, at + 12 + length)
            if String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) != type { out.append(contentsOf: bytes[at..<end]) }
            at = end
        }
        return out
    }

    @Test func cHRMPrimariesAreAppliedUnlessTheFileSaysSRGB() throws {
        let tagged = try PNGCodec.encode(fill([220, 30, 30]), width: 64, height: 48, channels: 3)
        let plain = removingChunks(tagged, "sRGB")
        #expect(plain.count < tagged.count, "libpng's writer added an sRGB chunk to remove")
        // Display P3 primaries: a P3 red is more saturated than sRGB can show, so it comes out at the
        // edge of sRGB (red clipped high, green and blue pushed down).
        let swapped = try PNGCodec.addingChunk(plain, type: "cHRM", payload: chrm([0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060]))
        let c = color(try pipeline().process(swapped))
        #expect(c[0] >= 232 && c[1] < 12 && c[2] < 12, "expected a deeper red, got \(c)")
        // sRGB's own chromaticities change nothing, and an sRGB chunk overrides cHRM (as the PNG spec says).
        let same = try PNGCodec.addingChunk(plain, type: "cHRM", payload: chrm([0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]))
        #expect(near(color(try pipeline().process(same)), [220, 30, 30]))
        let overridden = try PNGCodec.addingChunk(swapped, type: "sRGB", payload: [0])
        #expect(near(color(try pipeline().process(overridden)), [220, 30, 30]))
    }

    @Test func limitsAndBrokenFilesAreReportedNotCrashes() throws {
        let png = try PNGCodec.encode(fill([1, 2, 3]), width: 64, height: 48, channels: 3)
        #expect {
            _ = try pipeline(maxPixels: 1000).process(png)
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .tooLarge && e?.message.contains("64x48") == true && e?.message.contains("refused from its header") == true
        }
        // Cut inside the image data: shown as far as it decoded, with the reason; cut inside the header: an error.
        let cut = try pipeline().process(png.prefix(png.count - 30))
        #expect(cut.note?.contains("damaged PNG data") == true, "\(cut.note ?? "no note")")
        #expect {
            _ = try pipeline().process(png.prefix(20))
        } throws: { error in (error as? ImagingError)?.code == .corrupt }
        #expect {
            _ = try pipeline().process(png.prefix(8) + Data(repeating: 0, count: 64))
        } throws: { error in (error as? ImagingError)?.message.contains("not a readable PNG") == true }
    }
}
