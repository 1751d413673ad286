import Foundation
import GalgenSidecars

/// libFuzzer entry point: a sidecar file (front matter or `key: value` lines, then Markdown) from
/// arbitrary bytes, and its Markdown through cmark with and without raw HTML. With raw HTML off, no
/// `<script` may come out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSidecar(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let sidecar = Sidecar.parse(text)
    _ = sidecar.field("title")
    let safe = Markdown.html(sidecar.description)
    if safe.lowercased().contains("<script") { fatalError("raw HTML passed with allowHTML off: \(safe)") }
    _ = Markdown.html(text, allowHTML: true)
    return 0
}
