import Foundation
import GalgenImaging

/// libFuzzer entry point: the resampling kernels (`CJPEGShim/Pixels.c`) and colour conversion with
/// fuzzed sizes, scales, channels and ICC profiles. The first bytes choose the source size (1-256 on
/// each side), the target size (1-512: up, down and lopsided scales), RGB or RGBA and a background;
/// the next ones, after a length byte, are an ICC profile for lcms2 through galgen's shim; the rest
/// fill the pixels (repeated). Every result must have exactly the size asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPixels(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 9 else { return 0 }
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let width = 1 + Int(input[0]), height = 1 + Int(input[1])
    let toWidth = 1 + Int(input[2]) + Int(input[4] & 1) * 256, toHeight = 1 + Int(input[3]) + Int(input[4] >> 1 & 1) * 256
    let channels = input[4] & 4 != 0 ? 4 : 3
    let background = [input[5], input[6], input[7]]
    let profileLength = min(Int(input[8]) * 8, count - 9)
    let profile = Array(input[9..<(9 + profileLength)])
    let rest = input[(9 + profileLength)...]
    var pixels = [UInt8](repeating: 0, count: width * height * channels)
    if !rest.isEmpty {
        for i in pixels.indices { pixels[i] = rest[rest.startIndex + i % rest.count] }
    }
    let image = PixelBuffer(width: width, height: height, channels: channels, bytes: pixels)
    check(try? PixelOps.resize(image, width: toWidth, height: toHeight), toWidth, toHeight, channels)
    check(try? PixelOps.resizeFlattening(image, width: toWidth, height: toHeight, background: background), toWidth, toHeight, 3)
    check(PixelOps.flatten(image, background: background), width, height, 3)
    if !profile.isEmpty {
        let converted = ColorManagement.toSRGB(image, layout: channels == 4 ? .rgba : .rgb, profile: profile)
        check(converted.pixels, width, height, channels)
    }
    return 0
}

/// Stops with a message when a kernel returned a buffer of the wrong size.
private func check(_ buffer: PixelBuffer?, _ width: Int, _ height: Int, _ channels: Int) {
    guard let buffer else { return }
    if buffer.width != width || buffer.height != height || buffer.bytes.count != width * height * buffer.channels
        || buffer.channels != channels {
        fatalError("asked \(width)x\(height)x\(channels), got \(buffer.width)x\(buffer.height)x\(buffer.channels) in \(buffer.bytes.count) bytes")
    }
}
