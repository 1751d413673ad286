import Foundation
import GalgenCore

/// libFuzzer entry point: `galgen serve`'s request-target parsing. Whatever the bytes, a path it
/// accepts has no empty, `.` or `..` segment and no separator or NUL inside a segment.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestPath(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let target = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    if case .segments(let segments, _) = RequestPath(target: target) {
        for segment in segments where segment.isEmpty || segment == "." || segment == ".."
            || segment.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
            fatalError("RequestPath accepted the segment \(segment.debugDescription) of \(target.debugDescription)")
        }
    }
    return 0
}
