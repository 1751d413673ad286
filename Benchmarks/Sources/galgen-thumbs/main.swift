import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport   // PNGCodec.encode: the PNG writer is a test writer (issue 45)

// galgen's image step alone, for side-by-side runs with other tools (scripts/bench-images.sh,
// bench-formats.sh, bench-outputs.sh) and for the encoder study (Benchmarks/scripts/equal_quality.py).
//
// usage: galgen-thumbs [options] FILE...   (or --list FILE)
//   default         every input -> each width (one decode per input, DCT-scaled for JPEG) in each
//                   format, through ImagePipeline.process, written as OUT/<stem>-<width>.<jpg|webp|avif>
//   --reference     galgen's own resample of each width, unencoded, as OUT/<stem>-<width>.png (the
//                   pipeline's decode, colour conversion, orientation and Lanczos-3; JPEG and PNG
//                   sources; for quality studies)
//   --encode-only   each input (PNG or JPEG) encoded as it is, no resize, in each format, as
//                   OUT/<stem>.<ext>; with --timings FILE, one line per encode: file format width
//                   height bytes seconds (the encoder's call alone)
//   --versions      print libavif's and its codecs' versions and exit
// options: --widths 320,640,1280  --quality 82 (JPEG)  --formats avif,webp,jpeg  --webp-quality N
//          --webp-effort 0-6  --avif-quality 0-100  --avif-speed 0-10  --avif-encoder aom|rav1e|svt
//          --progressive  --jobs N  --out DIR

enum Mode { case pipeline, reference, encodeOnly }

struct Options {
    var widths = [320, 640, 1280]
    var quality = 82
    var formats: [OutputFormat] = [.jpeg]
    var webpQuality = EncoderDefaults.webpQuality
    var webpEffort = EncoderDefaults.webpEffort
    var avifQuality = EncoderDefaults.avifQuality
    var avifSpeed = EncoderDefaults.avifSpeed
    var avifEncoder = AVIFCodec.Encoder.aom
    var progressive = false
    var mode = Mode.pipeline
    var timings: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var out = "thumbs"
    var files: [String] = []
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("galgen-thumbs: \(message)\n".utf8))
    exit(2)
}

