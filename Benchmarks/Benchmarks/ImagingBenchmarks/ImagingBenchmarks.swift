import Benchmark
import Foundation
import GalgenImaging
import GalgenTestSupport

/// A 12 MP (4000×3000) JPEG with texture, made once.
let source: Data = {
    var rng = SeededRandom(seed: 12)
    var picture = Painter.portrait(width: 4000, height: 3000, hue: 35, shade: 0.35)
    for i in stride(from: 0, to: picture.bytes.count, by: 1) {  // grain, so the entropy coder has work to do
        picture.bytes[i] = UInt8(clamping: Int(picture.bytes[i]) + rng.below(17) - 8)
    }
    return try! JPEGCodec.encode(picture, quality: 90)
}()

let widths = [320, 640, 1280]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 20)

    Benchmark("decode 12 MP, full size") { benchmark in
        blackHole(try JPEGCodec.decode(source, scaleDenominator: 1))
    }
    Benchmark("decode 12 MP, DCT 1/2") { benchmark in
        blackHole(try JPEGCodec.decode(source, scaleDenominator: 2))
    }
    Benchmark("three widths, DCT-scaled decode (galgen's pipeline)") { benchmark in
        let pipeline = ImagePipeline(settings: .init(widths: widths, quality: 82, maxPixels: 1 << 30, maxSourceBytes: 1 << 30))
        blackHole(try pipeline.process(source))
    }
    Benchmark("three widths, full decode") { benchmark in
        let decoded = try JPEGCodec.decode(source, scaleDenominator: 1).pixels
        for w in widths {
            let resized = try PixelOps.resize(decoded, width: w, height: w * 3 / 4)
            blackHole(try JPEGCodec.encode(resized, quality: 82))
        }
    }
    Benchmark("resize 2000x1500 to 1280 (Lanczos-3)") { benchmark in
        let half = try JPEGCodec.decode(source, scaleDenominator: 2).pixels
        benchmark.startMeasurement()
        blackHole(try PixelOps.resize(half, width: 1280, height: 960))
    }
    Benchmark("encode 1280x960, q82") { benchmark in
        let image = try PixelOps.resize(try JPEGCodec.decode(source, scaleDenominator: 2).pixels, width: 1280, height: 960)
        benchmark.startMeasurement()
        blackHole(try JPEGCodec.encode(image, quality: 82))
    }
}
