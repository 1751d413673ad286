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
}
