import Foundation
import GalgenCore

/// The items of the non-empty collections, numbered across the site (a document's id).
struct Documents: Sendable {
    let collections: [Collection]
    /// The id of each collection's first item.
    let offsets: [Int]
    /// How many documents.
    let count: Int

    init(_ collections: [Collection]) {
        self.collections = collections
        var offsets: [Int] = []
        var total = 0
        for collection in collections {
            offsets.append(total)
            total += collection.items.count
        }
        self.offsets = offsets
        self.count = total
    }

    /// Calls `body` with each id of `ids` and its item, in order.
    func forEach(_ ids: Range<Int>, _ body: (Int, Item) -> Void) {
        guard !ids.isEmpty else { return }
        var c = collection(of: ids.lowerBound)
        var id = ids.lowerBound
        while id < ids.upperBound {
            let items = collections[c].items
            let start = id - offsets[c]
            let end = min(items.count, ids.upperBound - offsets[c])
            for i in start..<end { body(offsets[c] + i, items[i]) }
            id = offsets[c] + end
            c += 1
        }
    }

    /// The item of an id.
    func item(_ id: Int) -> Item {
        let c = collection(of: id)
        return collections[c].items[id - offsets[c]]
    }

    private func collection(of id: Int) -> Int {
        var lo = 0, hi = offsets.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= id { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Shard `n`: `[[key, title, subtitle or null], …]`.
    func shard(_ n: Int) -> [UInt8] {
        let first = n * SearchIndex.docsPerShard
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(SearchIndex.docsPerShard * 48)
        forEach(first..<min(first + SearchIndex.docsPerShard, count)) { id, item in
            if id > first { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "[\"".utf8)
            JSONText.appendContent(item.record.slug, to: &out)
            out.append(contentsOf: "\",\"".utf8)
            JSONText.appendContent(item.record.title, to: &out)
            if let subtitle = item.record.subtitle {
                out.append(contentsOf: "\",\"".utf8)
                JSONText.appendContent(subtitle, to: &out)
                out.append(contentsOf: "\"]".utf8)
            } else {
                out.append(contentsOf: "\",null]".utf8)
            }
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}
