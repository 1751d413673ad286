import CZlibShim
import Foundation
public import GalgenCore
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

    /// Card `index`'s bytes.
    func card(_ index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }
}

/// Where a collection's card blocks take their cards from: the ``CardStore`` of them all, or, when a build
/// makes the blocks of only a few values again (``CardReuse``), each card made when its block is.
struct CardSource: Sendable {
    let collection: Int
    let count: Int
    let store: CardStore?
    let maker: FacetIndex.CardMaker

    /// Appends card `index` to `out`.
    func append(_ index: Int, to out: inout [UInt8]) {
        if let store { out.append(contentsOf: store.card(index)) } else { out.append(contentsOf: maker(collection, index).utf8) }
    }
}

/// What a build made of one filter value's card blocks, which the next build reuses whole (names and keys,
/// without making a card) while the value holds the same items and none of them changed.
public struct KeptCards: Sendable, Equatable {
    /// The blocks' name up to the hash (`search/cards/<c>-<f>-<v>`).
    public var name: String
    /// The digest of what the blocks hold besides the cards: the name, the cards a block and the items' indexes.
    public var digest: OutputKey
    /// The blocks' path up to the block number.
    public var prefix: String
    /// Each block's key.
    public var keys: [OutputKey]

    /// Creates one.
    public init(name: String, digest: OutputKey, prefix: String, keys: [OutputKey]) {
        self.name = name
        self.digest = digest
        self.prefix = prefix
        self.keys = keys
    }

    /// The digest of a value's blocks' name, size and items.
    static func digest(name: String, perBlock: Int, indexes: [Int]) -> OutputKey {
        var feed = KeyFeed()
        feed.begin("card-blocks")
        feed.add(name)
        feed.add(perBlock)
        feed.add(indexes.count)
        for i in indexes { feed.add(i) }
        return feed.key
    }
}

/// The previous build's card blocks and which items changed since: for each collection, its values' blocks by
/// name and one flag per item (the flags of ``GalgenRendering``'s render memo).
public struct CardReuse: Sendable {
    let kept: [[String: KeptCards]]
    let changed: [[Bool]]

    /// - Parameters:
    ///   - kept: Each collection's kept blocks.
    ///   - changed: Each collection's flags, one per item: whether its card may differ from the kept blocks'.
    public init(kept: [[KeptCards]], changed: [[Bool]]) {
        self.kept = kept.map { Dictionary($0.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) }
        self.changed = changed
    }

    /// The kept blocks of collection `c` named `name`, when `digest` is theirs and none of `indexes` changed.
    func blocks(_ c: Int, name: String, digest: OutputKey, indexes: [Int]) -> KeptCards? {
        guard c < kept.count, c < changed.count, let old = kept[c][name], old.digest == digest else { return nil }
        let flags = changed[c]
        for i in indexes where i >= flags.count || flags[i] { return nil }
        return old
    }
}

/// One filter value's card blocks (docs/search.md, "Cards"): the cards of the value's items in collection
/// order, `perBlock` a file, so that a filtered view finds the cards of the items it shows side by side
/// however far apart the items are in the collection. Block `n` is `<name>-<hash>-<n>.json`, holding
/// `{"first": n * perBlock, "items": [card, …]}`; one hash names all the value's blocks, so the manifest
/// names them with one string. A block's bytes are copied out of the ``CardSource`` twice (for the hash, then
/// when written) and not kept in between.
struct CardBlocks {
    /// The blocks' path up to the block number.
    var prefix: String { kept.prefix }
    /// The blocks.
    let files: [SiteFile]
    /// What the next build may reuse.
    let kept: KeptCards

    /// The blocks of the items `indexes` (ascending collection indexes); `reused`'s names and keys when given
    /// (the caller has checked that its bytes would be these).
    init(name: String, indexes: [Int], perBlock: Int, digest: OutputKey, cards: CardSource, reused: KeptCards?) {
        let firsts = Array(stride(from: 0, to: indexes.count, by: perBlock))
        if let reused, reused.keys.count == firsts.count {
            kept = reused
        } else {
            let keys = firsts.map { first in OutputKey(digesting: Self.block(indexes, first: first, perBlock: perBlock, cards: cards)) }
            let tag = ContentHash.fileTag(Data(keys.map(\.description).joined(separator: "\n").utf8))
            kept = KeptCards(name: name, digest: digest, prefix: "\(name)-\(tag)-", keys: keys)
        }
        let prefix = kept.prefix, keys = kept.keys
        files = firsts.indices.map { n in
            let first = firsts[n]
            return SiteFile(path: prefix + String(n) + ".json", key: keys[n]) {
                Self.block(indexes, first: first, perBlock: perBlock, cards: cards)
            }
        }
    }

    /// Block bytes: `{"first": first, "items": [the cards of indexes[first ..< first + perBlock]]}`.
    static func block(_ indexes: [Int], first: Int, perBlock: Int, cards: CardSource) -> Data {
        var out = Array("{\"first\":\(first),\"items\":[".utf8)
        for (i, index) in indexes[first..<min(first + perBlock, indexes.count)].enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            cards.append(index, to: &out)
        }
        out += Array("]}".utf8)
        return Data(out)
    }

    /// Cards a block for a collection: the largest power of two from 32 to 2,048 whose block of typical cards
    /// gzips to at most 12 KiB and stays under 256 KiB of JSON. Typical cards: up to 256 of the collection's
    /// items, evenly spread as a filtered view's are, their gzip size measured with zlib. A first screen then
    /// needs one to three blocks, at most about 36 KB. (Cards of an image each compress to about 100 bytes,
    /// so 64 or 128 a block; cards that share their pictures or have none, to a few dozen: 512 or more.)
    static func perBlock(_ cards: CardSource) -> Int {
        let count = cards.count, samples = Swift.min(count, 256)
        guard samples > 0 else { return 2048 }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for s in 0..<samples {
            if s > 0 { bytes.append(UInt8(ascii: ",")) }
            cards.append(s * count / samples, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        let zipped = bytes.withUnsafeBufferPointer { gg_gzip_size($0.baseAddress, $0.count, 6) }
        let perCard = Double(zipped > 0 ? zipped : bytes.count) / Double(samples), rawPerCard = Double(bytes.count) / Double(samples)
        var perBlock = 2048
        while perBlock > 32 && (Double(perBlock) * perCard > 12 * 1024 || Double(perBlock) * rawPerCard > 256 * 1024) { perBlock /= 2 }
        return perBlock
    }
}
