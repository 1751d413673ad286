import Foundation
import Testing
@testable import GalgenRendering

@Suite struct AssetModuleTests {
    private func theme(_ files: [String: String], origin: Theme.Origin = .site("/t")) -> Theme {
        Theme(files: files.map { Theme.File(path: "assets/" + $0.key, data: Data($0.value.utf8), origin: origin) })
    }

    @Test func importsAreRewrittenToHashedNamesAndHashesCoverImports() throws {
        let base = ["a.js": "import { b } from './b.js';\nexport const a = b + 1;\n",
                    "b.js": "export { c as b } from './lib/c.js';\n",
                    "lib/c.js": "export const c = 1;\nexport const later = () => import('../d.js');\n",
                    "d.js": "export default 4;\n"]
        let one = try AssetSet(theme: theme(base))
        let a = try #require(one.asset(forKey: "a_js")), b = try #require(one.asset(forKey: "b_js"))
        let c = try #require(one.asset(forKey: "lib_c_js")), d = try #require(one.asset(forKey: "d_js"))
        let text = String(decoding: a.data, as: UTF8.self)
        #expect(text.contains("from './\(b.outputPath.dropFirst("assets/".count))'"))
        #expect(String(decoding: b.data, as: UTF8.self).contains("from './lib/\(c.outputPath.split(separator: "/").last!)'"))
        #expect(String(decoding: c.data, as: UTF8.self).contains("import('../\(d.outputPath.split(separator: "/").last!)')"))
        // static imports, transitively; the dynamic one is not preloaded
        #expect(a.staticImports == [b.outputPath, c.outputPath].sorted())
        #expect(c.staticImports.isEmpty)
        // a change deep down renames every module that reaches it
        var changed = base
        changed["lib/c.js"] = "export const c = 2;\nexport const later = () => import('../d.js');\n"
        let two = try AssetSet(theme: theme(changed))
        #expect(two.path(forKey: "a_js") != a.outputPath && two.path(forKey: "b_js") != b.outputPath)
        #expect(two.path(forKey: "d_js") == d.outputPath)
    }

    @Test func specifiersInCommentsStringsAndPropertiesAreLeftAlone() throws {
        let source = "// import x from './missing.js'\n/* from './gone.js' */\nconst s = \"from './nope.js'\";\n"
            + "obj.from('./x.js'); const t = `import('./y.js')`;\nconst q = /'/;\nimport './side.js';\n"
        let set = try AssetSet(theme: theme(["m.js": source, "side.js": "window.side = 1;\n"]))
        let m = try #require(set.asset(forKey: "m_js"))
        let side = try #require(set.path(forKey: "side_js"))
        let text = String(decoding: m.data, as: UTF8.self)
        #expect(text.contains("import './\(side.dropFirst("assets/".count))';"))
        // the commented-out import is neither an error nor kept (comments are trimmed); strings and properties stay
        #expect(!text.contains("missing.js") && text.contains("'./nope.js'") && text.contains("obj.from('./x.js')"))
    }

    @Test func aMissingImportOrACycleIsAClearError() {
        #expect {
            _ = try AssetSet(theme: theme(["a.js": "import { x } from './nothere.js';\n"]))
        } throws: { error in
            "\(error)".contains("'./nothere.js'") && "\(error)".contains("not a file of the theme's assets/")
        }
        #expect {
            _ = try AssetSet(theme: theme(["a.js": "import './b.js';\n", "b.js": "import './a.js';\n"]))
        } throws: { error in
            "\(error)".contains("cycle") && "\(error)".contains("a.js → b.js → a.js")
        }
    }

    @Test func trimmingDropsCommentsAndIndentationButNoToken() {
        let source = """
        /* header
           comment */
        const re = /\\/\\/not-a-comment[/*]/g; // trailing
        const half = a / b / c; // division
          const s = '// kept', d = "/* kept */";
        const t = `line one
            // kept in a template ${ x /* gone */ + `${'}'}` } end`;
        if (x) { return /'/.test(y) } // a regex with a quote
        // whole line

        export { re };
        """
        let trimmed = String(decoding: ScriptTrimmer.trim(Array(source.utf8)), as: UTF8.self)
        #expect(trimmed == """
        const re = /\\/\\/not-a-comment[/*]/g;
        const half = a / b / c;
        const s = '// kept', d = "/* kept */";
        const t = `line one
            // kept in a template ${ x + `${'}'}` } end`;
        if (x) { return /'/.test(y) }
        export { re };
        """)
    }

    @Test func modulesAndStylesheetsArePublishedTrimmedTheBuiltinOnesAndASitesAlike() throws {
        let builtin = try AssetSet(theme: .builtin)
        let gallery = try #require(builtin.asset(forKey: "gallery_js"))
        let text = String(decoding: gallery.data, as: UTF8.self)
        #expect(!text.contains("/*") && !text.contains("\n  "))
        #expect(gallery.staticImports.contains { $0.hasPrefix("assets/geometry-") })
        #expect(!gallery.staticImports.contains { $0.contains("search-core") })
        let site = try AssetSet(theme: theme(["x.js": "/* mine */\nexport const x = 1;\n",
                                              "y.css": "/* mine */\nb {\n  c: d; /* too */\n}\n", "z.txt": "/* kept */\n"]))
        #expect(site.asset(forKey: "x_js")?.data == Data("export const x = 1;\n".utf8))
        #expect(site.asset(forKey: "y_css")?.data == Data("b {\nc: d;\n}\n".utf8))
        #expect(site.asset(forKey: "z_txt")?.data == Data("/* kept */\n".utf8))
        let style = try #require(builtin.asset(forKey: "style_css"))
        #expect(!String(decoding: style.data, as: UTF8.self).contains("/*"))
    }
}
