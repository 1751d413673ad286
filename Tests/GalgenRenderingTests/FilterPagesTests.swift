import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenSiteModel
import Testing

/// What a gallery page makes of its collection's filters: the controls (escaped, with each value's count)
/// and, when asked, pages per value. The postings themselves are GalgenSearchTests' `FacetIndexTests`.
struct FilterPagesTests {
    /// A genre that must come out escaped.
    private static var hostile: String { #"</script><b>"Rock" & 'Roll'</b>"# }

    /// 300 apps: a genre (none for every 13th), a price from −1 to 9.99 and a rating from 0 to 5; filtered by
    /// genre (with pages of its own when `browse`), price ranges, rating thresholds and subtitle.
    private static func apps(browse: Bool = false) -> Collection {
        let genres = ["Games", "Music", "Books", hostile, "Ärzte", "Zoo"]
        let items = (0..<300).map { i in
            var record = Record(id: "\(i)", slug: "k\(i)", title: "Item \(i)", subtitle: i % 4 == 0 ? "Sub \(i % 3)" : nil, origin: "t")
            let price = Double((i * 37) % 1100 - 100) / 100, rating = Double((i * 7) % 51) / 10
            record.fields = [i % 13 == 0 ? nil : FieldValue(text: genres[i % genres.count]), FieldValue(text: String(price), number: price),
                             FieldValue(text: "\(rating) / 5", number: rating)]
            return Item(record: record, image: nil)
        }
        var apps = Collection(name: "apps", title: "apps", items: items, fields: [
            FieldSpec(name: "genre", path: FieldPath("g")!), FieldSpec(name: "price", path: FieldPath("p")!, type: .number),
            FieldSpec(name: "rating", path: FieldPath("r")!, type: .rating),
        ])
        apps.filters = [FilterSpec(field: "genre", pages: browse), FilterSpec(field: "price", kind: .ranges([0, 1, 5])),
                        FilterSpec(field: "rating", kind: .atLeast([3, 4])), FilterSpec(field: "subtitle")]
        return apps
    }

    /// The indexes of the items of one genre.
    private static func genre(_ name: String, in collection: Collection) -> [Int] {
        collection.items.indices.filter { collection.items[$0].record.fields[0]?.text == name }
    }

    private static func renderer(_ collection: Collection, theme: Theme = .builtin) throws -> SiteRenderer {
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"pageSize": 20, "sources": []}"#.utf8), sourceName: "c"), path: "/site/config.json")
        return try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: theme), assets: try AssetSet(theme: theme))
    }

    @Test func theGalleryPageOffersEachValueWithItsCountEscaped() throws {
        let collection = Self.apps()
        let r = try Self.renderer(collection)
        let html = r.render(r.plan().first { $0.path == "apps/index.html" }!).html
        #expect(html.contains(#"<form class="filters" hidden="hidden" autocomplete="off" aria-label="Filters" data-filters="search/filters/0.json">"#))
        #expect(!html.contains("<b>\"Rock\""))
        #expect(html.contains("&lt;/script&gt;&lt;b&gt;"))
        #expect(html.contains("(\(Self.genre(Self.hostile, in: collection).count))</option>"))
        #expect(html.contains(#"<option value="0-1">0–1 ("#) && html.contains(#"<option value="5-">5 or more ("#))
        #expect(html.contains(#"<option value="4-">4 or more ("#))
        #expect(html.contains(#"<label for="filter-price">Price</label>"#))
        #expect(html.contains(#"<button type="button" class="filters-clear">Clear filters</button>"#))
        #expect(!html.contains(#"class="browse""#) && !r.plan().contains { $0.path.contains("/by-") })
        let r2 = try Self.renderer(Collection(name: "apps", title: "apps", items: collection.items, fields: collection.fields))
        #expect(!r2.render(r2.plan().first { $0.path == "apps/index.html" }!).html.contains(#"class="filters""#))
    }

    /// `"pages": true`: each value of that filter gets gallery pages listing exactly its items, linked from
    /// the collection's pages; without it there are none (they are opt-in).
    @Test func browsePagesListEachValuesItemsOnlyWhenAsked() throws {
        let collection = Self.apps(browse: true)
        let r = try Self.renderer(collection)
        let plan = r.plan()
        let firstPages = plan.filter { $0.path.hasPrefix("apps/by-genre/") && !$0.path.contains("/page/") }
        #expect(firstPages.count == Set(collection.items.compactMap { $0.record.fields[0]?.text }).count)
        let gallery = r.render(plan.first { $0.path == "apps/index.html" }!).html
        #expect(gallery.contains(#"<details class="browse">"#) && gallery.contains("Browse by Genre"))
        let games = Self.genre("Games", in: collection)
        let pages = plan.filter { $0.path.hasPrefix("apps/by-genre/games/") }
        #expect(pages.count == (games.count + 19) / 20)
        #expect(gallery.contains(#"by-genre/games/">Games (\#(games.count))</a>"#))
        var listed: [String] = []
        for spec in pages {
            let html = r.render(spec).html
            listed += html.components(separatedBy: #"data-key=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(listed == games.map { "k\($0)" })
    }

    /// A gallery.mustache ejected before the controls were rendered once per collection (`{{> filters}}`
    /// instead of `{{{filtersHTML}}}`) still renders every gallery page the same, byte for byte.
    @Test func anOlderGalleryTemplateWithThePartialRendersTheSamePages() throws {
        let collection = Self.apps(browse: true)
        let builtin = Theme.builtin
        var replaced = false
        let older = Theme(files: builtin.files.map { file in
            guard file.path == "gallery.mustache" else { return file }
            let text = String(decoding: file.data, as: UTF8.self)
            let old = text.replacingOccurrences(of: "{{#filtersHTML}}\n{{{filtersHTML}}}\n{{/filtersHTML}}\n", with: "{{> filters}}\n")
            replaced = old != text
            var copy = file
            copy.data = Data(old.utf8)
            return copy
        })
        #expect(replaced, "gallery.mustache writes {{{filtersHTML}}}")
        let current = try Self.renderer(collection, theme: builtin)
        let ejected = try Self.renderer(collection, theme: older)
        let pages = current.plan().filter { if case .gallery = $0.kind { true } else { false } }
        #expect(pages.count == 15)
        for spec in pages {
            let html = current.render(spec).html
            #expect(html.contains(#"<details class="browse">"#) && html.contains("<option value=\"5-\">"))
            #expect(html == ejected.render(spec).html, "\(spec.path)")
        }
    }
}
