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
    // Every resolution in turn (chosen by the destination's bytes), with images inside links and links
    // inside image descriptions replaced, rewritten and unwrapped in one tree: the shim frees nodes as it
    // goes, so this is where a use-after-free would show. No unsafe destination may ever be written.
    var n = 0
    let resolved = Markdown.html(sidecar.description) { reference in
        n += 1
        switch (reference.url.utf8.reduce(n) { $0 &+ Int($1) }) % 5 {
        case 0: return .keep
        case 1: return .text
        case 2: return .url("javascript:alert(1)")
        case 3: return .url("p/\(n)/")
        default: return .html("<img src=\"i\(n).jpg\" alt=\"\" width=\"1\" height=\"1\" />")
        }
    }
    if resolved.lowercased().contains("javascript:") && !sidecar.description.lowercased().contains("javascript:") {
        fatalError("an unsafe replacement was written: \(resolved)")
    }
    return 0
}
