import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// The resampler (vectorised C) against a plain double-precision Lanczos-3 written here from the
/// definition: same kernel, same centres, weights normalised per output pixel. Odd sizes, downscales
/// from 1.01× to 40×, upscales, one-pixel images and widths that are no multiple of the vector width
/// exercise every tail of the vector loops.
struct ResamplerTests {
    private static func lanczos3(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-9 { return 1 }
        if x >= 3 { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }

    /// Weights of one axis: for each output, (first input, weights).
    private static func axis(_ input: Int, _ output: Int) -> [(Int, [Double])] {
        let scale = Double(input) / Double(output)
        let fscale = max(scale, 1)
        let support = 3 * fscale
        return (0..<output).map { i in
            let center = (Double(i) + 0.5) * scale
            let lo = max(0, Int(floor(center - support)))
            let hi = min(input, Int(ceil(center + support)))
            var w = (lo..<hi).map { lanczos3((Double($0) + 0.5 - center) / fscale) }
            let sum = w.reduce(0, +)
            if sum != 0 { w = w.map { $0 / sum } }
            return (lo, w)
        }
    }

    /// Separable reference in doubles; RGBA is filtered premultiplied. Returns straight samples.
    private static func reference(_ image: PixelBuffer, _ dw: Int, _ dh: Int) -> [Double] {
        let c = image.channels
        let src = (0..<image.width * image.height).flatMap { i -> [Double] in
            let p = Array(image.bytes[i * c..<(i + 1) * c]).map(Double.init)
            guard c == 4 else { return p }
            let a = p[3] / 255
            return [p[0] * a, p[1] * a, p[2] * a, p[3]]
        }
        let ax = axis(image.width, dw), ay = axis(image.height, dh)
        var mid = [Double](repeating: 0, count: dw * image.height * c)
        for y in 0..<image.height {
            for (x, (first, w)) in ax.enumerated() {
                for (k, wk) in w.enumerated() {
                    for ch in 0..<c { mid[(y * dw + x) * c + ch] += wk * src[(y * image.width + first + k) * c + ch] }
                }
            }
        }
        var out = [Double](repeating: 0, count: dw * dh * c)
        for (y, (first, w)) in ay.enumerated() {
            for (k, wk) in w.enumerated() {
                for i in 0..<dw * c { out[y * dw * c + i] += wk * mid[(first + k) * dw * c + i] }
            }
        }
        if c == 4 {
            for p in 0..<dw * dh {
                let a = min(max(out[p * 4 + 3], 0), 255) / 255
                for ch in 0..<3 { out[p * 4 + ch] = a > 0 ? out[p * 4 + ch] / a : 0 }
            }
        }
        return out
    }

    private static func noise(_ width: Int, _ height: Int, channels: Int, seed: UInt64) -> PixelBuffer {
        var rng = SeededRandom(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        if channels == 4 { for p in 0..<width * height where p % 5 == 0 { bytes[p * 4 + 3] = 255 } }
        return PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
    }

    static let sizes: [(Int, Int, Int, Int)] = [
        (97, 61, 31, 19),    // about 3x, odd
        (200, 150, 5, 4),    // 40x: wide filters
        (101, 100, 100, 99), // barely smaller
        (33, 17, 70, 40),    // upscale
        (1, 9, 1, 3),        // one column
        (13, 1, 6, 1),       // one row
        (64, 48, 17, 13),    // widths that fill no vector exactly
    ]

    @Test(arguments: sizes)
    func rgbMatchesTheReference(_ size: (Int, Int, Int, Int)) throws {
        let (sw, sh, dw, dh) = size
        let image = Self.noise(sw, sh, channels: 3, seed: UInt64(sw * 1000 + dw))
        let got = try PixelOps.resize(image, width: dw, height: dh)
        let want = Self.reference(image, dw, dh)
        #expect(got.width == dw && got.height == dh && got.channels == 3)
        var worst = 0.0
        for i in 0..<dw * dh * 3 {
            worst = max(worst, abs(Double(got.bytes[i]) - min(max(want[i], 0), 255)))
        }
        #expect(worst <= 1.0, "largest difference from the reference: \(worst)")
    }

    @Test(arguments: sizes)
    func rgbaMatchesTheReference(_ size: (Int, Int, Int, Int)) throws {
        let (sw, sh, dw, dh) = size
        let image = Self.noise(sw, sh, channels: 4, seed: UInt64(sw * 1000 + dh))
        let got = try PixelOps.resize(image, width: dw, height: dh)
        let want = Self.reference(image, dw, dh)
        #expect(got.channels == 4)
        var worstAlpha = 0.0, worstColour = 0.0
        for p in 0..<dw * dh {
            let alpha = min(max(want[p * 4 + 3], 0), 255)
            worstAlpha = max(worstAlpha, abs(Double(got.bytes[p * 4 + 3]) - alpha))
            // Colour is only defined to within 255/alpha levels where coverage is small.
            guard alpha >= 32 else { continue }
            for ch in 0..<3 {
                let diff = abs(Double(got.bytes[p * 4 + ch]) - min(max(want[p * 4 + ch], 0), 255))
                worstColour = max(worstColour, diff * alpha / 255)
            }
        }
        #expect(worstAlpha <= 1.0, "alpha: \(worstAlpha)")
        #expect(worstColour <= 1.0, "colour (scaled by coverage): \(worstColour)")
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let image = Self.noise(300, 200, channels: 3, seed: 7)
        let a = try PixelOps.resize(image, width: 123, height: 82)
        let b = try PixelOps.resize(image, width: 123, height: 82)
        #expect(a.bytes == b.bytes)
    }

    /// A smooth picture with detail at every scale a photograph has: gradients, soft edges, a few cycles of texture.
    private static func photoLike(_ width: Int, _ height: Int) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let edge = 1 / (1 + exp(-(u - 0.6 + 0.2 * v) * 60))
                let texture = sin(u * 40 + sin(v * 7)) * cos(v * 33)
                let values = [200 * u + 40 * edge + 10 * texture, 90 + 120 * v * (1 - edge) + 12 * texture, 60 + 150 * edge - 8 * texture]
                for c in 0..<3 { bytes[(y * width + x) * 3 + c] = UInt8(max(0, min(255, values[c].rounded()))) }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// Block averaging first (as for a 320 px variant and the preview of a large photo) stays within
    /// 3 levels (0.5 on average) of the plain filter on a photograph-like picture, with the same geometry, also
    /// when the blocks do not divide the image.
    @Test(arguments: [(1600, 1200, 320, 240), (1601, 1203, 100, 75), (3000, 2000, 150, 100), (1000, 700, 37, 26)])
    func reducingFirstStaysCloseToThePlainFilter(_ size: (Int, Int, Int, Int)) throws {
        let (sw, sh, dw, dh) = size
        let image = Self.photoLike(sw, sh)
        let plain = try PixelOps.resize(image, width: dw, height: dh)
        let reduced = try PixelOps.resize(image, width: dw, height: dh, reducingGap: 2)
        #expect(reduced.width == dw && reduced.height == dh && reduced.channels == 3)
        var worst = 0, total = 0
        for i in 0..<dw * dh * 3 {
            let d = abs(Int(plain.bytes[i]) - Int(reduced.bytes[i]))
            worst = max(worst, d)
            total += d
        }
        let mean = Double(total) / Double(dw * dh * 3)
        #expect(worst <= 3, "largest difference: \(worst)")
        #expect(mean <= 0.5, "mean difference: \(mean)")
        #expect(reduced.bytes != plain.bytes, "the reduction was taken")
        #expect(try PixelOps.resize(image, width: dw, height: dh, reducingGap: 2).bytes == reduced.bytes, "the same bytes every time")
    }

    /// A shrink of at most twice the gap, an enlargement and RGBA take the plain filter, byte for byte.
    @Test func reducingLeavesSmallShrinksAndAlphaToThePlainFilter() throws {
        let image = Self.photoLike(400, 300)
        for (dw, dh) in [(101, 76), (1280, 960), (200, 150)] {
            #expect(try PixelOps.resize(image, width: dw, height: dh, reducingGap: 2).bytes == PixelOps.resize(image, width: dw, height: dh).bytes)
        }
        let rgba = Self.noise(400, 300, channels: 4, seed: 9)
        #expect(try PixelOps.resize(rgba, width: 50, height: 37, reducingGap: 2).bytes == PixelOps.resize(rgba, width: 50, height: 37).bytes)
    }
}