func parse(_ args: [String]) -> Options {
    var o = Options()
    var i = 0
    func value() -> String {
        i += 1
        guard i < args.count else { fail("missing value for \(args[i - 1])") }
        return args[i]
    }
    func number(_ range: ClosedRange<Int>) -> Int {
        let name = args[i]
        guard let n = Int(value()), range.contains(n) else { fail("\(name) takes a number in \(range)") }
        return n
    }
    while i < args.count {
        switch args[i] {
        case "--widths": o.widths = value().split(separator: ",").compactMap { Int($0) }.sorted()
        case "--quality": o.quality = number(1...100)
        case "--formats":
            o.formats = value().split(separator: ",").map { name in
                guard let f = OutputFormat(rawValue: name == "jpg" ? "jpeg" : String(name)) else {
                    fail("unknown format \(name) (avif, webp, jpeg)")
                }
                return f
            }
        case "--webp-quality": o.webpQuality = number(0...100)
        case "--webp-effort": o.webpEffort = number(0...6)
        case "--avif-quality": o.avifQuality = number(0...100)
        case "--avif-speed": o.avifSpeed = number(0...10)
        case "--avif-encoder":
            let name = value()
            guard let e = AVIFCodec.Encoder(rawValue: name) else { fail("unknown AV1 encoder \(name) (aom, rav1e, svt)") }
            o.avifEncoder = e
        case "--progressive": o.progressive = true
        case "--reference": o.mode = .reference
        case "--encode-only": o.mode = .encodeOnly
        case "--timings": o.timings = value()
        case "--versions":
            print("libavif \(AVIFCodec.versions)")
            exit(0)
        case "--jobs": o.jobs = max(1, Int(value()) ?? 1)
        case "--out": o.out = value()
        case "--list": o.files += (try? String(contentsOfFile: value(), encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        default: o.files.append(args[i])
        }
        i += 1
    }
    if o.formats.contains(.avif) && !o.avifEncoder.isAvailable { fail("this libavif has no \(o.avifEncoder.rawValue) encoder") }
    return o
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
let settings: ImagePipeline.Settings = {
    var s = ImagePipeline.Settings(widths: options.widths, quality: options.quality, maxPixels: 400_000_000,
                                   maxSourceBytes: 1 << 31, progressive: options.progressive)
    s.formats = options.formats
    s.webpQuality = options.webpQuality
    s.webpEffort = options.webpEffort
    s.avifQuality = options.avifQuality
    s.avifSpeed = options.avifSpeed
    s.avifEncoder = options.avifEncoder
    return s
}()
let pipeline = ImagePipeline(settings: settings)

func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

/// The pixels the pipeline resamples from, for a JPEG or PNG source: the same decode (DCT scale
/// chosen by the plan for the largest width), colour conversion and orientation as `process`.
func decodedLikeThePipeline(_ data: Data) throws -> (PixelBuffer, VariantPlan) {
    let info = try pipeline.inspect(data)
    let plan = VariantPlan(sourceWidth: info.width, sourceHeight: info.height, widths: settings.widths)
    var pixels: PixelBuffer
    var profile: [UInt8]?
    var cmyk: ColorManagement.Layout?
    if PNGCodec.isPNG(data) {
        let decoded = try PNGCodec.decode(data, maxPixels: settings.maxPixels)
        (pixels, profile) = (decoded.pixels, decoded.iccProfile)
    } else {
        let d = plan.scaleDenominator(storedWidth: info.storedWidth, storedHeight: info.storedHeight, swapped: info.orientation >= 5)
        let decoded = try JPEGCodec.decode(data, scaleDenominator: d, maxPixels: settings.maxPixels, keepCMYK: true)
        (pixels, profile, cmyk) = (decoded.pixels, decoded.iccProfile, decoded.cmyk)
    }
    if let profile {
        pixels = ColorManagement.toSRGB(pixels, layout: cmyk ?? (pixels.hasAlpha ? .rgba : .rgb), profile: profile).pixels
    }
    return (PixelOps.orient(pixels, orientation: info.orientation), plan)
}

extension PNGCodec {
    static func isPNG(_ data: Data) -> Bool { data.starts(with: [0x89, 0x50, 0x4E, 0x47]) }
}

/// One encode of `pixels` as `format` with the options' settings (the calls `process` makes).
func encode(_ pixels: PixelBuffer, as format: OutputFormat) throws -> Data {
    switch format {
    case .jpeg:
        try JPEGCodec.encode(PixelOps.flatten(pixels, background: settings.background), quality: settings.quality,
                             progressive: settings.progressive)
    case .webp: try WebPCodec.encode(pixels, quality: settings.webpQuality, effort: settings.webpEffort)
    case .avif: try AVIFCodec.encode(pixels, quality: settings.avifQuality, speed: settings.avifSpeed, encoder: settings.avifEncoder)
    }
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

/// Does one input; returns the timing lines (encode-only mode).
func run(_ path: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let name = stem(path)
    switch options.mode {
    case .pipeline:
        let output = try pipeline.process(data)
        for v in output.variants {
            try v.data.write(to: URL(fileURLWithPath: "\(options.out)/\(name)-\(v.size.width).\(v.format.fileExtension)"))
        }
        return []
    case .reference:
        let (oriented, plan) = try decodedLikeThePipeline(data)
        for size in plan.sizes {
            let resized = try PixelOps.resizeFlattening(oriented, width: size.width, height: size.height, background: settings.background)
            try PNGCodec.encode(resized.bytes, width: resized.width, height: resized.height, channels: resized.channels)
                .write(to: URL(fileURLWithPath: "\(options.out)/\(name)-\(size.width).png"))
        }
        return []
    case .encodeOnly:
        let pixels = PNGCodec.isPNG(data) ? try PNGCodec.decode(data, maxPixels: settings.maxPixels).pixels
                                          : try JPEGCodec.decode(data, maxPixels: settings.maxPixels).pixels
        var lines: [String] = []
        for format in options.formats {
            let clock = ContinuousClock()
            let start = clock.now
            let encoded = try encode(pixels, as: format)
            let elapsed = clock.now - start
            try encoded.write(to: URL(fileURLWithPath: "\(options.out)/\(name).\(format.fileExtension)"))
            lines.append("\(name)\t\(format.rawValue)\t\(pixels.width)\t\(pixels.height)\t\(encoded.count)\t"
                         + String(format: "%.6f", seconds(elapsed)))
        }
        return lines
    }
}

let start = ContinuousClock.now
let (failures, timingLines) = await withTaskGroup(of: (Int, [String]).self) { group in
    var next = 0
    var failed = 0
    var lines: [String] = []
    func launch() {
        let path = options.files[next]
        next += 1
        group.addTask {
            do {
                return (0, try run(path))
            } catch {
                FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
                return (1, [])
            }
        }
    }
    while next < min(options.jobs, options.files.count) { launch() }
    while let (f, l) = await group.next() {
        failed += f
        lines += l
        if next < options.files.count { launch() }
    }
    return (failed, lines)
}
let elapsed = seconds(ContinuousClock.now - start)
if let path = options.timings {
    try (timingLines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
}
print(String(format: "galgen-thumbs: %d files in %.2f s (%.2f img/s), %d failed", options.files.count, elapsed,
             Double(options.files.count) / elapsed, failures))
exit(failures == 0 ? 0 : 1)
