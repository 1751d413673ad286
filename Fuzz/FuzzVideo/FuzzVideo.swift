import Foundation
import GalgenVideo

/// The file each input is written to: FFmpeg's probing reads a path.
private let path = FileManager.default.temporaryDirectory.path + "/galgen-fuzz-video-\(getpid()).mp4"

/// libFuzzer entry point: a video file from arbitrary bytes through galgen's FFmpeg shim (probing,
/// stream choice, seeking to the poster frame, decoding and scaling it). FFmpeg's own code is loaded
/// at run time and not instrumented; the shim around it is. A poster must have the size it reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideo(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: bytes, count: count)) else { return 0 }
    if let (_, poster) = try? VideoReader.probe(path: path),
       poster.bytes.count != poster.width * poster.height * 3 || poster.width > 4096 || poster.height > 4096 {
        fatalError("a poster of \(poster.width)x\(poster.height) in \(poster.bytes.count) bytes")
    }
    return 0
}
