import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Testing

struct SiteRendererTests {
    private static let hostile = #"<script>alert("x")</script> O'Brien & "Sons" مرحبا 🦊"#

    private func renderer(items: Int, pageSize: Int = 4, title: String = "Item",
                          site: String = #""baseURL": "https://ex.org/""#) throws -> SiteRenderer {
        let fs = LocalFileSystem()
        let members = [#""pageSize": \#(pageSize)"#, #""eagerImages": 2"#, #""sources": []"#, site].filter { !$0.isEmpty }
        let config = try ConfigLoader(fileSystem: fs).decode(
            try JSONDocument(data: Data(("{" + members.joined(separator: ", ") + "}").utf8), sourceName: "c"),
            path: "/site/config.json")
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120),
                                         ImageVariant(path: "img/a-320.jpg", width: 320, height: 240),
                                         ImageVariant(path: "img/a-640.jpg", width: 640, height: 480)], facts: ImageFacts(width: 640, height: 480, averageColor: "#123456"))
        let collection = Collection(name: "people", title: "People", items: (0..<items).map { i in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: "\(title) \(i)", subtitle: i == 0 ? Self.hostile : nil,
                                link: i == 0 ? "https://example.com/?a=1&b=2" : nil, origin: "t"),
                 image: i == 1 ? nil : image)
        })
        return try SiteRenderer(config: config, collections: [collection],
                                templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
    }

    private func page(_ r: SiteRenderer, _ path: String) -> String {
        r.render(r.plan().first { $0.path == path }!).html
    }

    @Test func plansHomeGalleryPagesAndItems() throws {
        let paths = try renderer(items: 9).plan().map(\.path)
        #expect(paths.contains("index.html"))
        #expect(paths.contains("people/index.html") && paths.contains("people/page/2/index.html") && paths.contains("people/page/3/index.html"))
        #expect(!paths.contains("people/page/4/index.html") && !paths.contains("people/page/1/index.html"))
        #expect(paths.filter { $0.hasPrefix("people/id") }.count == 9)
        #expect(paths == paths.sorted())
    }

    @Test func emptyCollectionStillHasItsPage() throws {
        let r = try renderer(items: 0)
        #expect(r.plan().map(\.path) == ["404.html", "index.html", "people/index.html"])
        #expect(page(r, "people/index.html").contains("This collection has no items."))
    }

    @Test func galleryListCarriesWhatTheRuntimeNeeds() throws {
        let r = try renderer(items: 9)
        let manifest = try #require(r.data.manifests[0])
        let second = page(r, "people/page/2/index.html")
        #expect(second.contains(#"data-manifest="../../../\#(manifest)" data-root="../../../" data-first="4" data-count="9""#))
        #expect(second.contains(#"<li class="cell" id="item-id4" data-key="id4" data-index="4" aria-setsize="9" aria-posinset="5">"#))
        #expect(second.contains(#"<script type="module" src="../../../assets/gallery-"#))
        // every module gallery.js imports statically is preloaded, and nothing else
        let gallery = try #require(try AssetSet(theme: .builtin).asset(forKey: "gallery_js"))
        let preloads = second.split(separator: "\n").filter { $0.hasPrefix(#"<link rel="modulepreload""#) }
            .map { $0.replacingOccurrences(of: #"<link rel="modulepreload" href="../../../"#, with: "").replacingOccurrences(of: #"" />"#, with: "") }
        #expect(preloads.sorted() == gallery.staticImports)
        #expect(second.contains(#"<search class="find" hidden="hidden">"#))
        #expect(page(r, "people/index.html").contains(#"data-manifest="../\#(manifest)" data-root="../" data-first="0""#))
        let empty = page(try renderer(items: 0), "people/index.html")
        #expect(!empty.contains("<script") && !empty.contains("data-manifest"))
    }

    @Test func galleryMarkupIsLazyWithDimensionsAndPriority() throws {
        let html = page(try renderer(items: 4), "people/index.html")
        let imgs = html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(imgs.count == 4)
        #expect(imgs[0].contains(#"fetchpriority="high""#) && !imgs[0].contains("loading="))
        #expect(!imgs[1].contains("fetchpriority") && !imgs[1].contains("loading="))
        #expect(imgs[2].contains(#"loading="lazy""#) && imgs[3].contains(#"loading="lazy""#))
        for img in imgs {
            #expect(img.contains("width=\"") && img.contains("height=\"") && img.contains("decoding=\"async\""))
            #expect(img.contains(#"alt="""#))  // decorative: the cell's link text is the title
        }
        #expect(imgs[0].contains(#"src="../img/a-320.jpg""#))
        #expect(imgs[0].contains(#"srcset="../img/a-160.jpg 160w, ../img/a-320.jpg 320w, ../img/a-640.jpg 640w""#))
        #expect(imgs[1].contains("placeholder-") && imgs[1].contains(#"width="400""#))
        #expect(html.contains(#"style="background-color: #123456""#))
    }

    @Test func pagerAndRelLinks() throws {
        let r = try renderer(items: 9)
        let second = page(r, "people/page/2/index.html")
        #expect(second.contains(#"<link rel="prev" href="../../../people/" />"#))
        #expect(second.contains(#"<link rel="next" href="../../../people/page/3/" />"#))
        #expect(second.contains(#"<span aria-current="page">2</span>"#))
        #expect(second.contains(#"<link rel="canonical" href="https://ex.org/people/page/2/" />"#))
        #expect(!page(r, "people/index.html").contains(#"rel="prev""#))
        #expect(!page(r, "people/page/3/index.html").contains(#"<link rel="next""#))
    }

    @Test func openGraphTagsAreAbsoluteWithABaseURL() throws {
        let r = try renderer(items: 3, pageSize: 1, title: #"Ann "A" & <B>"#, site: #""baseURL": "https://ex.org/g/", "title": "Site & Co", "description": "About""#)
        let item = page(r, "people/id0/index.html")
        let tags = item.split(separator: "\n").filter { $0.hasPrefix("<meta property=\"og:") }
        #expect(tags == [
            #"<meta property="og:type" content="website" />"#,
            #"<meta property="og:site_name" content="Site &amp; Co" />"#,
            #"<meta property="og:title" content="Ann &quot;A&quot; &amp; &lt;B&gt; 0" />"#,
            #"<meta property="og:description" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; &quot;Sons&quot; مرحبا 🦊" />"#,
            #"<meta property="og:url" content="https://ex.org/g/people/id0/" />"#,
            #"<meta property="og:image" content="https://ex.org/g/img/a-320.jpg" />"#,
            #"<meta property="og:image:width" content="320" />"#,
            #"<meta property="og:image:height" content="240" />"#,
            #"<meta property="og:image:alt" content="Ann &quot;A&quot; &amp; &lt;B&gt; 0" />"#,
        ])
        #expect(item.contains(#"<link rel="canonical" href="https://ex.org/g/people/id0/" />"#))
        // An item without an image has no og:image; without a subtitle, the site's description.
        let bare = page(r, "people/id1/index.html")
        #expect(!bare.contains("og:image") && bare.contains(#"<meta property="og:description" content="About" />"#))
        // Gallery pages show their first image; the home page the first cover.
        #expect(page(r, "people/index.html").contains(#"<meta property="og:image" content="https://ex.org/g/img/a-320.jpg" />"#))
        #expect(page(r, "people/index.html").contains(#"<meta property="og:url" content="https://ex.org/g/people/" />"#))
        #expect(!page(r, "people/page/2/index.html").contains("og:image"))
        #expect(page(r, "people/page/3/index.html").contains(#"<meta property="og:title" content="People – page 3 of 3" />"#))
        #expect(page(r, "index.html").contains(#"<meta property="og:image" content="https://ex.org/g/img/a-320.jpg" />"#))
        #expect(page(r, "index.html").contains(#"<meta property="og:url" content="https://ex.org/g/" />"#))
    }

    @Test func withoutABaseURLOpenGraphHasNoURLs() throws {
        let r = try renderer(items: 2, site: "")
        for path in ["index.html", "people/index.html", "people/id0/index.html"] {
            let html = page(r, path)
            #expect(html.contains(#"<meta property="og:title" content="#) && html.contains(#"<meta property="og:type" content="website" />"#))
            #expect(!html.contains("og:url") && !html.contains("og:image") && !html.contains("canonical") && !html.contains("https://ex.org"), "\(path)")
        }
    }

    @Test func recordTextIsEscapedEverywhere() throws {
        let r = try renderer(items: 2)
        for path in ["people/index.html", "people/id0/index.html", "people/id1/index.html"] {
            let html = page(r, path)
            #expect(!html.contains("<script>"), "\(path)")
            #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; &quot;Sons&quot; مرحبا 🦊") || path == "people/id1/index.html")
        }
        #expect(page(r, "people/id0/index.html").contains(#"href="https://example.com/?a=1&amp;b=2""#))
    }

    @Test func templatesMayNotBypassEscaping() throws {
        for tag in ["{{{title}}}", "{{& title}}", "{{ &title}}", "{{=<% %>=}}"] {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("<p>\(tag)</p>\n", to: "T/footer.mustache")
            #expect {
                _ = try TemplateSet(theme: try Theme.load(templates: .init(directory: dir.path + "/T", required: true, key: "templates"),
                                                          assets: nil, fileSystem: LocalFileSystem()))
            } throws: { error in
                (error as? RenderingError)?.code == .unsafeTemplate && (error as? RenderingError)?.location == dir.path + "/T/footer.mustache:1:4"
            }
        }
    }

    @Test func brokenOverridesAndMissingFoldersAreNamed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fs = LocalFileSystem()
        try dir.write("{{#items}}\n<p>{{/item}}", to: "T/item.mustache")
        let layer = Theme.Layer(directory: dir.path + "/T", required: true, key: "templates")
        #expect { _ = try TemplateSet(theme: try Theme.load(templates: layer, assets: nil, fileSystem: fs)) } throws: { error in
            (error as? RenderingError)?.code == .templateSyntax && (error as? RenderingError)?.location.hasPrefix(dir.path + "/T/item.mustache:") == true
        }
        // A folder the config names must exist; the default one may be absent.
        let missing = Theme.Layer(directory: dir.path + "/nothing", required: true, key: "templates")
        #expect { _ = try Theme.load(templates: missing, assets: nil, fileSystem: fs) } throws: { error in
            let e = error as? RenderingError
            return e?.code == .templatesNotFound && e?.message.contains("\"templates\"") == true && e?.message.contains("does not exist") == true
        }
        let optional = Theme.Layer(directory: dir.path + "/nothing", required: false, key: "templates")
        #expect(try Theme.load(templates: optional, assets: nil, fileSystem: fs).files.map(\.path) == Theme.builtin.files.map(\.path))
    }

    @Test func siteFilesOverrideTheBuiltInThemeFileByFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("<footer><p>mine</p></footer>\n", to: "T/footer.mustache")
        try dir.write("{{> footer}}\n", to: "T/extra.mustache")
        try dir.write("notes\n", to: "T/README.md")  // not part of the theme
        try dir.write("body { color: red }\n", to: "T/assets/style.css")
        try dir.write("body { color: blue }\n", to: "A/style.css")  // the site's assets folder wins over the templates' one
        try dir.write("hello\n", to: "A/fonts/x.woff2")
        try dir.write("hidden\n", to: "A/.DS_Store")
        let theme = try Theme.load(templates: .init(directory: dir.path + "/T", required: true, key: "templates"),
                                   assets: .init(directory: dir.path + "/A", required: true, key: "assets"), fileSystem: LocalFileSystem())
        let origins = Dictionary(uniqueKeysWithValues: theme.files.map { ($0.path, $0.origin) })
        #expect(origins["footer.mustache"] == .site(dir.path + "/T/footer.mustache"))
        #expect(origins["extra.mustache"] == .site(dir.path + "/T/extra.mustache"))
        #expect(origins["assets/style.css"] == .site(dir.path + "/A/style.css"))
        #expect(origins["assets/fonts/x.woff2"] == .site(dir.path + "/A/fonts/x.woff2"))
        #expect(origins["item.mustache"] == .builtin && origins["assets/gallery.js"] == .builtin)
        #expect(origins["README.md"] == nil && origins["assets/.DS_Store"] == nil)
        #expect(theme.files.map(\.path) == theme.files.map(\.path).sorted())
        let templates = try TemplateSet(theme: theme)
        #expect(templates.names.contains("extra") && templates.names.contains("index"))
        let assets = try AssetSet(theme: theme)
        #expect(assets.path(forKey: "fonts_x_woff2")?.hasPrefix("assets/fonts/x-") == true)
        #expect(assets.assets.first { $0.key == "style_css" }?.data == Data("body { color: blue }\n".utf8))
    }

    @Test func assetsGetContentHashedNames() throws {
        let assets = try AssetSet(theme: .builtin)
        let css = try #require(assets.path(forKey: "style_css"))
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.templates + "/assets/style.css"))
        // the hash of the bytes published: the stylesheet without its comments (StyleTrimmerTests)
        let published = try #require(assets.asset(forKey: "style_css")).data
        #expect(published.count < data.count)
        #expect(css == "assets/style-\(ContentHash.sha256Hex(published).prefix(10)).css")
    }
}
