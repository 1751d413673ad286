import Foundation
import GalgenTestSupport
import Testing

/// A site of one's own: `galgen init`, `build` and `check` in a folder outside the repository, the
/// built-in theme overridden file by file, `theme eject`, and symbolic links in the site folder.
struct OwnSiteTests {
    /// The built-in theme's files (its README aside), counted in the theme folder: the figure a report and
    /// an ejected theme's build name.
    static var themeFiles: Int {
        let paths = FileManager.default.enumerator(atPath: Repository.templates)?.allObjects as? [String] ?? []
        return paths.count { $0 != "README.md" && !$0.isEmpty && FileManager.default.fileExists(atPath: Repository.templates + "/" + $0)
            && (try? FileManager.default.attributesOfItem(atPath: Repository.templates + "/" + $0)[.type] as? FileAttributeType) == .typeRegular }
    }

    /// The files of a built site (the `.galgen-output` marker included).
    func files(_ path: String) throws -> [(String, Data)] { try FixtureSite.snapshot(of: path) }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func initBuildAndCheckInAnEmptyFolder() async throws {
        let dir = try TemporaryDirectory(prefix: "galgen-own")
        defer { dir.remove() }
        let made = await run(["init", dir.path + "/mysite", "--title", "Holiday"])
        #expect(made.code == 0, "\(made.capture.err)")
        #expect(made.capture.out.contains("galgen serve"))
        let site = dir.path + "/mysite"
        let built = await run(["build", "--config", site + "/config.json", "--strict", "--report", dir.path + "/report.json"])
        #expect(built.code == 0, "\(built.capture.err)")
        #expect(built.capture.out.contains("pages 9") && built.capture.out.contains("theme: built-in"))
        let checked = await run(["check", site + "/public"])
        #expect(checked.code == 0, "\(checked.capture.err)")
        let report = try ReportJSON(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/report.json")))
        let theme = try #require(report.value("theme") as? [[String: Any]])
        #expect(theme.count == Self.themeFiles && theme.allSatisfy { $0["from"] as? String == "builtin" })
        let home = try text(site + "/public/index.html")
        #expect(home.contains("Holiday") && home.contains("Photos"))
        #expect(FileManager.default.fileExists(atPath: site + "/public/photos/dusk/index.html"))

        let again = await run(["init", site])
        #expect(again.code == 1 && again.capture.err.contains("not empty") && again.capture.err.contains("--force"))
    }

    @Test func aSiteBesideAPhotoFolderNamesItRelatively() async throws {
        let dir = try TemporaryDirectory(prefix: "galgen-own")
        defer { dir.remove() }
        try dir.write(try Data(contentsOf: URL(fileURLWithPath: Repository.root + "/Tests/Fixtures/metadata/full.jpg")),
                      to: "Pictures/trip/day 1/tower.jpg")
        let made = await run(["init", dir.path + "/mysite", "--source", "folder", "--photos", dir.path + "/Pictures/trip"])
        #expect(made.code == 0, "\(made.capture.err)")
        #expect(try text(dir.path + "/mysite/config.json").contains(#""path": "../Pictures/trip""#))
        let built = await run(["build", "--config", dir.path + "/mysite/config.json", "--strict"])
        #expect(built.code == 0, "\(built.capture.err)")
        #expect(built.capture.out.contains("folder photos: 1 photo · 0 videos · 2 albums"))
        #expect(try text(dir.path + "/mysite/public/photos/day-1/tower/index.html").contains("Eiffel Tower at noon"))
        let wrong = await run(["init", dir.path + "/other", "--photos", dir.path + "/Pictures/trip"])
        #expect(wrong.code != 0 && wrong.capture.err.contains("--photos goes with --source folder"))
    }

    @Test func anOverriddenItemTemplateChangesItemPagesOnly() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        #expect(await run(["build", "--config", site.configPath, "--output", site.directory.path + "/plain"]).code == 0)
        let item = try text(Repository.templates + "/item.mustache")
        try site.directory.write(item.replacingOccurrences(of: "</main>", with: "<p class=\"mine\">my item page</p></main>"),
                                 to: "Templates/item.mustache")
        let built = await run(["build", "--config", site.configPath, "--report", site.directory.path + "/report.json"])
        #expect(built.code == 0, "\(built.capture.err)")
        #expect(built.capture.out.contains("theme: built-in, with 1 file from the site: item.mustache"))
        #expect(try text(site.outputPath + "/things/item-1/index.html").contains("my item page"))
        let plain = Dictionary(uniqueKeysWithValues: try files(site.directory.path + "/plain"))
        for (path, data) in try files(site.outputPath) where !path.hasPrefix("things/item-") {
            #expect(plain[path] == data, "\(path) should come from the built-in theme unchanged")
        }
        let report = try ReportJSON(try Data(contentsOf: URL(fileURLWithPath: site.directory.path + "/report.json")))
        let theme = try #require(report.value("theme") as? [[String: Any]])
        let own = theme.filter { $0["from"] as? String == "site" }
        #expect(own.count == 1 && own.first?["path"] as? String == "item.mustache")
        #expect(own.first?["file"] as? String == site.directory.path + "/Templates/item.mustache")

        let verbose = await run(["build", "--config", site.configPath, "-v"])
        #expect(verbose.capture.out.contains("theme: item.mustache ← \(site.directory.path)/Templates/item.mustache"))
        #expect(verbose.capture.out.contains("theme: gallery.mustache ← built-in"))
    }

