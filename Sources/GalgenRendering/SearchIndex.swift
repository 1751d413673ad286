import Foundation
import GalgenCore

/// The site's static search index (docs/search.md): `search/index.json`, document shards, term
/// fragments and key fragments, read by the built-in theme's `search-core.js`.
///
/// Built to stay small at a million items: terms are interned into one byte array (no string per
/// term), postings are one flat array of ids (CSR), and what the files are made from at write
/// time is two byte streams in term order: terms front-coded (sorted terms share long prefixes),
/// postings as varint deltas. Only `index.json` keeps its bytes; the other files are made again
/// when written, as the shards are.
public struct SearchIndex: Sendable {
    /// The manifest's path below the site root; it keeps one name.
    public static let indexPath = "search/index.json"
    /// Documents per document shard.
    public static let docsPerShard = 128
    /// Keys per key fragment (more when equal keys would be split).
    public static let keysPerFragment = 2048
    /// The JSON size a term fragment stays within, unless one term alone is bigger.
    public static let fragmentBytes = 16 * 1024

    /// Every file: `index.json` first, then shards, term fragments and key fragments.
    public let files: [GalleryData.File]
    /// Each collection's number in `index.json`'s `collections` (the manifest's
    /// `searchCollection`); nil for an empty collection, which is left out.
    public let collectionNumbers: [Int?]

    /// Builds the index of every item's title and subtitle; no files when no collection has items.
    /// - Parameters:
    ///   - collections: The site's collections, in site order.
    ///   - pageSize: Items per gallery page.
    ///   - itemPages: Whether the site has a page per item.
    public init(collections: [Collection], pageSize: Int, itemPages: Bool) {
        var numbers: [Int?] = []
        var kept: [Collection] = []
        for collection in collections {
            numbers.append(collection.items.isEmpty ? nil : kept.count)
            if !collection.items.isEmpty { kept.append(collection) }
        }
        collectionNumbers = numbers
        guard !kept.isEmpty else {
            files = []
            return
        }
        let docs = Documents(kept)
        let shards = Concurrently.map((docs.count + Self.docsPerShard - 1) / Self.docsPerShard) { n in
            Self.hashed("search/docs/\(n)") { docs.shard(n) }
        }
        let terms = TermStreams(docs)
        let fragments = Concurrently.map(terms.fragments.count) { i in
            Self.hashed("search/terms/\(i)") { terms.fragment(i) }
        }
        let keys = KeyTable(docs)
        let keyFragments = Concurrently.map(keys.fragments.count) { i in
            Self.hashed("search/keys/\(i)") { keys.fragment(i) }
        }
        func list(_ strings: [String]) -> String { JSONText.array(strings.map { JSONText.string($0) }) }
        let index = JSONText.object([
            ("version", "1"),
            ("collections", JSONText.array(kept.indices.map { c in
                JSONText.object([
                    ("title", JSONText.string(kept[c].fullTitle)), ("base", JSONText.string(kept[c].name + "/")),
                    ("offset", String(docs.offsets[c])), ("count", String(kept[c].items.count)),
                    ("pageSize", String(pageSize)), ("itemPages", itemPages ? "true" : "false"),
                ])
            })),
            ("docs", JSONText.object([("size", String(Self.docsPerShard)), ("hashes", list(shards.map(\.tag)))])),
            ("terms", JSONText.object([("first", list(terms.fragments.map(\.first))), ("hashes", list(fragments.map(\.tag)))])),
            ("keys", JSONText.object([("first", list(keys.fragments.map(\.first))), ("hashes", list(keyFragments.map(\.tag)))])),
        ])
        files = [GalleryData.File(path: Self.indexPath, data: Data(index.utf8))]
            + shards.map(\.file) + fragments.map(\.file) + keyFragments.map(\.file)
    }

    /// A file named `<stem>-<hash>.json` whose bytes `make` makes now (for the hash and the key) and
    /// again when it is written.
    private static func hashed(_ stem: String, _ make: @escaping @Sendable () -> [UInt8]) -> (file: GalleryData.File, tag: String) {
        let bytes = make()
        let tag = ContentHash.fileTag(bytes)
        return (GalleryData.File(path: "\(stem)-\(tag).json", bytes: Data(bytes), make: { Data(make()) }), tag)
    }
}

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

