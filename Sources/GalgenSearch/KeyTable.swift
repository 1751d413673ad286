import Foundation
import GalgenCore
import GalgenSiteModel

/// Every item's key (slug) in code point order, ties by id, cut into fragments of
/// ``SearchIndex/keysPerFragment`` that never split equal keys (a slug used by two collections).
struct KeyTable: Sendable {
    /// One key fragment: its place in ``order``, and its first key.
    struct Fragment: Sendable {
        var range: Range<Int>
        var first: String
    }

    let docs: Documents
    /// Document ids sorted by key.
    let order: [UInt32]
    let fragments: [Fragment]

    init(_ docs: Documents) {
        var arena: [UInt8] = []
        var starts: [UInt32] = [0]
        starts.reserveCapacity(docs.count + 1)
        docs.forEach(0..<docs.count) { _, item in
            arena.append(contentsOf: item.record.slug.utf8)
            starts.append(UInt32(arena.count))
        }
        let order = ByteOrder.sorted(count: docs.count, bytes: arena, starts: starts)
        func key(_ i: Int) -> ArraySlice<UInt8> { arena[Int(starts[Int(order[i])])..<Int(starts[Int(order[i]) + 1])] }
        var fragments: [Fragment] = []
        var lower = 0
        while lower < order.count {
            var upper = min(order.count, lower + SearchIndex.keysPerFragment)
            while upper < order.count && key(upper) == key(upper - 1) { upper += 1 }
            fragments.append(Fragment(range: lower..<upper, first: lower == 0 ? "" : String(decoding: key(lower), as: UTF8.self)))
            lower = upper
        }
        self.docs = docs
        self.order = order
        self.fragments = fragments
    }

    /// Fragment `i`: `{"k":[key, …],"d":[id, …]}`.
    func fragment(_ i: Int) -> [UInt8] {
        let range = fragments[i].range
        var out: [UInt8] = []
        out.reserveCapacity(range.count * 24 + 16)
        out.append(contentsOf: "{\"k\":[".utf8)
        for j in range {
            if j > range.lowerBound { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            JSONText.appendContent(docs.item(Int(order[j])).record.slug, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: "],\"d\":[".utf8)
        for j in range {
            if j > range.lowerBound { out.append(UInt8(ascii: ",")) }
            JSONBytes.appendDecimal(Int(order[j]), to: &out)
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }
}