    @Test func aSiteStylesheetReplacesTheBuiltInOne() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        let css = "body { background: #102030 }\n"
        try site.directory.write(css, to: "assets/style.css")
        try site.directory.write("extra\n", to: "assets/notes.txt")
        let built = await run(["build", "--config", site.configPath])
        #expect(built.code == 0, "\(built.capture.err)")
        let published = try files(site.outputPath).filter { $0.0.hasPrefix("assets/") }
        let style = try #require(published.first { $0.0.hasPrefix("assets/style-") })
        #expect(style.1 == Data(css.utf8))
        #expect(published.contains { $0.0.hasPrefix("assets/notes-") && $0.0.hasSuffix(".txt") })
        #expect(published.contains { $0.0.hasPrefix("assets/gallery-") })
        #expect(try text(site.outputPath + "/index.html").contains(style.0))
        #expect(await run(["check", site.outputPath]).code == 0)
    }

    @Test func anUnsafeOverrideIsRefusedWithFileAndLine() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("<footer>\n<p>{{{title}}}</p></footer>\n", to: "Templates/footer.mustache")
        let built = await run(["build", "--config", site.configPath])
        #expect(built.code == 1)
        #expect(built.capture.err.contains(site.directory.path + "/Templates/footer.mustache:2:4"), "\(built.capture.err)")
        #expect(built.capture.err.contains("unescaped output"))
        #expect(!FileManager.default.fileExists(atPath: site.outputPath))
    }

    @Test func anEjectedThemeBuildsTheSameSite() async throws {
        let site = try FixtureSite(count: 4)
        defer { site.directory.remove() }
        #expect(await run(["build", "--config", site.configPath, "--output", site.directory.path + "/before"]).code == 0)
        let ejected = await run(["theme", "eject", site.directory.path + "/Templates"])
        #expect(ejected.code == 0, "\(ejected.capture.err)")
        #expect(FileManager.default.fileExists(atPath: site.directory.path + "/Templates/README.md"))
        let built = await run(["build", "--config", site.configPath])
        #expect(built.code == 0 && built.capture.out.contains("with \(Self.themeFiles) files from the site"), "\(built.capture.out)")
        let before = try files(site.directory.path + "/before")
        let after = try files(site.outputPath)
        #expect(before.map(\.0) == after.map(\.0))
        #expect(before.map(\.1) == after.map(\.1))
        let twice = await run(["theme", "eject", site.directory.path + "/Templates"])
        #expect(twice.code == 1 && twice.capture.err.contains("--force"))
    }

    @Test func symlinkedTemplatesAndImageFoldersBuild() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        let elsewhere = try TemporaryDirectory(prefix: "galgen-elsewhere")
        defer { elsewhere.remove() }
        let fm = FileManager.default
        try elsewhere.write("<footer><p>linked footer</p></footer>\n", to: "theme/footer.mustache")
        try fm.moveItem(atPath: site.directory.path + "/images", toPath: elsewhere.path + "/pictures")
        try fm.createSymbolicLink(atPath: site.directory.path + "/Templates", withDestinationPath: elsewhere.path + "/theme")
        try fm.createSymbolicLink(atPath: site.directory.path + "/images", withDestinationPath: elsewhere.path + "/pictures")
        let built = await run(["build", "--config", site.configPath, "--strict"])
        #expect(built.code == 0, "\(built.capture.err)")
        #expect(try text(site.outputPath + "/index.html").contains("linked footer"))
        #expect(try files(site.outputPath).filter { $0.0.hasPrefix("img/") }.count >= 2)

        // An image that is a link to nothing: a placeholder, and the warning names the link.
        try fm.removeItem(atPath: elsewhere.path + "/pictures/1.jpg")
        try fm.createSymbolicLink(atPath: elsewhere.path + "/pictures/1.jpg", withDestinationPath: elsewhere.path + "/lost.jpg")
        let placeholder = await run(["build", "--config", site.configPath])
        #expect(placeholder.code == 0, "\(placeholder.capture.err)")
        #expect(placeholder.capture.err.contains("images/1.jpg is a symbolic link to \(elsewhere.path)/lost.jpg"), "\(placeholder.capture.err)")

        // A link to nothing is named as such, never as a folder that "does not exist".
        try fm.removeItem(atPath: site.directory.path + "/Templates")
        try fm.createSymbolicLink(atPath: site.directory.path + "/Templates", withDestinationPath: elsewhere.path + "/gone")
        try site.writeConfig(extra: #""templates": "Templates""#)
        let broken = await run(["build", "--config", site.configPath])
        #expect(broken.code == 1)
        #expect(broken.capture.err.contains("\(site.directory.path)/Templates is a symbolic link to \(elsewhere.path)/gone"), "\(broken.capture.err)")
    }
}
