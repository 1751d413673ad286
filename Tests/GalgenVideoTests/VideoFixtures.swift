import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// Real videos for the tests, written by the `ffmpeg` command from its `lavfi` test sources.
enum VideoFixtures {
    /// The ffmpeg command, or nil when it is not installed (the suites that need it are then skipped).
    static let ffmpeg: String? = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The fill colour of the test pictures, 0x3366cc.
    static let blue = [0x33, 0x66, 0xcc]

    /// A 320×240 picture in ``blue`` for `seconds`, as an ffmpeg input.
    static func color(_ seconds: Double = 3, size: String = "320x240", hex: String = "0x3366cc") -> [String] {
        ["-f", "lavfi", "-i", "color=c=\(hex):s=\(size):d=\(seconds)"]
    }

    /// H.264 in 4:2:0, as every browser plays it.
    static let h264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]

    /// Runs ffmpeg with `arguments` (inputs and options) writing `name` in `folder`; returns the file's path.
    static func make(_ name: String, in folder: TemporaryDirectory, _ arguments: [String]) throws -> String {
        let output = folder.path + "/" + name
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg ?? "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments + [output]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError(message: "ffmpeg could not write \(name): \(String(decoding: message, as: UTF8.self))")
        }
        return output
    }

    struct FixtureError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    /// The mean of each channel over the whole picture.
    static func mean(_ picture: PixelBuffer) -> [Int] {
        var sums = [0, 0, 0]
        for i in stride(from: 0, to: picture.bytes.count, by: picture.channels) {
            for c in 0..<3 { sums[c] += Int(picture.bytes[i + c]) }
        }
        let count = max(1, picture.width * picture.height)
        return sums.map { $0 / count }
    }

    /// The mean colour of the `w`×`h` box at (`x`, `y`).
    static func mean(_ picture: PixelBuffer, x: Int, y: Int, w: Int, h: Int) -> [Int] {
        var sums = [0, 0, 0]
        for row in y..<(y + h) {
            for column in x..<(x + w) {
                let p = picture.pixel(x: column, y: row)
                sums[0] += Int(p.r); sums[1] += Int(p.g); sums[2] += Int(p.b)
            }
        }
        return sums.map { $0 / (w * h) }
    }

    /// Whether two colours differ by at most `tolerance` in every channel.
    static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 6) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }
}
