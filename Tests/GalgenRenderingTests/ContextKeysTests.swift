import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Testing

/// Page keys are fed from each context's `fields` list (TemplateContext.swift); this checks each feed against a Mirror walk of the
/// same value, over the contexts of every page of a site where every optional is set somewhere, so
/// a context property missing from its feed (or fed out of order) fails here.
struct ContextKeysTests {
    private func renderer(baseURL: Bool, formats: String) throws -> SiteRenderer {
        let fs = LocalFileSystem()
        let base = baseURL ? #""baseURL": "https://ex.org/", "description": "D", "# : ""
        let config = try ConfigLoader(fileSystem: fs).decode(
            try JSONDocument(data: Data(#"{"pageSize": 2, \#(base)"formats": \#(formats), "sources": []}"#.utf8), sourceName: "c"),
            path: "/site/config.json")
        let variants = [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120), ImageVariant(path: "img/a-320.jpg", width: 320, height: 240)]
        let image = ItemImage(variants: variants, sources: [ImageSource(type: "image/webp", variants: variants)], facts: ImageFacts(width: 320, height: 240, averageColor: "#123456"))
        let items = (0..<5).map { i in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: "T\(i)", subtitle: i.isMultiple(of: 2) ? "S\(i)" : nil,
                                link: i == 1 ? "https://example.com/" : nil, origin: "t"),
                 image: i == 3 ? nil : image)
        }
        return try SiteRenderer(config: config, collections: [Collection(name: "people", title: "People", items: items),
                                                              Collection(name: "empty", title: "Empty", items: [])],
                                templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
    }

    @Test func everyContextFeedsEveryPropertyInOrder() throws {
        var types: Set<String> = []
        for (baseURL, formats) in [(true, #"["webp", "jpeg"]"#), (false, #"["jpeg"]"#)] {
            let renderer = try renderer(baseURL: baseURL, formats: formats)
            for spec in renderer.plan() {
                let context = renderer.context(for: spec).context
                var hand = KeyFeed(), mirrored = KeyFeed()
                try #require(context as? any KeyFed, "\(type(of: context)) has no feed").feed(into: &hand)
                try mirror(context, into: &mirrored, types: &types)
                let same = hand.bytes == mirrored.bytes
                #expect(same, "the feed of \(type(of: context)) in \(spec.path) differs from its properties")
            }
        }
        #expect(types.count >= 15, "\(types.sorted())")
    }

    @Test func keysChangeWithWhatTheTemplateSees() throws {
        let renderer = try renderer(baseURL: true, formats: #"["jpeg"]"#)
        let plan = renderer.plan()
        let keys = plan.map { renderer.key(for: $0) }
        #expect(Set(keys).count == keys.count, "two pages with one key")
        #expect(plan.map { renderer.key(for: $0) } == keys, "keys are not stable")
    }

    /// The same encoding as the hand-written feeds, by reflection.
    private func mirror(_ value: Any, into feed: inout KeyFeed, types: inout Set<String>) throws {
        let m = Mirror(reflecting: value)
        // Optionals first: `as String` would unwrap an Optional<String> silently.
        if m.displayStyle == .optional {
            if let wrapped = m.children.first?.value {
                var inner = KeyFeed()
                try mirror(wrapped, into: &inner, types: &types)
                feed.add(Optional(inner.bytes)) { f, bytes in f.appendRaw(bytes) }
            } else {
                feed.add(String?.none)
            }
            return
        }
        switch value {
        case let s as String: feed.add(s)
        case let i as Int: feed.add(i)
        case let b as Bool: feed.add(b)
        case let d as [String: String]: feed.add(d)
        default:
            switch m.displayStyle {
            case .collection:
                let elements = Array(m.children.map(\.value))
                var inners: [[UInt8]] = []
                for element in elements {
                    var inner = KeyFeed()
                    try mirror(element, into: &inner, types: &types)
                    inners.append(inner.bytes)
                }
                feed.add(inners) { f, bytes in f.appendRaw(bytes) }
            case .struct:
                let name = String(describing: type(of: value))
                types.insert(name)
                feed.beginNamed(name)
                for child in m.children { try mirror(child.value, into: &feed, types: &types) }
            default:
                Issue.record("unexpected \(type(of: value)) in a context")
            }
        }
    }
}

extension KeyFeed {
    /// Test helpers: raw bytes of a nested feed, and a record start named at run time.
    fileprivate mutating func appendRaw(_ bytes: [UInt8]) {
        self = KeyFeed(bytes: self.bytes + bytes)
    }

    fileprivate mutating func beginNamed(_ name: String) {
        var s = KeyFeed()
        s.add(name)
        // `begin` writes "{" + length + UTF-8; `add` writes "s" + length + UTF-8.
        self = KeyFeed(bytes: bytes + [0x7B] + s.bytes.dropFirst())
    }
}
