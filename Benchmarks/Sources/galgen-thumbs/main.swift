import Foundation
import GalgenImaging

// galgen's image step alone, for side-by-side runs with other tools (scripts/bench-images.sh):
// every input -> each width (one decode per input, DCT-scaled), written as OUT/<name>-<width>.jpg.
// usage: galgen-thumbs --widths 320,640,1280 --quality 82 --jobs N --out DIR FILE...  (or --list FILE)

struct Options {
    var widths = [320, 640, 1280]
    var quality = 82
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var out = "thumbs"
    var files: [String] = []
}

func parse(_ args: [String]) -> Options {
    var o = Options()
    var i = 0
    func value() -> String {
        i += 1
        guard i < args.count else { FileHandle.standardError.write(Data("missing value for \(args[i - 1])\n".utf8)); exit(2) }
        return args[i]
    }
    while i < args.count {
        switch args[i] {
        case "--widths": o.widths = value().split(separator: ",").compactMap { Int($0) }.sorted()
        case "--quality": o.quality = Int(value()) ?? 82
        case "--jobs": o.jobs = max(1, Int(value()) ?? 1)
        case "--out": o.out = value()
        case "--list": o.files += (try? String(contentsOfFile: value(), encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        default: o.files.append(args[i])
        }
        i += 1
    }
    return o
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
let pipeline = ImagePipeline(settings: .init(widths: options.widths, quality: options.quality, maxPixels: 400_000_000,
                                             maxSourceBytes: 1 << 31))
let start = ContinuousClock.now
let failures = await withTaskGroup(of: Int.self) { group in
    var next = 0
    var failed = 0
    func launch() {
        let path = options.files[next]
        next += 1
        group.addTask {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let output = try pipeline.process(data)
                let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                for v in output.variants {
                    try v.data.write(to: URL(fileURLWithPath: "\(options.out)/\(stem)-\(v.size.width).jpg"))
                }
                return 0
            } catch {
                FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
                return 1
            }
        }
    }
    while next < min(options.jobs, options.files.count) { launch() }
    while let f = await group.next() {
        failed += f
        if next < options.files.count { launch() }
    }
    return failed
}
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "galgen-thumbs: %d files in %.2f s (%.2f img/s), %d failed", options.files.count, seconds,
             Double(options.files.count) / seconds, failures))
exit(failures == 0 ? 0 : 1)
