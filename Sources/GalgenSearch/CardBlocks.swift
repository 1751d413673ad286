import CZlibShim
import Foundation
import GalgenCore
import GalgenSiteModel

/// Every card of a collection, made once: one byte buffer and where each card starts in it. The blocks of
/// every carded filter copy their cards out of it, to hash them and again to write them, so a card is made
/// once however many filters show it. It takes about the cards' own size (at a million cards without
/// pictures, 60 MB), less than the items they are made of, and lives until the site is published.
final class CardStore: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int]

    /// The cards of items `0 ..< count` of collection `c`, made on every core.
    init(collection c: Int, count: Int, card: FacetIndex.CardMaker) {
        let chunk = 4096
        let parts = Concurrently.map((count + chunk - 1) / chunk) { n -> (bytes: [UInt8], ends: [Int]) in
            var bytes: [UInt8] = [], ends: [Int] = []
            for i in (n * chunk)..<Swift.min(count, (n + 1) * chunk) {
                bytes.append(contentsOf: card(c, i).utf8)
                ends.append(bytes.count)
            }
            return (bytes, ends)
        }
        var bytes: [UInt8] = [], starts = [0]
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        starts.reserveCapacity(count + 1)
        for part in parts {
            let base = bytes.count
            bytes += part.bytes
            starts += part.ends.map { base + $0 }
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// How many cards it holds.
    var count: Int { starts.count - 1 }

    /// Card `index`'s bytes.
    func card(_ index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }

    /// Appends card `index` to `out`.
    func append(_ index: Int, to out: inout [UInt8]) {
        out.append(contentsOf: card(index))
    }
}

/// One filter value's card blocks (docs/search.md, "Cards"): the cards of the value's items in collection
/// order, `perBlock` a file, so that a filtered view finds the cards of the items it shows side by side
/// however far apart the items are in the collection. Block `n` is `<name>-<hash>-<n>.json`, holding
/// `{"first": n * perBlock, "items": [card, …]}`; one hash names all the value's blocks, so the manifest
/// names them with one string. A block's bytes are copied out of the ``CardStore`` twice (for the hash, then
/// when written) and not kept in between.
struct CardBlocks {
    /// The blocks' path up to the block number.
    let prefix: String
    /// The blocks.
    let files: [SiteFile]

    /// The blocks of the items `indexes` (ascending collection indexes).
    init(name: String, indexes: [Int], perBlock: Int, store: CardStore) {
        let firsts = Array(stride(from: 0, to: indexes.count, by: perBlock))
        let keys = firsts.map { first in OutputKey(digesting: Self.block(indexes, first: first, perBlock: perBlock, store: store)) }
        let tag = ContentHash.fileTag(Data(keys.map(\.description).joined(separator: "\n").utf8))
        prefix = "\(name)-\(tag)-"
        let prefix = prefix
        files = firsts.indices.map { n in
            let first = firsts[n]
            return SiteFile(path: prefix + String(n) + ".json", key: keys[n]) {
                Self.block(indexes, first: first, perBlock: perBlock, store: store)
            }
        }
    }

    /// Block bytes: `{"first": first, "items": [the cards of indexes[first ..< first + perBlock]]}`.
    static func block(_ indexes: [Int], first: Int, perBlock: Int, store: CardStore) -> Data {
        var out = Array("{\"first\":\(first),\"items\":[".utf8)
        for (i, index) in indexes[first..<min(first + perBlock, indexes.count)].enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            store.append(index, to: &out)
        }
        out += Array("]}".utf8)
        return Data(out)
    }

    /// Cards a block for a collection: the largest power of two from 32 to 2,048 whose block of typical cards
    /// gzips to at most 12 KiB and stays under 256 KiB of JSON. Typical cards: up to 256 of the collection's
    /// items, evenly spread as a filtered view's are, their gzip size measured with zlib. A first screen then
    /// needs one to three blocks, at most about 36 KB. (Cards of an image each compress to about 100 bytes,
    /// so 64 or 128 a block; cards that share their pictures or have none, to a few dozen: 512 or more.)
    static func perBlock(_ store: CardStore) -> Int {
        let count = store.count, samples = Swift.min(count, 256)
        guard samples > 0 else { return 2048 }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for s in 0..<samples {
            if s > 0 { bytes.append(UInt8(ascii: ",")) }
            store.append(s * count / samples, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        let zipped = bytes.withUnsafeBufferPointer { gg_gzip_size($0.baseAddress, $0.count, 6) }
        let perCard = Double(zipped > 0 ? zipped : bytes.count) / Double(samples), rawPerCard = Double(bytes.count) / Double(samples)
        var perBlock = 2048
        while perBlock > 32 && (Double(perBlock) * perCard > 12 * 1024 || Double(perBlock) * rawPerCard > 256 * 1024) { perBlock /= 2 }
        return perBlock
    }
}
