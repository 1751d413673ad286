import Foundation
import GalgenSearch

/// libFuzzer entry point: the search tokenizer (word breaks, case folding, prefixes, CJK bigrams)
/// on arbitrary text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    for term in SearchTokenizer.terms(text) where term.utf8.count > SearchTokenizer.maxTermBytes + 1 {
        fatalError("a term longer than the limit: \(term.utf8.count) bytes")
    }
    _ = SearchTokenizer.titleTerm(text)
    return 0
}