/// Every term of the site in code point order with the ids of the documents that hold it, kept
/// as two varint byte streams cut into fragments: `terms` has, for each term, how many bytes it
/// shares with the term before it in its fragment, how many follow and those bytes; `postings`
/// has the count and the ascending deltas of each term's ids.
struct TermStreams: Sendable {
    /// One term fragment: where its terms start in both streams, how many, and its first term.
    struct Fragment: Sendable {
        var termOffset: Int
        var postingOffset: Int
        var count: Int
        var first: String
    }

    let terms: [UInt8]
    let postings: [UInt8]
    let fragments: [Fragment]

    init(_ docs: Documents) {
        // Each document's distinct term numbers, ascending, as a count and varint deltas. Arrays
        // are reserved for about the most the texts can give (pages never written cost nothing),
        // so none is copied while it grows.
        var docTerms: [UInt8] = []
        var bound = 0, bytes = 0
        docs.forEach(0..<docs.count) { _, item in
            let title = item.record.title.utf8.count, subtitle = item.record.subtitle?.utf8.count ?? 0
            bound += (title + 1) / 2 + (subtitle + 1) / 2 + 1
            bytes += 2 * title + subtitle + 1
        }
        var table = TermTable(reserving: bound, bytes: bytes)
        docTerms.reserveCapacity(bound * 3 + docs.count)
        // Tokenised on every core a batch at a time (so the batch's terms are never all held),
        // interned in id order on this one.
        let batch = 16_384
        let parts = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var ids: [UInt32] = []
        for start in stride(from: 0, to: docs.count, by: batch * parts) {
            let tokenised = Concurrently.map(parts) { p in
                let first = min(docs.count, start + p * batch)
                return Self.tokenise(docs, first..<min(docs.count, first + batch))
            }
            for part in tokenised {
                var t = 0
                for end in part.docEnds {
                    ids.removeAll(keepingCapacity: true)
                    part.buffer.bytes.withUnsafeBufferPointer { bytes in
                        while t < end {
                            let r = part.buffer.range(t)
                            ids.append(table.intern(UnsafeBufferPointer(rebasing: bytes[r])))
                            t += 1
                        }
                    }
                    ids.sort()
                    var distinct = 0
                    for (i, id) in ids.enumerated() where i == 0 || id != ids[i - 1] {
                        ids[distinct] = id
                        distinct += 1
                    }
                    Varint.append(distinct, to: &docTerms)
                    var last: UInt32 = 0
                    for id in ids[..<distinct] {
                        Varint.append(Int(id - last), to: &docTerms)
                        table.counts[Int(id)] += 1
                        last = id
                    }
                }
            }
        }
        table.dropSlots()
        // Postings (CSR): the ids of term t are postings[end[t - 1]..<end[t]], ascending because
        // documents are walked in order. The counts become each term's start, then its end.
        var end = table.counts
        table.counts = []
        var total: UInt32 = 0
        for t in end.indices {
            let n = end[t]
            end[t] = total
            total += n
        }
        var postings = [UInt32](repeating: 0, count: Int(total))
        docTerms.withUnsafeBufferPointer { docTerms in
            var at = 0
            for d in 0..<docs.count {
                var term = 0
                for _ in 0..<Varint.read(docTerms, &at) {
                    term += Varint.read(docTerms, &at)
                    postings[Int(end[term])] = UInt32(d)
                    end[term] += 1
                }
            }
        }
        docTerms = []
        let order = ByteOrder.sorted(count: table.count, bytes: table.arena, starts: table.starts)
        (terms, self.postings, fragments) = Self.streams(order: order, table: table, end: end, postings: postings)
    }

    /// One document's terms (title, title term, subtitle) per document, back to back.
    private struct Tokenised: Sendable {
        var buffer = TermBuffer()
        /// Where each document's terms end in ``buffer`` (a term number).
        var docEnds: [Int] = []
    }

    private static func tokenise(_ docs: Documents, _ ids: Range<Int>) -> Tokenised {
        var out = Tokenised()
        out.docEnds.reserveCapacity(ids.count)
        docs.forEach(ids) { _, item in
            let before = out.buffer.ends.count
            SearchTokenizer.tokenize(item.record.title, into: &out.buffer)
            let after = out.buffer.ends.count
            if after > before {
                // The title term: U+0001 and the title's terms joined by spaces.
                out.buffer.bytes.append(SearchTokenizer.titleTermMark)
                for t in before..<after {
                    if t > before { out.buffer.bytes.append(UInt8(ascii: " ")) }
                    for i in out.buffer.range(t) { out.buffer.bytes.append(out.buffer.bytes[i]) }
                }
                out.buffer.endTerm()
            }
            if let subtitle = item.record.subtitle { SearchTokenizer.tokenize(subtitle, into: &out.buffer) }
            out.docEnds.append(out.buffer.ends.count)
        }
        return out
    }

