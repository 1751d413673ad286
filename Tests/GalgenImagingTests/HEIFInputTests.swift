import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// HEIC and AVIF inputs through libheif (files made with libheif's own x265 and aom encoders):
/// colours, orientation from irot/imir, an ICC profile, limits and broken files.
struct HEIFInputTests {
    private func pipeline(_ widths: [Int] = [32], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 95, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    private func color(_ output: ImagePipeline.Output) -> [Int] {
        [1, 3, 5].map { Int(output.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
    }

    private func near(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    @Test(arguments: [false, true])
    func decodesHEICAndAVIF(avif: Bool) throws {
        let rgb = Painter.solid(width: 64, height: 48, rgb: (200, 100, 50)).bytes
        let file = try HEIFCodec.encode(rgb, width: 64, height: 48, avif: avif)
        #expect(ImageFormat.sniff(file) == .media(avif ? .avif : .heic))
        let output = try pipeline().process(file)
        #expect(output.variants.map(\.size.width) == [32] && output.variants[0].size.height == 24)
        #expect(near(color(output), [200, 100, 50], 8), "\(output.facts.averageColor)")
    }

    @Test(arguments: [false, true])
    func irotTurnsThePictureUpright(avif: Bool) throws {
        // Stored 64x48 with orientation 6 (rotate 90° clockwise to view): displayed 48x64.
        let marker = Painter.orientationMarker(width: 64, height: 48)
        let file = try HEIFCodec.encode(marker.bytes, width: 64, height: 48, avif: avif, orientation: 6)
        let output = try pipeline([48]).process(file)
        #expect(output.info.width == 48 && output.info.height == 64)
        #expect(output.variants.first?.size.height == 64)
        // The stored top-left green corner ends up at the top right once turned clockwise.
        let pixels = try JPEGCodec.decode(try #require(output.variants.first).data).pixels
        let topRight = (0 * pixels.width + pixels.width - 2) * 3
        #expect(pixels.bytes[topRight + 1] > 150 && pixels.bytes[topRight] < 100, "green at top right, got \(Array(pixels.bytes[topRight..<topRight + 3]))")
    }

    @Test func anICCProfileInAHEICIsApplied() throws {
        let swapped = try #require(ColorManagement.rgbProfile(red: (0.30, 0.60), green: (0.64, 0.33), blue: (0.15, 0.06)))
        let rgb = Painter.solid(width: 64, height: 48, rgb: (220, 30, 30)).bytes
        let file = try HEIFCodec.encode(rgb, width: 64, height: 48, avif: false, profile: swapped)
        let c = color(try pipeline().process(file))
        #expect(c[1] > 170 && c[0] < 90, "expected green, got \(c)")
    }

    @Test func limitsAndBrokenFilesAreErrors() throws {
        let file = try HEIFCodec.encode(Painter.solid(width: 64, height: 48, rgb: (1, 2, 3)).bytes, width: 64, height: 48, avif: false)
        #expect {
            _ = try pipeline(maxPixels: 1000).process(file)
        } throws: { error in
            (error as? ImagingError)?.code == .tooLarge && (error as? ImagingError)?.message.contains("refused from its header") == true
        }
        #expect(throws: ImagingError.self) { _ = try pipeline().process(file.prefix(file.count / 2)) }
    }
}
