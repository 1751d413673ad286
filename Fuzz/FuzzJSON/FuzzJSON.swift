import Foundation
import GalgenCore

/// libFuzzer entry point: galgen's JSON parser on arbitrary bytes, whole, and streamed the way a
/// large records file is (`{"results": [ … ]}`, one item at a time).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let document = try? JSONDocument(data: data, sourceName: "fuzz.json") {
        _ = walk(document.root)
    }
    var streamed = 0
    _ = try? JSONDocument(data: data, sourceName: "fuzz.json", streaming: ["results"]) { node, _, _ in streamed += walk(node) }
    return 0
}

/// Touches every value, as a records mapping would.
private func walk(_ node: JSONNode) -> Int {
    switch node.value {
    case .object(let members): return members.reduce(1) { $0 + walk($1.node) }
    case .array(let items): return items.reduce(1) { $0 + walk($1) }
    default: return 1
    }
}
