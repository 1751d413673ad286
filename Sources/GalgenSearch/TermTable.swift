import Foundation

/// Interns terms: each distinct term once in one byte array, found again by an open-addressing
/// hash table of term numbers.
public struct TermTable: Sendable {
    /// The terms' bytes, back to back.
    public var arena: [UInt8] = []
    /// Term `t` is `arena[starts[t]..<starts[t + 1]]`.
    public var starts: [UInt32] = [0]
    /// How many documents hold each term.
    public var counts: [UInt32] = []
    /// Term number + 1 per slot, 0 for an empty slot.
    private var slots = [UInt32](repeating: 0, count: 1 << 12)

    /// An empty table with room for about `terms` terms of `bytes` bytes in all.
    public init(reserving terms: Int, bytes: Int) {
        arena.reserveCapacity(bytes)
        starts.reserveCapacity(terms + 1)
        counts.reserveCapacity(terms)
    }

    /// How many terms.
    public var count: Int { starts.count - 1 }

    /// The number of a term, added if new.
    public mutating func intern(_ term: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if count * 10 >= slots.count * 7 { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(term)) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                let t = UInt32(count)
                arena.append(contentsOf: term)
                precondition(arena.count <= Int(UInt32.max), "the search index's terms exceed 4 GB")
                starts.append(UInt32(arena.count))
                counts.append(0)
                slots[slot] = t + 1
                return t
            }
            if equals(Int(entry - 1), term) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Frees the hash table (terms are no longer looked up).
    public mutating func dropSlots() { slots = [] }

    private func equals(_ t: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let s = Int(starts[t]), e = Int(starts[t + 1])
        guard e - s == term.count else { return false }
        return arena.withUnsafeBufferPointer { a in
            term.isEmpty || memcmp(a.baseAddress! + s, term.baseAddress!, term.count) == 0
        }
    }

    private mutating func grow() {
        var bigger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        arena.withUnsafeBufferPointer { a in
            for t in 0..<count {
                var slot = Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: a[Int(starts[t])..<Int(starts[t + 1])]))) & mask
                while bigger[slot] != 0 { slot = (slot + 1) & mask }
                bigger[slot] = UInt32(t + 1)
            }
        }
        slots = bigger
    }

    /// FNV-1a, 64 bits, finished with a multiply so the low bits mix.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0100_0000_01b3 }
        return (h ^ (h >> 29)) &* 0xbf58_476d_1ce4_e5b9
    }
}
