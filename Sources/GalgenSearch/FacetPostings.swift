import Foundation
import GalgenCore

/// The binary encoding of one filter value's postings (docs/search.md, "Filters"): the ascending
/// collection indexes of the items that have the value, written whichever way is smaller.
public enum FacetPostings {
    /// The first byte of a postings file: how the rest is written.
    public enum Encoding: UInt8, Sendable {
        /// Each index as a LEB128 varint of its difference from the one before (the first as itself).
        case deltas = 0
        /// One bit per item of the collection, item `i` in bit `i % 8` of byte `i / 8`.
        case bitmap = 1
    }

    /// The file's bytes for `indexes` (ascending, each below `count`).
    /// - Parameters:
    ///   - indexes: The items' collection indexes, ascending.
    ///   - count: The collection's item count.
    public static func encode(_ indexes: [Int], count: Int) -> [UInt8] {
        var deltas: [UInt8] = [Encoding.deltas.rawValue]
        deltas.reserveCapacity(indexes.count + 1)
        var last = 0
        for index in indexes {
            Varint.append(index - last, to: &deltas)
            last = index
        }
        let bitmapSize = 1 + (count + 7) / 8
        guard deltas.count > bitmapSize else { return deltas }
        var bitmap = [UInt8](repeating: 0, count: bitmapSize)
        bitmap[0] = Encoding.bitmap.rawValue
        for index in indexes { bitmap[1 + index / 8] |= UInt8(1) << UInt8(index % 8) }
        return bitmap
    }

    /// The indexes a postings file holds (the inverse of ``encode(_:count:)``); nil when it is malformed.
    /// - Parameter bytes: The file's bytes.
    public static func decode(_ bytes: [UInt8]) -> [Int]? {
        guard let first = bytes.first, let encoding = Encoding(rawValue: first) else { return nil }
        var out: [Int] = []
        switch encoding {
        case .deltas:
            var at = 1, last = 0
            while at < bytes.count {
                var value = 0, shift = 0
                while true {
                    guard at < bytes.count, shift < 63 else { return nil }
                    let byte = bytes[at]
                    at += 1
                    value |= Int(byte & 0x7F) << shift
                    shift += 7
                    if byte < 0x80 { break }
                }
                last += value
                out.append(last)
            }
        case .bitmap:
            for i in 1..<bytes.count where bytes[i] != 0 {
                for bit in 0..<8 where bytes[i] & (UInt8(1) << UInt8(bit)) != 0 { out.append((i - 1) * 8 + bit) }
            }
        }
        return out
    }
}
