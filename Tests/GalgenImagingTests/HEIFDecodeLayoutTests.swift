import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// How a decoded HEIC/AVIF is laid out: libheif's planar R, G, B (and alpha) planes are interleaved
/// by galgen's shim straight into the pipeline's buffer, RGBA only when some pixel is not opaque.
/// (The shim's malloc_trim calls, which keep the decode's freed memory from staying resident, have
/// no test: memory is measured by the benchmarks, see Benchmarks/README.md.)
struct HEIFDecodeLayoutTests {
    /// 64x48: the left half opaque red, the right half half-transparent blue.
    private func halfTransparent() -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: 64 * 48 * 4)
        for y in 0..<48 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                let left = x < 32
                rgba[i] = left ? 220 : 20
                rgba[i + 1] = 30
                rgba[i + 2] = left ? 20 : 220
                rgba[i + 3] = left ? 255 : 128
            }
        }
        return rgba
    }

    @Test(arguments: [false, true])
    func alphaComesOutInterleavedWithItsPixels(avif: Bool) throws {
        let file = try HEIFCodec.encode(halfTransparent(), width: 64, height: 48, channels: 4, avif: avif, quality: 95)
        let pixels = try HEIFCodec.decode(file, maxPixels: 1_000_000).pixels
        #expect(pixels.channels == 4 && pixels.width == 64 && pixels.height == 48)
        #expect(pixels.bytes.count == 64 * 48 * 4)
        // Away from the edge between the halves (lossy coding blurs it): colours and alpha in their places.
        let left = pixels.pixel(x: 8, y: 24), right = pixels.pixel(x: 56, y: 24)
        #expect(left.r > 190 && left.b < 50 && pixels.alpha(x: 8, y: 24) > 245, "\(left) \(pixels.alpha(x: 8, y: 24))")
        #expect(right.b > 190 && right.r < 50, "\(right)")
        #expect(abs(Int(pixels.alpha(x: 56, y: 24)) - 128) <= 8, "alpha \(pixels.alpha(x: 56, y: 24))")
    }

    @Test(arguments: [false, true])
    func anOpaqueAlphaChannelGivesRGB(avif: Bool) throws {
        var rgba = halfTransparent()
        for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = 255 }
        let file = try HEIFCodec.encode(rgba, width: 64, height: 48, channels: 4, avif: avif, quality: 95)
        let pixels = try HEIFCodec.decode(file, maxPixels: 1_000_000).pixels
        #expect(pixels.channels == 3 && pixels.bytes.count == 64 * 48 * 3)
        let left = pixels.pixel(x: 8, y: 24), right = pixels.pixel(x: 56, y: 24)
        #expect(left.r > 190 && left.b < 50 && right.b > 190 && right.r < 50, "\(left) \(right)")
    }

    @Test(arguments: [false, true])
    func rowsArePackedWhateverLibheifsStride(avif: Bool) throws {
        // An odd width, so libheif's planes are padded while the buffer's rows are not.
        let width = 37, height = 21
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                (rgb[i], rgb[i + 1], rgb[i + 2]) = (x < width / 2 ? 230 : 20, y < height / 2 ? 230 : 20, 120)
            }
        }
        let file = try HEIFCodec.encode(rgb, width: width, height: height, avif: avif, quality: 95)
        let pixels = try HEIFCodec.decode(file, maxPixels: 1_000_000).pixels
        #expect(pixels.width == width && pixels.height == height && pixels.channels == 3)
        #expect(pixels.bytes.count == width * height * 3)
        for (x, y, r, g) in [(3, 3, 230, 230), (33, 3, 20, 230), (3, 17, 230, 20), (33, 17, 20, 20)] {
            let p = pixels.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - r) <= 16 && abs(Int(p.g) - g) <= 16, "(\(x), \(y)): \(p)")
        }
    }
}
