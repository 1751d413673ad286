import Foundation
public import GalgenConfig
import GalgenCore
import GalgenRecords
public import GalgenSiteModel

/// The postings of every filter value of every collection with `filters` (docs/search.md,
/// "Filters"): per collection a small JSON manifest `search/filters/<c>.json` listing each
/// filter's values with their counts and postings files `search/filters/<c>-<f>-<v>-<hash>.bin`.
public struct FacetIndex: Sendable {
    /// One value a filter offers in one collection.
    public struct Value: Sendable, Hashable {
        /// The value in the address (`?genre=Games`, `?price=0-1`, `?price=5-`).
        public var token: String
        /// What the value is: the field's text, or a range's bounds.
        public var label: FacetLabel
        /// How many of the collection's items have it.
        public var count: Int
        /// Its postings file, below the site root.
        public var path: String
        /// Its folder name among the filter's values (the pages that list its items without JavaScript).
        public var slug: String = ""
        /// The collection indexes of its items, kept for the first value filter only (its pages list them).
        public var members: [Int] = []
        /// The path of its card blocks up to the block number (`search/cards/<c>-<f>-<v>-<hash>-`; block `n` is
        /// that, `n` and `.json`), when its filter has cards.
        public var cards: String?
    }

    /// One filter of one collection.
    public struct Filter: Sendable, Hashable {
        /// The filter as configured.
        public var spec: FilterSpec
        /// The field's label (`Price`).
        public var label: String
        /// Its values, in the order shown (only those some item has, for value filters).
        public var values: [Value]
        /// Cards a block, when its values have card blocks (docs/search.md, "Cards").
        public var cardsPerBlock: Int?
    }

    /// An item's card: the JSON object the runtime shows it from (collection, collection index → text).
    public typealias CardMaker = @Sendable (_ collection: Int, _ index: Int) -> String

    /// Every file: each collection's manifest and its postings.
    public let files: [SiteFile]
    /// Each collection's filters (empty when it has none or no items).
    public let filters: [[Filter]]
    /// Each collection's filter manifest below the site root (nil without filters).
    public let manifests: [String?]
    /// Each collection's card blocks, for the next build (``CardReuse``).
    public let cards: [[KeptCards]]

    /// The filter whose values have pages of their own in collection `c` (the one with `"pages": true`), if any.
    /// - Parameter c: The collection.
    public func browsable(_ c: Int) -> Filter? {
        guard c < filters.count else { return nil }
        return filters[c].first { $0.spec.pages }
    }

    /// Builds the postings of every collection's filters.
    /// - Parameters:
    ///   - collections: The site's collections, in site order.
    ///   - numbers: Each collection's number in the search index (nil for an empty one).
    ///   - card: Makes an item's card, for the filters whose values get card blocks (none without it).
    ///   - reuse: The previous build's card blocks, reused for each value whose items are the same and unchanged.
    public init(collections: [Collection], numbers: [Int?], card: CardMaker? = nil, reuse: CardReuse? = nil) {
        var files: [SiteFile] = [], filters: [[Filter]] = [], manifests: [String?] = [], kept: [[KeptCards]] = []
        for (c, collection) in collections.enumerated() {
            guard let number = numbers[c], !collection.filters.isEmpty, !collection.items.isEmpty else {
                filters.append([])
                manifests.append(nil)
                kept.append([])
                continue
            }
            var made: [Filter] = []
            let browsed = collection.filters.firstIndex { $0.kind == .value }
            let allGroups = collection.filters.map { Self.values(of: $0, in: collection) }
            let cardedFilters = card == nil ? collection.filters.map { _ in false }
                : Self.carded(collection.filters, counts: allGroups.map { $0.map(\.indexes.count) }, items: collection.items.count)
            let cards = card.map { Self.cardBlocks(c, number: number, count: collection.items.count, carded: cardedFilters,
                                                   groups: allGroups.map { $0.map(\.indexes) }, card: $0, reuse: reuse) }
            for (f, spec) in collection.filters.enumerated() {
                var values: [Value] = []
                for (v, group) in allGroups[f].enumerated() {
                    let bytes = FacetPostings.encode(group.indexes, count: collection.items.count)
                    let path = "search/filters/\(number)-\(f)-\(v)-\(ContentHash.fileTag(bytes)).bin"
                    files.append(SiteFile(path: path, data: Data(bytes)))
                    var value = Value(token: group.token, label: group.label, count: group.indexes.count, path: path,
                                      slug: Self.slug(group.token, taken: values.map(\.slug)), members: f == browsed ? group.indexes : [])
                    if let blocks = cards?.blocks[f][v] {
                        files += blocks.files
                        value.cards = blocks.prefix
                    }
                    values.append(value)
                }
                let field = collection.fields.first { $0.name == spec.field }
                made.append(Filter(spec: spec, label: field?.label ?? FieldSpec.label(for: spec.field), values: values,
                                   cardsPerBlock: cardedFilters[f] ? cards?.perBlock : nil))
            }
            let json = Data(Self.manifest(made, count: collection.items.count).utf8)
            // One name, revalidated like the data manifest: every gallery page names it, and a hashed name would
            // change every gallery page of the collection whenever a card or a count changes.
            let path = "search/filters/\(number).json"
            files.append(SiteFile(path: path, data: json))
            filters.append(made)
            manifests.append(path)
            kept.append(cards?.blocks.flatMap { $0.compactMap { $0?.kept } } ?? [])
        }
        self.files = files
        self.filters = filters
        self.manifests = manifests
        self.cards = kept
    }