    /// Writes the streams in term order and cuts them into fragments of about
    /// ``SearchIndex/fragmentBytes`` of JSON, never inside a term.
    private static func streams(order: [UInt32], table: TermTable, end: [UInt32], postings: [UInt32])
        -> ([UInt8], [UInt8], [Fragment]) {
        // Reserved for the most they can take (pages never written cost nothing): no copy as they grow.
        var terms: [UInt8] = []
        var stream: [UInt8] = []
        terms.reserveCapacity(table.arena.count + 4 * order.count)
        stream.reserveCapacity(5 * (postings.count + order.count))
        var before = ArraySlice<UInt8>()
        var fragments: [Fragment] = []
        // `{"t":[` `],"p":[` `]}`
        let overhead = 15
        var size = overhead
        for t in order {
            let bytes = table.arena[Int(table.starts[Int(t)])..<Int(table.starts[Int(t) + 1])]
            let ids = postings[(t == 0 ? 0 : Int(end[Int(t) - 1]))..<Int(end[Int(t)])]
            var entry = JSONBytes.termLength(bytes) + 2  // brackets of the postings
            var previous: UInt32 = 0
            for id in ids {
                entry += JSONBytes.decimalLength(Int(id - previous)) + 1
                previous = id
            }
            entry -= 1
            if fragments.isEmpty || (fragments[fragments.count - 1].count > 0 && size + entry + 2 > SearchIndex.fragmentBytes) {
                fragments.append(Fragment(termOffset: terms.count, postingOffset: stream.count, count: 0,
                                          first: fragments.isEmpty ? "" : String(decoding: bytes, as: UTF8.self)))
                size = overhead
                before = []
            }
            size += entry + (fragments[fragments.count - 1].count > 0 ? 2 : 0)
            fragments[fragments.count - 1].count += 1
            let shared = zip(before, bytes).prefix { $0 == $1 }.count
            Varint.append(shared, to: &terms)
            Varint.append(bytes.count - shared, to: &terms)
            terms.append(contentsOf: bytes.dropFirst(shared))
            before = bytes
            Varint.append(ids.count, to: &stream)
            previous = 0
            for id in ids {
                Varint.append(Int(id - previous), to: &stream)
                previous = id
            }
        }
        return (terms, stream, fragments)
    }

