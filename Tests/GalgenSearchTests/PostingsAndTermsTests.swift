import GalgenSearch
import Testing

/// The search module's pieces below the site model: filter postings, the term table, the term buffer, filter labels.
@Suite struct PostingsAndTermsTests {
    @Test func eachValueIsWrittenTheSmallerWay() {
        let sparse = [3, 900, 4000], dense = Array(stride(from: 0, to: 8000, by: 3))
        #expect(FacetPostings.encode(sparse, count: 8000).first == FacetPostings.Encoding.deltas.rawValue)
        #expect(FacetPostings.encode(dense, count: 8000).first == FacetPostings.Encoding.bitmap.rawValue)
        #expect(FacetPostings.encode(dense, count: 8000).count == 1 + 1000)
        for list in [sparse, dense, [], [0], [127, 128, 16_511, 16_512, 3_000_000]] {
            #expect(FacetPostings.decode(FacetPostings.encode(list, count: 3_000_001)) == list)
        }
        #expect(FacetPostings.decode([9, 1]) == nil && FacetPostings.decode([0, 0x80]) == nil)
    }

    @Test func theTermTableGivesEachDistinctTermOneNumber() {
        var table = TermTable(reserving: 4, bytes: 16)
        let words = ["anna", "bo", "anna", "", "b", "bo"] + (0..<5000).map { "w\($0)" }
        var numbers: [UInt32] = []
        for word in words {
            let bytes = Array(word.utf8)
            numbers.append(bytes.withUnsafeBufferPointer { table.intern($0) })
        }
        #expect(Array(numbers.prefix(6)) == [0, 1, 0, 2, 3, 1])
        #expect(table.count == 4 + 5000, "the table grew past its first 4,096 slots and kept every term")
        #expect(String(decoding: table.arena[Int(table.starts[4])..<Int(table.starts[5])], as: UTF8.self) == "w0")
        #expect(Set(numbers).count == table.count)
    }

    @Test func theTermBufferKeepsTermsBackToBack() {
        var buffer = TermBuffer()
        SearchTokenizer.tokenize("Zoë Ångström", into: &buffer)
        #expect(buffer.indices.map(buffer.string) == SearchTokenizer.terms("Zoë Ångström"))
        let count = buffer.ends.count
        for scalar in "é€𝄞".unicodeScalars { buffer.append(scalar) }
        buffer.endTerm()
        #expect(buffer.string(count) == "é€𝄞" && buffer.ends.count == count + 1)
        buffer.removeAll()
        #expect(buffer.bytes.isEmpty && buffer.indices.isEmpty)
    }

    @Test func aFilterBoundIsWrittenAsShort() {
        #expect(FacetLabel.number(5) == "5" && FacetLabel.number(-2) == "-2" && FacetLabel.number(4.5) == "4.5")
        #expect(FacetLabel.number(1e16) == "1e+16")
    }
}