    /// The card blocks of each value of each carded filter of collection `c` (nil for the values of the others),
    /// and the cards a block. A value whose items are those of `reuse`'s blocks of the same name, none of them
    /// changed, keeps those blocks' names and keys, and no card of it is made. The cards of the others come from
    /// one ``CardStore`` of the whole collection (each card made once), unless they are few (a quarter of the
    /// collection's items, counted once per carded filter): then each is made when its block is.
    private static func cardBlocks(_ c: Int, number: Int, count: Int, carded: [Bool], groups: [[[Int]]], card: @escaping CardMaker,
                                   reuse: CardReuse?) -> (blocks: [[CardBlocks?]], perBlock: Int) {
        guard carded.contains(true) else { return (groups.map { $0.map { _ in nil } }, 0) }
        let direct = CardSource(collection: c, count: count, store: nil, maker: card)
        let perBlock = CardBlocks.perBlock(direct)
        let names = groups.indices.map { f in groups[f].indices.map { v in "search/cards/\(number)-\(f)-\(v)" } }
        let digests = groups.indices.map { f in
            carded[f] ? Concurrently.map(groups[f].count) { v in KeptCards.digest(name: names[f][v], perBlock: perBlock, indexes: groups[f][v]) } : []
        }
        let reused = groups.indices.map { f in
            carded[f] ? groups[f].indices.map { v in reuse?.blocks(c, name: names[f][v], digest: digests[f][v], indexes: groups[f][v]) } : []
        }
        var fresh = 0
        for f in groups.indices where carded[f] {
            for v in groups[f].indices where reused[f][v] == nil { fresh += groups[f][v].count }
        }
        let source = fresh * 4 > count ? CardSource(collection: c, count: count, store: CardStore(collection: c, count: count, card: card), maker: card)
            : direct
        // Every value's blocks at once (on every core): most values of a carded filter are a block or two.
        let blocks = groups.indices.map { f -> [CardBlocks?] in
            guard carded[f] else { return groups[f].map { _ in nil } }
            return Concurrently.map(groups[f].count) { v in
                CardBlocks(name: names[f][v], indexes: groups[f][v], perBlock: perBlock, digest: digests[f][v], cards: source, reused: reused[f][v])
            }
        }
        return (blocks, perBlock)
    }

