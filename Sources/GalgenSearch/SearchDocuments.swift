import Foundation
import GalgenCore
import GalgenSiteModel

/// The items of the non-empty collections, numbered across the site (a document's id).
struct Documents: Sendable {
    let collections: [Collection]
    /// The id of each collection's first item.
    let offsets: [Int]
    /// How many documents.
    let count: Int
    /// Each collection's searchable extra fields (`"search": true`), as indices into its `fields`:
    /// their shown texts add terms to its documents and ride in the document shards.
    let searchable: [[Int]]

    init(_ collections: [Collection]) {
        self.collections = collections
        searchable = collections.map { collection in
            collection.fields.indices.filter { collection.fields[$0].search }
        }
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
        forEachWithFields(ids) { id, item, _ in body(id, item) }
    }

    /// Calls `body` with each id of `ids`, its item and its collection's searchable fields, in order.
    func forEachWithFields(_ ids: Range<Int>, _ body: (Int, Item, [Int]) -> Void) {
        guard !ids.isEmpty else { return }
        var c = collection(of: ids.lowerBound)
        var id = ids.lowerBound
        while id < ids.upperBound {
            let start = id - offsets[c]
            let end = min(collections[c].items.count, ids.upperBound - offsets[c])
            // Through the buffer: each item is lent to `body`, not copied (a copy retains its every string).
            collections[c].items.withUnsafeBufferPointer { items in
                for i in start..<end { body(offsets[c] + i, items[i], searchable[c]) }
            }
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

    /// The shown text of each searchable field of `item` (nil where it has no value), in order.
    static func searchTexts(_ item: Item, _ fields: [Int]) -> [String?] {
        fields.map { f in f < item.record.fields.count ? item.record.fields[f]?.text : nil }
    }

    /// Shard `n`: `[[key, title, subtitle or null, field text or null…], …]`, one text per
    /// searchable field of the document's collection (none without any).
    func shard(_ n: Int) -> [UInt8] {
        let first = n * SearchIndex.docsPerShard
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(SearchIndex.docsPerShard * 48)
        forEachWithFields(first..<min(first + SearchIndex.docsPerShard, count)) { id, item, fields in
            if id > first { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "[\"".utf8)
            JSONText.appendContent(item.record.slug, to: &out)
            out.append(contentsOf: "\",\"".utf8)
            JSONText.appendContent(item.record.title, to: &out)
            out.append(UInt8(ascii: "\""))
            for text in [item.record.subtitle] + Self.searchTexts(item, fields) {
                if let text {
                    out.append(contentsOf: ",\"".utf8)
                    JSONText.appendContent(text, to: &out)
                    out.append(UInt8(ascii: "\""))
                } else {
                    out.append(contentsOf: ",null".utf8)
                }
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}
