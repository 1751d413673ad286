import Foundation
import GalgenRendering

/// libFuzzer entry point: a theme's message table (`messages/<language>.json`) from arbitrary bytes,
/// checked against the English table (placeholders, plural forms), then every message formatted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let (messages, keys) = Messages.table(fuzzing: Array(UnsafeBufferPointer(start: bytes, count: count))) else { return 0 }
    for key in keys {
        for n in [0, 1, 2, 5, 22] { _ = messages.format(key, ["count": "\(n)", "name": "x"], count: n) }
    }
    return 0
}
