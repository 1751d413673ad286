import Foundation
@testable import GalgenBuild
import GalgenCore
import GalgenImaging
@testable import GalgenOutput
import GalgenTestSupport
import Testing

/// Rebuilds do only the work of what changed (page keys, the spare folder, the manifest in the
/// cache), and whatever changed, the result equals a clean build of the same inputs byte for byte,
/// folders and removed files included.
@Suite(.serialized)
struct IncrementalBuildTests {
    /// Every file and folder below `path` (folders end in `/`) with the files' bytes.
    static func tree(_ path: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let root = URL(fileURLWithPath: path)
        let e = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]))
        for case let url as URL in e {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
                result[relative + "/"] = Data()
            } else {
                result[relative] = try Data(contentsOf: url)
            }
        }
        return result
    }

    /// Inode and modification time of every file below `path`.
    static func stamps(_ path: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for (relative, _) in try tree(path) where !relative.hasSuffix("/") {
            var st = stat()
            #expect(lstat(path + "/" + relative, &st) == 0)
            result[relative] = "\(st.st_ino) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
        return result
    }

    /// Builds `site` into its output folder (incrementally, in `session` when given), then into a
    /// new folder from nothing, and expects the two trees to be the same; returns the incremental
    /// build's report. After a build in a session, a build that stands alone must find nothing to
    /// do: the keys the session reused are the keys it computes.
    @discardableResult
    static func buildAndCompare(_ site: FixtureSite, _ step: String, fresh: inout Int, jobs: Int = 2,
                                session: BuildSession? = nil) async throws -> BuildReport {
        let report = try await build(site, jobs: jobs, session: session)
        if session != nil {
            let alone = try await build(site, jobs: jobs)
            #expect(alone.output?.rendered == 0 && alone.output?.removed == 0, "\(step): \(String(describing: alone.output))")
        }
        fresh += 1
        let reference = site.directory.path + "/fresh-\(fresh)"
        let clean = try await build(site, output: reference, jobs: jobs)
        #expect(clean.output?.full == true)
        let a = try tree(site.outputPath), b = try tree(reference)
        #expect(a.keys.sorted() == b.keys.sorted(), "\(step): different files or folders")
        #expect(a.keys.filter { a[$0] != b[$0] }.sorted() == [], "\(step): different bytes")
        try FileManager.default.removeItem(atPath: reference)
        return report
    }

    /// Also as `galgen serve` builds: one ``BuildSession`` for the whole sequence.
    @Test(arguments: [false, true]) func randomEditSequencesEqualCleanBuilds(inSession: Bool) async throws {
        for seed: UInt64 in [1, 2, 3] {
            let session = inSession ? BuildSession() : nil
            var random = SeededRandom(seed: seed)
            let site = try FixtureSite(count: 0, config: #""pageSize": 2"#)
            defer { site.directory.remove() }
            // Records: ids stay unique; images are a few painted JPEGs shared by records.
            var records: [(id: String, title: String, image: Int)] = (0..<7).map { ("r\($0)", "Record \($0)", $0 % 4) }
            var nextID = 7
            for i in 0..<4 { try paint(site, image: i, hue: i * 40) }
            func writeRecords() throws {
                try site.writeRecords("[" + records.map { #"{"id": "\#($0.id)", "title": "\#($0.title)", "image": "images/\#($0.image).jpg"}"# }
                    .joined(separator: ",\n") + "]")
            }
            var pageSize = 2
            var extra: [String] = []
            func writeConfig() throws { try site.writeConfig(extra: (["\"pageSize\": \(pageSize)"] + extra).joined(separator: ", ")) }
            try writeRecords()
            var fresh = 0
            try await Self.buildAndCompare(site, "seed \(seed): first build", fresh: &fresh, session: session)
            var done: [String] = []
            for _ in 0..<14 {
                let edit = random.below(12)
                var step = ""
                switch edit {
                case 0 where !records.isEmpty:
                    let i = random.below(records.count)
                    records[i].title += " edited"
                    step = "title of \(records[i].id)"
                case 1:
                    records.insert((id: "r\(nextID)", title: "New \(nextID)", image: random.below(4)), at: random.below(records.count + 1))
                    step = "added r\(nextID)"
                    nextID += 1
                case 2 where records.count > 1:
                    let removed = records.remove(at: random.below(records.count))
                    step = "removed \(removed.id)"
                case 3 where records.count > 2:
                    let i = random.below(records.count), j = random.below(records.count)
                    records.swapAt(i, j)
                    step = "swapped \(i) and \(j)"
                case 4:
                    pageSize = 1 + random.below(4)
                    step = "pageSize \(pageSize)"
                case 5:
                    let text = random.below(3) == 0 ? nil : "<footer><p>footer \(random.below(1000))</p></footer>\n"
                    if let text { try site.directory.write(text, to: "Templates/footer.mustache") } else {
                        try? FileManager.default.removeItem(atPath: site.directory.path + "/Templates/footer.mustache")
                    }
                    step = "footer template"
                case 6:
                    try site.directory.write("body { color: #\(100 + random.below(800)); }\n", to: "assets/style.css")
                    step = "stylesheet"
                case 7:
                    extra = random.below(2) == 0 ? [] : [#""baseURL": "https://example.org/g\#(random.below(9))/""#]
                    step = "baseURL"
                case 8:
                    let image = random.below(4)
                    try paint(site, image: image, hue: random.below(360))
                    step = "image \(image) replaced"
                case 9:
                    try site.directory.write("{{#broken}}\n", to: "Templates/header.mustache")
                    await #expect(throws: BuildError.self) { _ = try await build(site, session: session) }
                    try FileManager.default.removeItem(atPath: site.directory.path + "/Templates/header.mustache")
                    step = "after a failed build"
                case 10:
                    let item = try String(contentsOfFile: Repository.templates + "/item.mustache", encoding: .utf8)
                    try site.directory.write(item.replacingOccurrences(of: "</main>", with: "<p>v\(random.below(99))</p></main>"),
                                             to: "Templates/item.mustache")
                    step = "item template"
                default:
                    step = "nothing changed"
                }
                try writeRecords()
                try writeConfig()
                done.append(step)
                let report = try await Self.buildAndCompare(site, "seed \(seed) after \(done)", fresh: &fresh, session: session)
                #expect(report.output?.full == false, "seed \(seed) after \(done): \(report.output?.reason ?? "")")
            }
        }
    }

    /// `galgen serve` trusts what its session left only while nobody else built the folder.
    @Test func aSessionNoticesBuildsByOthersBetweenItsOwn() async throws {
        let site = try FixtureSite(count: 6, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        let session = BuildSession()
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh, session: session)
        for step in 0..<3 {
            try site.directory.write("body { color: #\(100 + step); }\n", to: "assets/style.css")
            try await Self.buildAndCompare(site, "another process, \(step)", fresh: &fresh)
            let records = try String(contentsOfFile: site.directory.path + "/records.json", encoding: .utf8)
            try site.writeRecords(records.replacingOccurrences(of: "\"Item \(step)\"", with: "\"Item \(step) edited\""))
            let report = try await Self.buildAndCompare(site, "the session, \(step)", fresh: &fresh, session: session)
            #expect(report.output?.full == false)
            // The item's page, its neighbours', its gallery page, and for the first item the home and 404 pages' cover.
            #expect((3...5).contains(report.steps.first { $0.name == "pages" }?.rendered ?? 0))
        }
    }

    @Test func aRebuildWithNothingChangedTouchesNothing() async throws {
        let site = try FixtureSite(count: 6, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        let first = try await build(site)
        #expect(first.output == BuildReport.OutputCounts(full: true, reason: "first build", rendered: first.output?.rendered ?? -1, unchanged: 0, removed: 0,
                                                         keys: "computed: first build"))
        let before = try Self.stamps(site.outputPath)
        let report = try await build(site)
        #expect(try Self.stamps(site.outputPath) == before)
        #expect(report.output == BuildReport.OutputCounts(full: false, reason: nil, rendered: 0, unchanged: before.count, removed: 0,
                                                          keys: SiteInputsTests.proven))
        let pages = try #require(report.steps.first { $0.name == "pages" })
        #expect(pages.rendered == 0 && pages.unchanged == report.pages && pages.removed == 0)
    }

    @Test func aChangedRecordRendersThePagesThatShowIt() async throws {
        let site = try FixtureSite(count: 9, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let before = try Self.tree(site.outputPath)
        let records = try String(contentsOfFile: site.directory.path + "/records.json", encoding: .utf8)
        try site.writeRecords(records.replacingOccurrences(of: "\"Item 4\"", with: "\"Item four\""))
        let report = try await Self.buildAndCompare(site, "one title", fresh: &fresh)
        let after = try Self.tree(site.outputPath)
        let changedPages = after.keys.filter { $0.hasSuffix(".html") && before[$0] != after[$0] }
        let pages = try #require(report.steps.first { $0.name == "pages" })
        // The item's page, its neighbours' (their links name it) and the gallery page that shows it:
        // each rendered page changed, nothing else was rendered.
        #expect(changedPages.sorted() == ["things/item-3/index.html", "things/item-4/index.html", "things/item-5/index.html",
                                          "things/page/3/index.html"])
        #expect(pages.rendered == changedPages.count, "\(changedPages.sorted())")
        #expect(pages.unchanged == report.pages - changedPages.count)
        // Only the keys of those pages (and of the home and 404 pages) were computed: the others came from
        // the last build's memo, kept beside the published folder's manifest.
        let kept = try #require(report.output?.keptPageKeys)
        #expect(kept >= report.pages - changedPages.count - 2 && kept <= report.pages - changedPages.count)
        // A damaged memo is not read: every key is computed, and the site is the same.
        let outputs = site.cachePath + "/outputs"
        let memos = try FileManager.default.contentsOfDirectory(atPath: outputs).filter { $0.hasSuffix(".render") }
        #expect(!memos.isEmpty)
        for name in memos { try Data("galgen-render-memo 2\ndamaged".utf8).write(to: URL(fileURLWithPath: outputs + "/" + name)) }
        try site.writeRecords(records.replacingOccurrences(of: "\"Item 6\"", with: "\"Item six\""))
        let again = try await Self.buildAndCompare(site, "after a damaged memo", fresh: &fresh)
        #expect(again.output?.keptPageKeys == nil && again.output?.full == false)
    }

    @Test func aChangedTitleInACollectionWithFiltersRendersOnlyThePagesThatShowIt() async throws {
        let site = try FixtureSite(count: 9, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        let records = (0..<9).map { #"{"id": "item-\#($0)", "title": "Item \#($0)", "image": "images/\#($0).jpg", "genre": "g\#($0 % 3)"}"# }
        try site.writeRecords("[\n" + records.joined(separator: ",\n") + "\n]")
        try site.writeConfig(sources: #"[{"name": "things", "type": "json", "path": "records.json", "#
            + #""fields": {"id": "id", "title": "title", "image": "image", "extra": {"genre": "genre"}}, "filters": [{"field": "genre", "cards": true}]}]"#,
                             extra: #""pageSize": 2"#)
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let before = try Self.tree(site.outputPath)
        try site.writeRecords("[\n" + records.joined(separator: ",\n").replacingOccurrences(of: "\"Item 4\"", with: "\"Item four\"") + "\n]")
        let report = try await Self.buildAndCompare(site, "one title", fresh: &fresh)
        let after = try Self.tree(site.outputPath)
        // Every gallery page names the filters' manifest, whose cards changed: by a name of its own, not by its hash.
        let changedPages = after.keys.filter { $0.hasSuffix(".html") && before[$0] != after[$0] }
        #expect(changedPages.sorted() == ["things/item-3/index.html", "things/item-4/index.html", "things/item-5/index.html",
                                          "things/page/3/index.html"])
        #expect(report.steps.first { $0.name == "pages" }?.rendered == changedPages.count)
        #expect(before["search/filters/0.json"] != nil && before["search/filters/0.json"] != after["search/filters/0.json"])
    }

    @Test func anItemTemplateEditRendersItemPagesOnly() async throws {
        let site = try FixtureSite(count: 5, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        let item = try String(contentsOfFile: Repository.templates + "/item.mustache", encoding: .utf8)
        try site.directory.write(item.replacingOccurrences(of: "</main>", with: "<p>new</p></main>"), to: "Templates/item.mustache")
        let report = try await Self.buildAndCompare(site, "item.mustache", fresh: &fresh)
        let pages = try #require(report.steps.first { $0.name == "pages" })
        #expect(pages.rendered == 5)
        #expect(report.output?.rendered == 5)
    }

    @Test func aDamagedOrForeignRecordMeansAFullBuildSaidSo() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        func record() throws -> String {
            OutputManifest.path(cache: site.cachePath, output: site.outputPath, identity: try #require(LocalFileSystem().identity(at: site.outputPath)))
        }
        var manifest = try record()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: manifest))
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: manifest))
        var report = try await Self.buildAndCompare(site, "damaged", fresh: &fresh)
        #expect(report.output?.full == true)
        #expect(report.output?.reason?.contains("damaged") == true, "\(report.output?.reason ?? "")")
        #expect(report.output?.unchanged == 0)

        // Written by another galgen version: its keys are not compared.
        manifest = try record()
        var loaded = try OutputManifest.decode(try Data(contentsOf: URL(fileURLWithPath: manifest)), version: GalgenVersion.current)
        loaded.version = "0.0.1"
        try OutputManifest.encode(version: loaded.version, identity: loaded.tree.identity,
                                  files: loaded.tree.files)
            .write(to: URL(fileURLWithPath: manifest))
        report = try await Self.buildAndCompare(site, "other version", fresh: &fresh)
        #expect(report.output?.reason?.contains("0.0.1") == true, "\(report.output?.reason ?? "")")

        try FileManager.default.removeItem(atPath: try record())
        report = try await Self.buildAndCompare(site, "no manifest", fresh: &fresh)
        #expect(report.output?.full == true)
        #expect(report.output?.reason?.hasPrefix("no record of the output folder's files") == true)

        // An output folder that is not the one recorded (replaced by hand with a copy).
        let copy = site.directory.path + "/copy"
        try FileManager.default.copyItem(atPath: site.outputPath, toPath: copy)
        try FileManager.default.removeItem(atPath: site.outputPath)
        try FileManager.default.moveItem(atPath: copy, toPath: site.outputPath)
        report = try await Self.buildAndCompare(site, "copied output", fresh: &fresh)
        #expect(report.output?.reason?.hasPrefix("no record of the output folder's files") == true)
        report = try await Self.buildAndCompare(site, "after it", fresh: &fresh)
        #expect(report.output?.full == false && report.output?.rendered == 0)
    }

    @Test func aLostOrEditedSpareIsNeverTrusted() async throws {
        let site = try FixtureSite(count: 4, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        try site.directory.write("body { color: red; }\n", to: "assets/style.css")
        try await Self.buildAndCompare(site, "first change (no spare yet: a fresh folder)", fresh: &fresh)
        let spare = site.directory.path + "/.public.spare"
        #expect(FileManager.default.fileExists(atPath: spare))
        // The spare is replaced by an empty folder (another identity): it must not be trusted.
        try FileManager.default.removeItem(atPath: spare)
        try FileManager.default.createDirectory(atPath: spare, withIntermediateDirectories: false)
        try site.directory.write("body { color: blue; }\n", to: "assets/style.css")
        var report = try await Self.buildAndCompare(site, "spare replaced", fresh: &fresh)
        #expect(report.output?.full == false)
        try site.directory.write("body { color: green; }\n", to: "assets/style.css")
        report = try await Self.buildAndCompare(site, "spare used", fresh: &fresh)
        #expect(report.output?.full == false)
        #expect(!siblings(of: site.outputPath).contains { $0.contains(".staging-") || $0.contains(".old-") })
    }

    @Test func filesChangedOrRemovedByHandAreMadeAgain() async throws {
        let site = try FixtureSite(count: 4, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var fresh = 0
        try await Self.buildAndCompare(site, "first", fresh: &fresh)
        try site.directory.write("body { color: red; }\n", to: "assets/style.css")
        try await Self.buildAndCompare(site, "a spare exists from here", fresh: &fresh)
        // Edited in place (the spare shares the file), truncated, removed, and an image removed.
        let output = site.outputPath
        let gallery = try FileHandle(forWritingTo: URL(fileURLWithPath: output + "/things/index.html"))
        try gallery.write(contentsOf: Data("<!-- hand edit -->".utf8))
        try gallery.close()
        try Data().write(to: URL(fileURLWithPath: output + "/things/item-1/index.html"))
        try FileManager.default.removeItem(atPath: output + "/things/item-2/index.html")
        let image = try #require(try FileManager.default.contentsOfDirectory(atPath: output + "/img").sorted().first)
        try FileManager.default.removeItem(atPath: output + "/img/" + image)
        let report = try await Self.buildAndCompare(site, "after hand edits", fresh: &fresh)
        #expect(report.output?.full == false)
        #expect(report.output?.rendered == 4, "\(String(describing: report.output))")
        let again = try await Self.buildAndCompare(site, "nothing changed", fresh: &fresh)
        #expect(again.output?.rendered == 0)
    }

    private func paint(_ site: FixtureSite, image: Int, hue: Int) throws {
        let picture = Painter.portrait(width: 240, height: 180, hue: hue, shade: 0.4)
        try site.directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/\(image).jpg")
    }
}
