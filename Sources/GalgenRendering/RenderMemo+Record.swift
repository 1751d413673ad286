public import Foundation
public import GalgenCore
import GalgenSearch

/// A memo kept on disk between two `galgen build`s (beside the published folder's manifest): binary,
/// little-endian, read in one pass without a decoder. After a line naming the format: the
/// fingerprint's digest (16 bytes), the number of collections, then for each its items' keys, its
/// search digest, its filters' key, its shards (path and key), its card blocks (name, digest, prefix and keys), its
/// gallery pages' keys and its item pages' keys, each
/// list after its length; last, the key of every byte before it. Damaged, truncated or of another
/// format: not read (the build computes every key, as without a memo).
extension RenderMemo {
    /// The first line: change when the layout changes.
    static let recordFormat = "galgen-render-memo 3\n"

    /// The memo as kept on disk; nil when it cannot be matched from disk (no config key).
    public func encode() -> Data? {
        guard let digest else { return nil }
        var out = RecordWriter()
        out.bytes.append(contentsOf: Self.recordFormat.utf8)
        out.key(digest)
        out.count(collections.count)
        for c in collections {
            out.keys(c.items)
            out.key(c.search)
            out.key(c.filters)
            out.count(c.shards.count)
            for shard in c.shards {
                out.string(shard.path)
                out.key(shard.key)
            }
            out.count(c.cards.count)
            for kept in c.cards {
                out.string(kept.name)
                out.key(kept.digest)
                out.string(kept.prefix)
                out.keys(kept.keys)
            }
            out.keys(c.galleryPages)
            out.keys(c.itemPages)
        }
        out.key(OutputKey(digesting: out.bytes))
        return Data(out.bytes)
    }

    /// Reads a memo ``encode()`` wrote; nil when it is damaged or of another format.
    /// - Parameter data: The record's bytes.
    public static func decode(_ data: Data) -> RenderMemo? {
        let bytes = [UInt8](data)
        let format = Array(recordFormat.utf8)
        guard bytes.count >= format.count + 16, bytes.starts(with: format) else { return nil }
        var tail = RecordReader(bytes, at: bytes.count - 16)
        guard OutputKey(digesting: bytes[..<(bytes.count - 16)]) == tail.key() else { return nil }
        var read = RecordReader(bytes, at: format.count, end: bytes.count - 16)
        guard let digest = read.key(), let count = read.count() else { return nil }
        var collections: [CollectionMemo] = []
        for _ in 0..<count {
            guard let items = read.keys(), let search = read.key(), let filters = read.key(), let shardCount = read.count() else { return nil }
            var shards: [Shard] = []
            for _ in 0..<shardCount {
                guard let path = read.string(), let key = read.key() else { return nil }
                shards.append(Shard(path: path, key: key))
            }
            guard let cards = read.cards(), let gallery = read.keys(), let itemPages = read.keys() else { return nil }
            collections.append(CollectionMemo(items: items, search: search, filters: filters, shards: shards, cards: cards,
                                              galleryPages: gallery, itemPages: itemPages))
        }
        guard read.at == read.end else { return nil }
        return RenderMemo(fingerprint: nil, digest: digest, collections: collections, search: nil)
    }
}

/// Appends a memo record's values.
private struct RecordWriter {
    var bytes: [UInt8] = []

    mutating func count(_ n: Int) {
        withUnsafeBytes(of: UInt32(n).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func key(_ key: OutputKey) {
        withUnsafeBytes(of: key.high.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: key.low.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func keys(_ keys: [OutputKey]) {
        count(keys.count)
        bytes.reserveCapacity(bytes.count + keys.count * 16)
        for k in keys { key(k) }
    }

    mutating func string(_ text: String) {
        count(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }
}

/// Reads a memo record's values; nil past its end.
private struct RecordReader {
    let bytes: [UInt8]
    var at: Int
    let end: Int

    init(_ bytes: [UInt8], at: Int, end: Int? = nil) {
        self.bytes = bytes
        self.at = at
        self.end = end ?? bytes.count
    }

    private mutating func word(_ size: Int) -> UInt64? {
        guard end - at >= size else { return nil }
        var value: UInt64 = 0
        for i in (0..<size).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
        at += size
        return value
    }

    mutating func count() -> Int? { word(4).map { Int($0) } }

    mutating func key() -> OutputKey? {
        guard let high = word(8), let low = word(8) else { return nil }
        return OutputKey(high: high, low: low)
    }

    mutating func keys() -> [OutputKey]? {
        guard let n = count(), n <= (end - at) / 16 else { return nil }
        var keys: [OutputKey] = []
        keys.reserveCapacity(n)
        for _ in 0..<n { keys.append(key()!) }
        return keys
    }

    mutating func cards() -> [KeptCards]? {
        guard let n = count(), n <= (end - at) / 16 else { return nil }
        var cards: [KeptCards] = []
        for _ in 0..<n {
            guard let name = string(), let digest = key(), let prefix = string(), let keys = keys() else { return nil }
            cards.append(KeptCards(name: name, digest: digest, prefix: prefix, keys: keys))
        }
        return cards
    }

    mutating func string() -> String? {
        guard let n = count(), n <= end - at else { return nil }
        defer { at += n }
        return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
    }
}
