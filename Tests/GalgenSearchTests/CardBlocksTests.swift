import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenSearch
import GalgenSiteModel
import Testing

/// The card blocks of filter values (docs/search.md, "Cards"): which filters get them, that a value's blocks
/// hold exactly its items' cards in collection order, named as the manifest says, and that they are
/// deterministic and change with the cards they hold.
struct CardBlocksTests {
    static let fields = [FieldSpec(name: "country", path: FieldPath("c")!), FieldSpec(name: "genre", path: FieldPath("g")!),
                         FieldSpec(name: "price", path: FieldPath("p")!, type: .number)]

    /// Item i: one of 20 countries (spread: i * 7 mod 20), one of 3 genres, a price 0–9.
    static func collection(count: Int, filters: [FilterSpec], title: (Int) -> String = { "Item \($0)" }) -> Collection {
        let items = (0..<count).map { i in
            var record = Record(id: "\(i)", slug: "k\(i)", title: title(i), origin: "t")
            let price = Double(i % 10)
            record.fields = [FieldValue(text: "Land \(i * 7 % 20)"), FieldValue(text: ["Rock", "Pop", "Jazz"][i % 3]),
                             FieldValue(text: String(price), number: price)]
            return Item(record: record, image: nil)
        }
        var collection = Collection(name: "people", title: "People", items: items, fields: fields)
        collection.filters = filters
        return collection
    }

    static let filters = [FilterSpec(field: "country"), FilterSpec(field: "genre"), FilterSpec(field: "price", kind: .atLeast([3, 6])),
                          FilterSpec(field: "price", kind: .ranges([0, 2, 4, 6, 8]))]

