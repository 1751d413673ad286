import CZlibShim
import Foundation
import GalgenCore
import GalgenSiteModel

/// One filter value's card blocks (docs/search.md, "Cards"): the cards of the value's items in collection
/// order, `perBlock` a file, so that a filtered view finds the cards of the items it shows side by side
/// however far apart the items are in the collection. Block `n` is `<name>-<hash>-<n>.json`, holding
/// `{"first": n * perBlock, "items": [card, …]}`; one hash names all the value's blocks, so the manifest
/// names them with one string. The blocks' bytes are made twice (for the hash, then when written) and
/// not kept in between: at a million items they would be two hundred megabytes of a build's memory.
struct CardBlocks {
    /// The blocks' path up to the block number.
    let prefix: String
    /// The blocks.
    let files: [SiteFile]

    /// The blocks of the items `indexes` (ascending collection indexes).
    init(collection c: Int, name: String, indexes: [Int], perBlock: Int, card: @escaping FacetIndex.CardMaker) {
        let firsts = Array(stride(from: 0, to: indexes.count, by: perBlock))
        let keys = firsts.map { first in OutputKey(digesting: Self.block(c, indexes, first: first, perBlock: perBlock, card: card)) }
        let tag = ContentHash.fileTag(Data(keys.map(\.description).joined(separator: "\n").utf8))
        prefix = "\(name)-\(tag)-"
        let prefix = prefix
        files = firsts.indices.map { n in
            let first = firsts[n]
            return SiteFile(path: prefix + String(n) + ".json", key: keys[n]) {
                Self.block(c, indexes, first: first, perBlock: perBlock, card: card)
            }
        }
    }

    /// Block bytes: `{"first": first, "items": [the cards of indexes[first ..< first + perBlock]]}`.
    static func block(_ c: Int, _ indexes: [Int], first: Int, perBlock: Int, card: FacetIndex.CardMaker) -> Data {
        var text = "{\"first\":\(first),\"items\":["
        for (i, index) in indexes[first..<min(first + perBlock, indexes.count)].enumerated() {
            if i > 0 { text += "," }
            text += card(c, index)
        }
        text += "]}"
        return Data(text.utf8)
    }

    /// Cards a block for a collection: the largest power of two from 32 to 2,048 whose block of typical cards
    /// gzips to at most 12 KiB and stays under 256 KiB of JSON. Typical cards: up to 256 of the collection's
    /// items, evenly spread as a filtered view's are, their gzip size measured with zlib. A first screen then
    /// needs one to three blocks, at most about 36 KB. (Cards of an image each compress to about 100 bytes,
    /// so 64 or 128 a block; cards that share their pictures or have none, to a few dozen: 512 or more.)
    static func perBlock(collection c: Int, count: Int, card: FacetIndex.CardMaker) -> Int {
        let samples = Swift.min(count, 256)
        guard samples > 0 else { return 2048 }
        let text = "[" + (0..<samples).map { card(c, $0 * count / samples) }.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        let zipped = bytes.withUnsafeBufferPointer { gg_gzip_size($0.baseAddress, $0.count, 6) }
        let perCard = Double(zipped > 0 ? zipped : bytes.count) / Double(samples), rawPerCard = Double(bytes.count) / Double(samples)
        var perBlock = 2048
        while perBlock > 32 && (Double(perBlock) * perCard > 12 * 1024 || Double(perBlock) * rawPerCard > 256 * 1024) { perBlock /= 2 }
        return perBlock
    }
}
