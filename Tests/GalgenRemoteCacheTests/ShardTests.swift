import GalgenCore
import GalgenRemoteCache
import Testing

/// Which shard owns which work: parsed strictly, every key in exactly one shard, spread evenly.
struct ShardTests {
    @Test func parsingAcceptsOnlyIOfNFromOne() {
        #expect(Shard(parsing: "1/3") == Shard(index: 1, count: 3))
        #expect(Shard(parsing: "3/3")?.description == "3/3")
        #expect(Shard(parsing: "1/1") != nil)
        for bad in ["0/3", "4/3", "1/0", "/3", "1/", "a/b", " 1/3", "1/3/5", "-1/3", "1//3", "+1/3", "1/5000", ""] {
            #expect(Shard(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func everyKeyFallsInExactlyOneShardAndTheSpreadIsEven() {
        let count = 5
        let shards = (1...count).map { Shard(index: $0, count: count)! }
        var sizes = [Int](repeating: 0, count: count)
        for i in 0..<5000 {
            let hash = ContentHash.sha256Hex("key \(i)")
            let owners = shards.filter { $0.contains(hash: hash) }
            #expect(owners.count == 1)
            sizes[owners[0].index - 1] += 1
            #expect(shards.filter { $0.contains(url: "https://img.example/\(i).jpg") }.count == 1)
        }
        // 1000 expected per shard; 5 standard deviations is about ±150.
        #expect(sizes.allSatisfy { (850...1150).contains($0) }, "\(sizes)")
    }
}
