import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
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
