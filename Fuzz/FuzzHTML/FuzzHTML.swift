import Foundation
import GalgenValidation

/// libFuzzer entry point: the page validator (libxml2's HTML parser, galgen's tree walker and link
/// resolver) on arbitrary page bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let validator = PageValidator(exists: { $0.utf8.count % 2 == 0 })
    for issue in validator.validate(html: html, path: "people/page/2/index.html") { _ = "\(issue)" }
    return 0
}