    /// Fragment `i`: `{"t":[term, …],"p":[[delta, …], …]}`.
    func fragment(_ i: Int) -> [UInt8] {
        let fragment = fragments[i]
        var out: [UInt8] = []
        out.reserveCapacity(SearchIndex.fragmentBytes + 1024)
        out.append(contentsOf: "{\"t\":[".utf8)
        terms.withUnsafeBufferPointer { terms in
            var at = fragment.termOffset
            var term: [UInt8] = []
            for j in 0..<fragment.count {
                if j > 0 { out.append(UInt8(ascii: ",")) }
                term.removeSubrange(Varint.read(terms, &at)...)
                let length = Varint.read(terms, &at)
                term.append(contentsOf: UnsafeBufferPointer(rebasing: terms[at..<(at + length)]))
                at += length
                term.withUnsafeBufferPointer { JSONBytes.appendTerm($0, to: &out) }
            }
        }
        out.append(contentsOf: "],\"p\":[".utf8)
        postings.withUnsafeBufferPointer { postings in
            var at = fragment.postingOffset
            for j in 0..<fragment.count {
                if j > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                for k in 0..<Varint.read(postings, &at) {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    JSONBytes.appendDecimal(Varint.read(postings, &at), to: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }
}

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

/// Interns terms: each distinct term once in one byte array, found again by an open-addressing
/// hash table of term numbers.
struct TermTable {
    /// The terms' bytes, back to back.
    var arena: [UInt8] = []
    /// Term `t` is `arena[starts[t]..<starts[t + 1]]`.
    var starts: [UInt32] = [0]
    /// How many documents hold each term.
    var counts: [UInt32] = []
    /// Term number + 1 per slot, 0 for an empty slot.
    private var slots = [UInt32](repeating: 0, count: 1 << 12)

    /// An empty table with room for about `terms` terms of `bytes` bytes in all.
    init(reserving terms: Int, bytes: Int) {
        arena.reserveCapacity(bytes)
        starts.reserveCapacity(terms + 1)
        counts.reserveCapacity(terms)
    }

    /// How many terms.
    var count: Int { starts.count - 1 }

    /// The number of a term, added if new.
    mutating func intern(_ term: UnsafeBufferPointer<UInt8>) -> UInt32 {
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
    mutating func dropSlots() { slots = [] }

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

/// Sorting numbered byte strings by their bytes (code point order for UTF-8), ties by number.
enum ByteOrder {
    /// The numbers `0..<count` sorted by `bytes[starts[i]..<starts[i + 1]]`: parts sorted on every
    /// core, then merged.
    static func sorted(count: Int, bytes: [UInt8], starts: [UInt32]) -> [UInt32] {
        guard count > 1 else { return (0..<count).map { UInt32($0) } }
        let parts = count < 50_000 ? 1 : 2
        let size = (count + parts - 1) / parts
        var runs = Concurrently.map(parts) { p in
            var run = (min(count, p * size)..<min(count, (p + 1) * size)).map { UInt32($0) }
            withLess(bytes, starts) { less in run.sort(by: less) }
            return run
        }
        while runs.count > 1 {
            let current = runs
            let merged = Concurrently.map(current.count / 2) { i in
                withLess(bytes, starts) { less in merge(current[2 * i], current[2 * i + 1], less) }
            }
            runs = current.count % 2 == 1 ? merged + [current[current.count - 1]] : merged
        }
        return runs[0]
    }

    private static func merge(_ a: [UInt32], _ b: [UInt32], _ less: (UInt32, UInt32) -> Bool) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if less(b[j], a[i]) { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }

    private static func withLess<R>(_ bytes: [UInt8], _ starts: [UInt32], _ body: ((UInt32, UInt32) -> Bool) -> R) -> R {
        bytes.withUnsafeBufferPointer { b in
            starts.withUnsafeBufferPointer { s in
                body { x, y in
                    let xs = Int(s[Int(x)]), xl = Int(s[Int(x) + 1]) - xs
                    let ys = Int(s[Int(y)]), yl = Int(s[Int(y) + 1]) - ys
                    let common = min(xl, yl)
                    if common > 0, let base = b.baseAddress {
                        let c = memcmp(base + xs, base + ys, common)
                        if c != 0 { return c < 0 }
                    }
                    return xl != yl ? xl < yl : x < y
                }
            }
        }
    }
}

/// LEB128 integers in a byte array.
enum Varint {
    static func append(_ value: Int, to out: inout [UInt8]) {
        var v = UInt(value)
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let b = bytes[at]
            at += 1
            value |= Int(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }
}

/// JSON written byte by byte: numbers and terms (whose bytes need no escape but the title
/// term's U+0001; anything else goes through ``JSONText``).
enum JSONBytes {
    static func decimalLength(_ value: Int) -> Int {
        var n = 1, limit = 10
        while value >= limit { n += 1; limit *= 10 }
        return n
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        let n = decimalLength(value)
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: n))
        var v = value, i = out.count - 1
        while v > 0 {
            out[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
    }

    private static func plain(_ b: UInt8) -> Bool {
        b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x3C && b != 0x3E && b != 0x26 && b != 0xE2
    }

    /// The length of ``appendTerm(_:to:)``'s output.
    static func termLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var rest = bytes[...]
        var length = 2
        if rest.first == SearchTokenizer.titleTermMark {
            length += 6
            rest = rest.dropFirst()
        }
        if rest.allSatisfy(plain) { return length + rest.count }
        return length + JSONText.string(String(decoding: rest, as: UTF8.self)).utf8.count - 2
    }

    /// A term as a JSON string.
    static func appendTerm(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var rest = bytes[...]
        out.append(UInt8(ascii: "\""))
        if rest.first == SearchTokenizer.titleTermMark {
            out.append(contentsOf: "\\u0001".utf8)
            rest = rest.dropFirst()
        }
        if rest.allSatisfy(plain) {
            out.append(contentsOf: rest)
        } else {
            JSONText.appendContent(String(decoding: rest, as: UTF8.self), to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }
}