    /// Which filters' values get card blocks (docs/search.md, "Cards"): those the config says, and by default the
    /// fewest that keep every view of one value, and of two values of two filters, within about two data shards
    /// or card blocks a screen. A view whose item density (its values' item counts over the collection's, multiplied
    /// for two; each filter's smallest value taken) is under 1.5 % spreads a 30-item screen over more than two
    /// 1,000-item shards; it is served by the blocks of one of its filters, so the sparser filter of such a view
    /// gets them, unless the other already has them. Views of one value come first, then pairs by density,
    /// sparsest first. An `atLeast` filter gets none by default (its values nest); a pair with one is served by
    /// the other's. Each carded filter adds about one copy of the collection's cards to the site.
    /// - Parameters:
    ///   - filters: The collection's filters.
    ///   - counts: Each filter's values' item counts.
    ///   - items: The collection's item count.
    public static func carded(_ filters: [FilterSpec], counts: [[Int]], items: Int) -> [Bool] {
        let sparse = 30.0 / 2000
        var carded = filters.map { $0.cards == true }
        let allowed = filters.map { spec in
            if let cards = spec.cards { return cards }
            if case .atLeast = spec.kind { return false }
            return true
        }
        let density = counts.map { values -> Double in
            guard let least = values.filter({ $0 > 0 }).min(), items > 0 else { return 1 }
            return Double(least) / Double(items)
        }
        for f in filters.indices where allowed[f] && density[f] < sparse { carded[f] = true }
        var pairs: [(Int, Int)] = []
        for f in filters.indices { for g in filters.indices where g > f { pairs.append((f, g)) } }
        for (f, g) in pairs.sorted(by: { density[$0.0] * density[$0.1] < density[$1.0] * density[$1.1] })
        where density[f] * density[g] < sparse && !carded[f] && !carded[g] {
            let (first, second) = density[f] <= density[g] ? (f, g) : (g, f)
            if allowed[first] { carded[first] = true } else if allowed[second] { carded[second] = true }
        }
        return carded
    }

    /// A value's folder name: its slug, with `-2`, `-3`… when an earlier value has it.
    static func slug(_ token: String, taken: [String]) -> String {
        let base = Slug.make(token)
        var slug = base, n = 1
        while taken.contains(slug) {
            n += 1
            slug = "\(base)-\(n)"
        }
        return slug
    }

    /// The filter manifest: `{"version": 1, "count": n, "filters": [{"field", "kind", ("cards": perBlock,) "values":
    /// [[token, count, path(, cards)], …]}]}`.
    static func manifest(_ filters: [Filter], count: Int) -> String {
        JSONText.object([
            ("version", "1"),
            ("count", String(count)),
            ("filters", JSONText.array(filters.map { filter in
                var members = [("field", JSONText.string(filter.spec.field)), ("kind", JSONText.string(filter.spec.kindName))]
                if let perBlock = filter.cardsPerBlock { members.append(("cards", String(perBlock))) }
                members.append(("values", JSONText.array(filter.values.map { value in
                    JSONText.array([JSONText.string(value.token), String(value.count), JSONText.string(value.path)]
                                   + (value.cards.map { [JSONText.string($0)] } ?? []))
                })))
                return JSONText.object(members)
            })),
        ])
    }

    /// The values of one filter in a collection, each with its items' indexes (ascending).
    static func values(of spec: FilterSpec, in collection: Collection) -> [(token: String, label: FacetLabel, indexes: [Int])] {
        guard let field = RecordField(spec.field, fields: collection.fields) else { return [] }
        switch spec.kind {
        case .value:
            var byText: [String: [Int]] = [:]
            for (i, item) in collection.items.enumerated() {
                guard let text = item.record.value(field)?.text, !text.isEmpty else { continue }
                byText[text, default: []].append(i)
            }
            // Code point order: deterministic whatever the locale.
            return byText.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                .map { ($0, FacetLabel.text($0), byText[$0]!) }
        case .ranges(let bounds):
            var groups = [[Int]](repeating: [], count: bounds.count)
            for (i, item) in collection.items.enumerated() {
                guard let n = item.record.value(field)?.number, n >= bounds[0] else { continue }
                let slot = bounds.lastIndex { $0 <= n } ?? 0
                groups[slot].append(i)
            }
            return bounds.indices.map { b in
                let to = b + 1 < bounds.count ? bounds[b + 1] : nil
                let token = FacetLabel.number(bounds[b]) + "-" + (to.map(FacetLabel.number) ?? "")
                return (token, FacetLabel.range(from: bounds[b], to: to), groups[b])
            }
        case .atLeast(let bounds):
            var groups = [[Int]](repeating: [], count: bounds.count)
            for (i, item) in collection.items.enumerated() {
                guard let n = item.record.value(field)?.number else { continue }
                for b in bounds.indices where n >= bounds[b] { groups[b].append(i) }
            }
            return bounds.indices.map { b in (FacetLabel.number(bounds[b]) + "-", FacetLabel.atLeast(bounds[b]), groups[b]) }
        }
    }
}

extension FilterSpec {
    /// `value`, `ranges` or `atLeast`, as the filter manifest names it.
    var kindName: String {
        switch kind {
        case .value: "value"
        case .ranges: "ranges"
        case .atLeast: "atLeast"
        }
    }
}