    /// A card as the renderer would make it: here a small JSON object naming the item.
    static func card(_ collections: [Collection]) -> FacetIndex.CardMaker {
        { c, i in #"{"k":"\#(collections[c].items[i].record.slug)","t":"\#(collections[c].items[i].record.title)","v":[]}"# }
    }

    @Test func theFewestFiltersThatServeEverySparseViewGetCardsUnlessTheConfigSays() {
        let value = FilterSpec(field: "a"), ranges = FilterSpec(field: "b", kind: .ranges([0, 1])), atLeast = FilterSpec(field: "c", kind: .atLeast([1]))
        let n = 100_000
        // 200 values of 0.5 %: sparse alone. 20 values of 5 % and 3 ranges of 33 %: a pair of them is 1.7 %, dense enough.
        #expect(FacetIndex.carded([value, ranges], counts: [Array(repeating: 500, count: 200), [33_000, 33_000, 34_000]], items: n) == [true, false])
        #expect(FacetIndex.carded([value, ranges], counts: [Array(repeating: 5000, count: 20), [33_000, 33_000, 34_000]], items: n) == [false, false])
        // 5 % with 10 % bands is 0.5 %: the sparser one (the 20 values) gets cards, and serves both.
        #expect(FacetIndex.carded([ranges, value], counts: [Array(repeating: 10_000, count: 10), Array(repeating: 5000, count: 20)], items: n) == [false, true])
        // A country of 2.5 % and a genre of 8 %: dense alone, 0.2 % together: the country's cards serve the pair and
        // every pair of the country with a third filter.
        let genre = Array(repeating: 8333, count: 12), country = Array(repeating: 2500, count: 40), price = [25_000, 25_000, 25_000, 25_000]
        #expect(FacetIndex.carded([value, FilterSpec(field: "d"), ranges], counts: [genre, country, price], items: n) == [false, true, false])
        // atLeast: none of its own; its pair with a sparse-enough partner goes to the partner.
        #expect(FacetIndex.carded([atLeast, value], counts: [[9000], Array(repeating: 9000, count: 11)], items: n) == [false, true])
        // The config decides first: a sparse filter kept without cards leaves its pairs to the other filter.
        #expect(FacetIndex.carded([FilterSpec(field: "a", cards: false), ranges], counts: [Array(repeating: 500, count: 200), [50_000, 50_000]], items: n)
                == [false, true])
        #expect(FacetIndex.carded([FilterSpec(field: "a", cards: false), FilterSpec(field: "b", kind: .ranges([0, 1]), cards: false)],
                                  counts: [Array(repeating: 500, count: 200), [50_000, 50_000]], items: n) == [false, false])
        #expect(FacetIndex.carded([FilterSpec(field: "c", kind: .atLeast([1]), cards: true)], counts: [[90_000]], items: n) == [true])

        let collections = [Self.collection(count: 3000, filters: Self.filters)]
        let facets = FacetIndex(collections: collections, numbers: [0], card: Self.card(collections))
        let carded = facets.filters[0].map { $0.cardsPerBlock != nil }
        #expect(carded == [true, false, false, false])     // 20 countries (5 %) with 5 ranges (20 %): 1 %; 3 genres; thresholds
        #expect(facets.filters[0][0].values.allSatisfy { $0.cards != nil })
        #expect(facets.filters[0][1].values.allSatisfy { $0.cards == nil })
        // Without a card maker (no renderer), nothing gets cards.
        let plain = FacetIndex(collections: collections, numbers: [0])
        #expect(plain.filters[0].allSatisfy { $0.cardsPerBlock == nil } && !plain.files.contains { $0.path.hasPrefix("search/cards/") })
    }

    @Test func aValuesBlocksHoldItsItemsCardsInOrder() throws {
        let collections = [Self.collection(count: 5000, filters: [FilterSpec(field: "country", cards: true), FilterSpec(field: "genre", cards: true)])]
        let card = Self.card(collections)
        let facets = FacetIndex(collections: collections, numbers: [3], card: card)
        let files = Dictionary(uniqueKeysWithValues: facets.files.map { ($0.path, $0) })
        for filter in facets.filters[0] {
            let perBlock = try #require(filter.cardsPerBlock)
            #expect(perBlock >= 512 && perBlock <= 2048 && perBlock & (perBlock - 1) == 0, "\(perBlock)")   // small cards: big blocks
            for value in filter.values {
                let prefix = try #require(value.cards)
                #expect(prefix.hasPrefix("search/cards/3-") && prefix.hasSuffix("-"))
                let postings = try #require(files[value.path])
                let members = try #require(FacetPostings.decode([UInt8](postings.data)))
                let blocks = (members.count + perBlock - 1) / perBlock
                var cards: [String] = []
                for n in 0..<blocks {
                    let file = try #require(files[prefix + "\(n).json"], "\(prefix)\(n).json")
                    let root = try JSONDocument(data: file.data, sourceName: "b").root.value
                    #expect(root["first"]?.value.scalarText == String(n * perBlock))
                    guard case .array(let items)? = root["items"]?.value else { Issue.record("no items"); continue }
                    #expect(items.count == min(perBlock, members.count - n * perBlock))
                    for item in items { cards.append(item.value["k"]?.value.scalarText ?? "?") }
                    #expect(file.key == OutputKey(digesting: file.data))
                }
                #expect(files[prefix + "\(blocks).json"] == nil)
                #expect(cards == members.map { "k\($0)" }, "\(filter.spec.field)=\(value.token)")
            }
        }
        // The manifest names each filter's block size and each value's blocks.
        let manifestPath = try #require(facets.manifests[0])
        let manifest = try JSONDocument(data: try #require(files[manifestPath]).data, sourceName: "m").root.value
        guard case .array(let list)? = manifest["filters"]?.value, case .array(let values)? = list[0].value["values"]?.value,
              case .array(let entry) = values[0].value else { Issue.record("no values"); return }
        #expect(list[0].value["cards"]?.value.scalarText == facets.filters[0][0].cardsPerBlock.map(String.init))
        #expect(entry.count == 4 && entry[3].value.scalarText == facets.filters[0][0].values[0].cards)
    }

    @Test func blocksAreDeterministicAndRenamedWhenACardChanges() throws {
        let filters = [FilterSpec(field: "country", cards: true)]
        let one = [Self.collection(count: 2000, filters: filters)]
        let two = [Self.collection(count: 2000, filters: filters)]
        let changed = [Self.collection(count: 2000, filters: filters) { $0 == 7 ? "Someone else" : "Item \($0)" }]
        let a = FacetIndex(collections: one, numbers: [0], card: Self.card(one))
        let b = FacetIndex(collections: two, numbers: [0], card: Self.card(two))
        let c = FacetIndex(collections: changed, numbers: [0], card: Self.card(changed))
        #expect(a.files.map(\.path) == b.files.map(\.path) && a.files.map(\.key) == b.files.map(\.key))
        let before = a.filters[0][0].values.map(\.cards), after = c.filters[0][0].values.map(\.cards)
        // Item 7 is in Land 9 (7 * 7 mod 20): only that value's blocks get a new name.
        let moved = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map { a.filters[0][0].values[$0.offset].token }
        #expect(moved == ["Land 9"])
    }

    /// Counts the cards a maker made (from every core).
    final class Counted: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [Int] = []
        var indexes: [Int] { lock.withLock { made.sorted() } }

        func maker(_ collections: [Collection]) -> FacetIndex.CardMaker {
            let card = CardBlocksTests.card(collections)
            return { c, i in
                self.lock.withLock { self.made.append(i) }
                return card(c, i)
            }
        }
    }

    @Test func aValuesBlocksAreKeptWithoutMakingACardWhileItsItemsAreTheSame() throws {
        let filters = [FilterSpec(field: "country", cards: true), FilterSpec(field: "genre", cards: false)]
        let one = [Self.collection(count: 4000, filters: filters)]
        let before = FacetIndex(collections: one, numbers: [0], card: Self.card(one))
        #expect(before.cards[0].count == 20)   // the 20 countries
        // Item 7 (Land 9) retitled, its change flagged: only its value is made again, card by card.
        let changed = [Self.collection(count: 4000, filters: filters) { $0 == 7 ? "Someone else" : "Item \($0)" }]
        var flags = [Bool](repeating: false, count: 4000)
        flags[7] = true
        let counted = Counted()
        let after = FacetIndex(collections: changed, numbers: [0], card: counted.maker(changed),
                               reuse: CardReuse(kept: before.cards, changed: [flags]))
        let made = Dictionary(grouping: counted.indexes, by: { $0 }).mapValues(\.count)
        let fresh = FacetIndex(collections: changed, numbers: [0], card: Self.card(changed))
        #expect(after.files.map(\.path) == fresh.files.map(\.path) && after.files.map(\.key) == fresh.files.map(\.key))
        for (a, b) in zip(after.files, fresh.files) { #expect(a.data == b.data, "\(a.path)") }
        #expect(after.cards == fresh.cards)
        let moved = zip(before.cards[0], after.cards[0]).filter { $0.0 != $0.1 }.map(\.0.name)
        #expect(moved == ["search/cards/0-0-19"])   // Land 9, sorted after Land 19
        // Made before any block was read: the 256 samples of the block size and Land 9's 200 cards, once each for its
        // blocks' keys. No other card.
        let land9 = Set((0..<4000).filter { $0 * 7 % 20 == 9 }), samples = Set((0..<256).map { $0 * 4000 / 256 })
        #expect(land9.allSatisfy { made[$0] == (samples.contains($0) ? 2 : 1) })
        #expect(Set(made.keys) == land9.union(samples))
        // Without the flag the kept blocks would be wrong: nothing is kept for a value with a flagged item.
        let unflagged = FacetIndex(collections: changed, numbers: [0], card: Self.card(changed),
                                   reuse: CardReuse(kept: before.cards, changed: [[Bool](repeating: false, count: 4000)]))
        #expect(unflagged.cards[0][19] == before.cards[0][19])   // what the flags are for: the kept name would be stale
        #expect(unflagged.cards[0][19] != fresh.cards[0][19])
        // Two carded filters, a third of the items in the changed genre: the cards come from the store; the same files.
        let both = [FilterSpec(field: "country", cards: true), FilterSpec(field: "genre", cards: true)]
        let first = FacetIndex(collections: [Self.collection(count: 4000, filters: both)], numbers: [0], card: Self.card(one))
        let edited = [Self.collection(count: 4000, filters: both) { $0 == 7 ? "Someone else" : "Item \($0)" }]
        let again = FacetIndex(collections: edited, numbers: [0], card: Self.card(edited), reuse: CardReuse(kept: first.cards, changed: [flags]))
        let clean = FacetIndex(collections: edited, numbers: [0], card: Self.card(edited))
        #expect(again.files.map(\.key) == clean.files.map(\.key) && again.cards == clean.cards)
        #expect(zip(first.cards[0], again.cards[0]).filter { $0.0 != $0.1 }.map(\.0.name) == ["search/cards/0-0-19", "search/cards/0-1-1"])
    }

    @Test func blocksAreSizedByWhatGzipMakesOfTheirCards() {
        let collections = [Self.collection(count: 600, filters: [FilterSpec(field: "country", cards: true)])]
        // 200 hex digits of noise a card (about 100 bytes gzipped): 64 cards make the 12 KiB of a block.
        let noisy: FacetIndex.CardMaker = { _, i in
            var state = UInt64(i + 1), hex = ""
            for _ in 0..<25 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                hex += String(state >> 32, radix: 16).padding(toLength: 8, withPad: "0", startingAt: 0)
            }
            return #"{"k":"k\#(i)","v":[],"t":"\#(hex)"}"#
        }
        // A kilobyte of one letter gzips to nothing, but 256 KiB of JSON is the most a block holds: 128 cards.
        let repetitive: FacetIndex.CardMaker = { _, i in #"{"k":"k\#(i)","v":[],"t":"\#(String(repeating: "x", count: 1000))"}"# }
        #expect(FacetIndex(collections: collections, numbers: [0], card: noisy).filters[0][0].cardsPerBlock == 64)
        #expect(FacetIndex(collections: collections, numbers: [0], card: repetitive).filters[0][0].cardsPerBlock == 128)
    }
}
