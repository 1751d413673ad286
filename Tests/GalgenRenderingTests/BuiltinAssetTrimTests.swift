import Foundation
import GalgenTestSupport
import Testing
@testable import GalgenRendering

/// The built-in theme's modules and stylesheet as galgen publishes them, trimmed: still valid, no token lost,
/// stable under a second trim. The checks of lost lines find comments without a lexer, so they do not
/// repeat the trimmer's own reading.
@Suite struct BuiltinAssetTrimTests {
    private let scripts = Theme.builtin.assets.filter { $0.path.hasSuffix(".js") }
    private let styles = Theme.builtin.assets.filter { $0.path.hasSuffix(".css") }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func everyPublishedModuleIsValidModuleSyntax() throws {
        let published = try AssetSet(theme: .builtin).assets.filter { $0.outputPath.hasSuffix(".js") }
        #expect(published.count == scripts.count && scripts.count >= 20)
        let directory = try TemporaryDirectory(prefix: "galgen-trim")
        defer { directory.remove() }
        for module in published {
            let name = String(module.outputPath.dropFirst("assets/".count).dropLast(".js".count)) + ".mjs"
            let checked = try NodeRunner.module([UInt8](module.data), named: name, in: directory, check: true)
            #expect(checked.status == 0, "node --check \(module.outputPath): \(checked.output)")
        }
    }

    @Test func trimmingTwiceGivesTheBytesOfTrimmingOnce() {
        for file in scripts {
            let once = ScriptTrimmer.trim([UInt8](file.data))
            #expect(ScriptTrimmer.trim(once) == once, "\(file.path)")
            #expect(once.count < file.data.count, "\(file.path) has comments to drop")
        }
        for file in styles {
            let once = StyleTrimmer.trim([UInt8](file.data))
            #expect(StyleTrimmer.trim(once) == once, "\(file.path)")
        }
    }

    /// The lines of `source`, trimmed, that hold neither `//` nor `/*` and do not lie inside a `/* … */`
    /// (found line by line, without a lexer: a line that opens a comment it does not close starts one, and
    /// the comment runs to the first line holding `*/`).
    static func linesWithoutComments(_ source: String) -> [String] {
        var inComment = false
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if inComment {
                inComment = !line.contains("*/")
                continue
            }
            if let open = line.range(of: "/*", options: .backwards) {
                inComment = !line[open.upperBound...].contains("*/")
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !line.contains("//") && !trimmed.isEmpty { lines.append(trimmed) }
        }
        return lines
    }

    @Test func everyLineWithoutACommentIsStillThere() {
        var checked = 0, published = 0
        for file in scripts + styles {
            let source = String(decoding: file.data, as: UTF8.self)
            let bytes = [UInt8](file.data)
            let out = text(file.path.hasSuffix(".css") ? StyleTrimmer.trim(bytes) : ScriptTrimmer.trim(bytes))
            let kept = Set(out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            let lines = Self.linesWithoutComments(source)
            let lost = lines.filter { !kept.contains($0) }
            #expect(lost.isEmpty, "\(file.path) lost \(lost.count) lines: \(lost.prefix(5))")
            checked += lines.count
            published += out.split(separator: "\n").count
        }
        // The check covers most of what is published, not a few lines.
        #expect(checked * 10 >= published * 8, "\(checked) of \(published) published lines checked")
    }

    @Test func theViewersStylesheetTemplateComesOutUnchanged() throws {
        let file = try #require(scripts.first { $0.path == "assets/viewer-css.js" })
        let source = String(decoding: file.data, as: UTF8.self)
        let open = try #require(source.firstIndex(of: "`")), close = try #require(source.lastIndex(of: "`"))
        #expect(source[open..<close].count > 1_000)
        #expect(text(ScriptTrimmer.trim([UInt8](file.data))).contains(source[open...close]))
    }

    @Test func theStylesheetLosesItsCommentsAndNothingElse() throws {
        let file = try #require(styles.first { $0.path == "assets/style.css" })
        let source = String(decoding: file.data, as: UTF8.self)
        let published = text([UInt8](try #require(AssetSet(theme: .builtin).asset(forKey: "style_css")).data))
        #expect(source.contains("/*") && !published.contains("/*"))
        // Without a lexer: the theme's stylesheet has no `/*` in a string or an address, so cutting every
        // `/* … */` and every blank must give the same characters as the published file without its blanks.
        let cut = source.replacing(/\/\*[\s\S]*?\*\//, with: "")
        #expect(cut.filter { !$0.isWhitespace } == published.filter { !$0.isWhitespace })
        #expect(!published.contains("\n\n") && !published.contains("\n ") && !published.contains(" \n"))
    }
}
