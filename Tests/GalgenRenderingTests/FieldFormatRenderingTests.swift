import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Testing

/// Locale field formats in the renderer: pages and the lightbox's data show them, `<time datetime>`
/// stays ISO, and the ICU version is part of every page key, so another ICU renders again.
struct FieldFormatRenderingTests {
    private func renderer(_ format: String) throws -> SiteRenderer {
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"language": "sv", "fieldFormat": "\#(format)", "sources": []}"#.utf8), sourceName: "c"),
            path: "/site/config.json")
        let fields = [FieldSpec(name: "released", path: FieldPath("r")!, type: .date),
                      FieldSpec(name: "price", path: FieldPath("p")!, type: .currency, currency: "USD"),
                      FieldSpec(name: "genre", path: FieldPath("g")!)]
        let items = (0..<3).map { i in
            var record = Record(id: "id\(i)", slug: "id\(i)", title: "T\(i)", origin: "t")
            record.fields = [FieldValue(text: "2015-06-0\(i + 1)", datetime: "2015-06-0\(i + 1)", number: 0),
                             FieldValue(text: "4.99 USD", number: 4.99), FieldValue(text: "12.5")]
            return Item(record: record, image: nil)
        }
        return try SiteRenderer(config: config, collections: [Collection(name: "apps", title: "Apps", items: items, fields: fields)],
                                templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
    }

    @Test func pagesAndDataShowLocaleFormats() throws {
        let renderer = try renderer("locale")
        let spec = try #require(renderer.plan().first { $0.path == "apps/id0/index.html" })
        let html = renderer.render(spec).html
        #expect(html.contains(#"<time datetime="2015-06-01">1 juni 2015</time>"#), "\(html)")
        #expect(html.contains("4,99\u{A0}US$") && html.contains("12.5") && !html.contains("4.99 USD"))
        let shard = try #require(renderer.data.shards.first?.first)
        let json = String(decoding: shard.data, as: UTF8.self)
        #expect(json.contains("1 juni 2015") && !json.contains("2015-06-01"), "\(json)")
        #expect(renderer.countText(1234) == "1\u{A0}234")
    }

    /// With locale formats, counts and positions in the theme's words are ICU's too ("1 234 objekt", the
    /// filter options' counts), and the runtime is told to write its numbers the same way.
    @Test func countsFollowTheLocaleOnlyWithLocaleFormats() throws {
        for format in ["locale", "plain"] {
            let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
                try JSONDocument(data: Data(#"{"language": "sv", "fieldFormat": "\#(format)", "pageSize": 1000, "sources": []}"#.utf8), sourceName: "c"),
                path: "/site/config.json")
            let fields = [FieldSpec(name: "genre", path: FieldPath("g")!)]
            let items = (0..<1234).map { i in
                var record = Record(id: "id\(i)", slug: "id\(i)", title: "T\(i)", origin: "t")
                record.fields = [FieldValue(text: "Spel")]
                return Item(record: record, image: nil)
            }
            var collection = Collection(name: "apps", title: "Apps", items: items, fields: fields)
            collection.filters = [FilterSpec(field: "genre")]
            let renderer = try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: .builtin),
                                            assets: try AssetSet(theme: .builtin), messages: try Messages.load(
                                                language: "sv", tables: Theme.builtin.tables, siteDirectory: "/nowhere", fileSystem: MemoryFileSystem()))
            let gallery = renderer.render(try #require(renderer.plan().first { $0.path == "apps/index.html" })).html
            let item = renderer.render(try #require(renderer.plan().first { $0.path == "apps/id1233/index.html" })).html
            if format == "locale" {
                #expect(gallery.contains("1\u{A0}234 objekt") && gallery.contains("Spel (1\u{A0}234)</option>"), "\(gallery)")
                #expect(item.contains("1\u{A0}234 av 1\u{A0}234 i"), "\(item)")
                #expect(gallery.contains(#""$numbers":"locale""#))
            } else {
                #expect(gallery.contains("1234 objekt") && gallery.contains("Spel (1234)</option>") && !gallery.contains("$numbers"))
                #expect(item.contains("1234 av 1234 i"), "\(item)")
            }
        }
    }

    @Test func plainIsUnchanged() throws {
        let renderer = try renderer("plain")
        let spec = try #require(renderer.plan().first { $0.path == "apps/id0/index.html" })
        let html = renderer.render(spec).html
        #expect(html.contains(#"<time datetime="2015-06-01">2015-06-01</time>"#) && html.contains("4.99 USD"))
        #expect(renderer.fieldFormatKey == nil && renderer.countText(1234) == "1234")
    }

    @Test func theICUVersionIsPartOfEveryPageKey() throws {
        var renderer = try renderer("locale")
        let version = CollationLibrary.version.version
        #expect(renderer.fieldFormatKey == "locale sv \(version)")
        let plan = renderer.plan()
        let keys = plan.map { renderer.key(for: $0) }
        renderer.fieldFormatKey = "locale sv 0.0-another-icu"
        let other = plan.map { renderer.key(for: $0) }
        for (spec, (a, b)) in zip(plan, zip(keys, other)) { #expect(a != b, "\(spec.path) keeps its key with another ICU") }
        renderer.fieldFormatKey = "locale sv \(version)"
        #expect(plan.map { renderer.key(for: $0) } == keys)
        // Plain pages do not depend on ICU's formats: their keys have no version in them.
        let plain = try self.renderer("plain")
        #expect(plain.fieldFormatKey == nil)
    }
}
