import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Mustache
import Testing

/// Every template context answers Mustache's lookups without reflection (its `fields`, TemplateContext.swift); this
/// walks the real contexts of every page of a site and checks each stored property against Mirror.
struct ContextLookupTests {
    @Test func everyPropertyIsServedWithItsMirrorValue() throws {
        let fs = LocalFileSystem()
        let config = try ConfigLoader(fileSystem: fs).decode(
            try JSONDocument(data: Data(#"{"pageSize": 2, "baseURL": "https://ex.org/", "sources": []}"#.utf8), sourceName: "c"),
            path: "/site/config.json")
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120)], facts: ImageFacts(width: 160, height: 120, averageColor: "#123456"))
        let items = (0..<5).map { i in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: "T\(i)", subtitle: i.isMultiple(of: 2) ? "S\(i)" : nil,
                                link: i == 1 ? "https://example.com/" : nil, origin: "t"),
                 image: i == 3 ? nil : image)
        }
        let renderer = try SiteRenderer(config: config, collections: [Collection(name: "people", title: "People", items: items),
                                                                      Collection(name: "empty", title: "Empty", items: [])],
                                        templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
        var checked: Set<String> = []
        for spec in renderer.plan() {
            check(renderer.context(for: spec).context, path: spec.path, checked: &checked)
        }
        // Every context type was reached (a type without a lookup would fail in `check`).
        #expect(checked.count >= 12, "\(checked.sorted())")
    }

    /// A value's description with every level of Optional taken off (Mustache unwraps them too).
    private func describe(_ value: Any?) -> String {
        guard let value else { return "nil" }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return describe(mirror.children.first?.value) }
        return String(reflecting: value)
    }

    private func check(_ value: Any, path: String, checked: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection:
            for child in mirror.children { check(child.value, path: path, checked: &checked) }
        case .struct:
            guard let parent = value as? any MustacheParent else {
                Issue.record("\(type(of: value)) has no MustacheParent lookup (\(path))")
                return
            }
            checked.insert(String(describing: type(of: value)))
            for child in mirror.children {
                guard let label = child.label else { continue }
                #expect(describe(parent.child(named: label)) == describe(child.value), "\(type(of: value)).\(label) in \(path)")
                check(child.value, path: path, checked: &checked)
            }
        default:
            break
        }
    }
}
