import Foundation
import GalgenCore
public import GalgenSiteModel

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
    public let files: [SiteFile]
    /// Each collection's number in `index.json`'s `collections` (the manifest's
    /// `searchCollection`); nil for an empty collection, which is left out.
    public let collectionNumbers: [Int?]

    /// Builds the index of every item's title, subtitle and searchable fields; no files when no
    /// collection has items.
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
                ] + Self.searchFieldsMember(kept[c], docs.searchable[c]))
            })),
            ("docs", JSONText.object([("size", String(Self.docsPerShard)), ("hashes", list(shards.map(\.tag)))])),
            ("terms", JSONText.object([("first", list(terms.fragments.map(\.first))), ("hashes", list(fragments.map(\.tag)))])),
            ("keys", JSONText.object([("first", list(keys.fragments.map(\.first))), ("hashes", list(keyFragments.map(\.tag)))])),
        ])
        files = [SiteFile(path: Self.indexPath, data: Data(index.utf8))]
            + shards.map(\.file) + fragments.map(\.file) + keyFragments.map(\.file)
    }

    /// A collection's `"fields"` member: the labels of its searchable fields, whose texts follow the
    /// subtitle in its documents' rows; none (the member left out) when it has no searchable field.
    private static func searchFieldsMember(_ collection: Collection, _ searchable: [Int]) -> [(String, String)] {
        guard !searchable.isEmpty else { return [] }
        return [("fields", JSONText.array(searchable.map { JSONText.string(collection.fields[$0].label) }))]
    }

    /// A file named `<stem>-<hash>.json` whose bytes `make` makes now (for the hash and the key) and
    /// again when it is written.
    private static func hashed(_ stem: String, _ make: @escaping @Sendable () -> [UInt8]) -> (file: SiteFile, tag: String) {
        let bytes = make()
        let tag = ContentHash.fileTag(bytes)
        return (SiteFile(path: "\(stem)-\(tag).json", bytes: Data(bytes), make: { Data(make()) }), tag)
    }
}

