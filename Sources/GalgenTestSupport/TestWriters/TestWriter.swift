import Foundation
import GalgenImaging
import CTestWritersShim

/// The test writers' C calls: a malloc'd buffer handed back by `CTestWritersShim`, made into `Data` and freed.
enum TestWriter {
    /// Runs `write`, which fills a buffer and its length, and returns the bytes or throws `failure` with the C message.
    /// - Parameters:
    ///   - failure: What could not be written, e.g. "cannot encode PNG".
    ///   - write: Calls the shim with the buffer, its length and an error buffer of 256 bytes.
    /// - Throws: ``ImagingError`` with `.processingFailed`.
    static func bytes(_ failure: String,
                      _ write: (inout UnsafeMutablePointer<UInt8>?, inout Int, inout [CChar]) -> Int32) throws(ImagingError) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var err = [CChar](repeating: 0, count: 256)
        let rc = write(&out, &length, &err)
        guard rc == Int32(GG_TEST_OK), let out else {
            let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImagingError(.processingFailed, message.isEmpty ? failure : "\(failure): \(message)")
        }
        defer { gg_test_free(out) }
        return Data(bytes: out, count: length)
    }
}
