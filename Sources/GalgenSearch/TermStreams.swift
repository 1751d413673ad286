import Foundation
import GalgenCore
import GalgenSiteModel

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
        docs.forEachWithFields(0..<docs.count) { _, item, fields in
            let title = item.record.title.utf8.count, subtitle = item.record.subtitle?.utf8.count ?? 0
            var extra = 0
            for f in fields where f < item.record.fields.count { extra += item.record.fields[f]?.text.utf8.count ?? 0 }
            bound += (title + 1) / 2 + (subtitle + 1) / 2 + (extra + 1) / 2 + 1
            bytes += 2 * title + subtitle + extra + 1
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

    /// One document's terms (title, title term, subtitle, searchable fields) per document, back to back.
    private struct Tokenised: Sendable {
        var buffer = TermBuffer()
        /// Where each document's terms end in ``buffer`` (a term number).
        var docEnds: [Int] = []
    }

    private static func tokenise(_ docs: Documents, _ ids: Range<Int>) -> Tokenised {
        var out = Tokenised()
        out.docEnds.reserveCapacity(ids.count)
        docs.forEachWithFields(ids) { _, item, fields in
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
            for f in fields where f < item.record.fields.count {
                if let text = item.record.fields[f]?.text { SearchTokenizer.tokenize(text, into: &out.buffer) }
            }
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
            var entry = TermJSON.length(bytes) + 2  // brackets of the postings
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
                term.withUnsafeBufferPointer { TermJSON.append($0, to: &out) }
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

/// A term as a JSON string: the title term's mark (U+0001) as `\u0001`, the rest by ``JSONBytes``.
private enum TermJSON {
    /// The length of ``append(_:to:)``'s output.
    static func length(_ bytes: ArraySlice<UInt8>) -> Int {
        var rest = bytes[...]
        var length = 2
        if rest.first == SearchTokenizer.titleTermMark {
            length += 6
            rest = rest.dropFirst()
        }
        return length + JSONBytes.contentLength(rest)
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var rest = bytes[...]
        out.append(UInt8(ascii: "\""))
        if rest.first == SearchTokenizer.titleTermMark {
            out.append(contentsOf: "\\u0001".utf8)
            rest = rest.dropFirst()
        }
        JSONBytes.appendContent(rest, to: &out)
        out.append(UInt8(ascii: "\""))
    }
}
