import Foundation
import GalgenConfig
import GalgenCore
import GalgenImaging
import GalgenScaffold
import GalgenTestSupport
import Testing

struct ScaffoldTests {
    let fs = LocalFileSystem()

    @Test(arguments: SiteScaffolder.Source.allCases)
    func everySourceMakesAValidConfig(source: SiteScaffolder.Source) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let site = dir.path + "/new/site"
        let written = try SiteScaffolder(fileSystem: fs).scaffold(in: site, options: .init(source: source, title: "Ann's \"photos\" <3"))
        #expect(written.contains("config.json") && written.contains(".gitignore"))
        let config = try ConfigLoader(fileSystem: fs).load(path: site + "/config.json")
        #expect(config.title == "Ann's \"photos\" <3")
        #expect(config.sources.count == 1 && config.sources[0].kind.rawValue == source.rawValue)
        #expect(!config.templatesNamed)
        let ignore = String(decoding: try fs.readFile(at: site + "/.gitignore"), as: UTF8.self)
        #expect(ignore.contains("/public/") && ignore.contains("/.galgen/"))
        #expect(written.contains("records.json") == (source == .json))
        #expect(fs.kind(at: site + "/.github") == nil)
    }

    @Test func theJSONSiteHasRecordsAndRealPictures() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let written = try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .json))
        let pictures = written.filter { $0.hasPrefix("images/") }
        #expect(pictures.count == 6)
        var sizes = Set<Int>()
        for picture in pictures {
            let data = try fs.readFile(at: dir.path + "/" + picture)
            let info = try JPEGCodec.info(data)
            #expect(info.width == 960 && info.height == 640)
            sizes.insert(data.count)
        }
        #expect(sizes.count == 6)  // six different pictures
        let records = try #require(try JSONSerialization.jsonObject(with: try fs.readFile(at: dir.path + "/records.json")) as? [[String: String]])
        #expect(Set(records.compactMap { $0["image"] }) == Set(pictures))
    }

    @Test func aFolderThatIsNotEmptyIsRefusedUnlessForced() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("mine\n", to: "notes.txt")
        #expect(throws: ScaffoldError.self) { try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init()) }
        #expect(!dir.exists("config.json"))
        do {
            try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init())
        } catch {
            #expect(error.code == .wouldOverwrite)
            #expect(error.description.contains("notes.txt") && error.description.contains("--force"))
        }
        try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(force: true))
        #expect(dir.exists("config.json"))
        #expect(String(decoding: try dir.read("notes.txt"), as: UTF8.self) == "mine\n")
    }

    @Test func aGitFolderAloneCountsAsEmpty() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("[core]\n", to: ".git/config")
        try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .randomuser))
        #expect(dir.exists("config.json"))
    }

    static let sums = """
        \(String(repeating: "ab", count: 32))  galgen-1.2.3-linux-x86_64.tar.gz
        \(String(repeating: "cd", count: 32)) *galgen-1.2.3-linux-arm64.tar.gz
        \(String(repeating: "ef", count: 32))  galgen_1.2.3_amd64.deb
        \(String(repeating: "01", count: 32))  galgen-1.2.2-linux-x86_64.tar.gz
        not a line
        """

    @Test func theGitHubWorkflowDownloadsThePinnedReleaseAndCompilesNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let release = try #require(GalgenRelease(version: "1.2.3", releasesURL: "https://example.test/r/", sums: Self.sums))
        try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .itunes, ci: .github, release: release))
        let workflow = String(decoding: try dir.read(".github/workflows/galgen-pages.yml"), as: UTF8.self)
        for step in ["galgen build --strict", "galgen check public", "actions/deploy-pages", ".galgen/cache", "sha256sum --check",
                     "Install galgen 1.2.3",
                     "GALGEN_URL_X86_64: \"https://example.test/r/v1.2.3/galgen-1.2.3-linux-x86_64.tar.gz\"",
                     "GALGEN_SHA256_X86_64: \"\(String(repeating: "ab", count: 32))\"",
                     "GALGEN_URL_ARM64: \"https://example.test/r/v1.2.3/galgen-1.2.3-linux-arm64.tar.gz\"",
                     "GALGEN_SHA256_ARM64: \"\(String(repeating: "cd", count: 32))\""] {
            #expect(workflow.contains(step), "\(step)")
        }
        for compile in ["swift build", "install.sh", "GALGEN_REPOSITORY", "container: swift", "@GALGEN_"] {
            #expect(!workflow.contains(compile), "\(compile)")
        }
    }

    @Test func workflowOnlyReplacesTheWorkflowOfAnExistingSiteAndNothingElse() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("{\"title\": \"mine\"}\n", to: "config.json")
        try dir.write("old workflow\n", to: ".github/workflows/galgen-pages.yml")
        let release = try #require(GalgenRelease(version: "1.2.3", releasesURL: "https://example.test/r", sums: Self.sums))
        var options = SiteScaffolder.Options(source: .json, ci: .github, release: release)
        options.workflowOnly = true
        let written = try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: options)
        #expect(written == [".github/workflows/galgen-pages.yml"])
        #expect(String(decoding: try dir.read("config.json"), as: UTF8.self) == "{\"title\": \"mine\"}\n")
        #expect(!dir.exists("records.json") && !dir.exists("images"))
        #expect(String(decoding: try dir.read(".github/workflows/galgen-pages.yml"), as: UTF8.self).contains("Install galgen 1.2.3"))
    }

    /// `galgen init mysite && cd mysite && galgen init --ci github`: the site is there, so only the workflow is
    /// added (the whole site would replace the user's config.json, and `--force` would do just that).
    @Test(arguments: [SiteScaffolder.Source.json, .folder])
    func ciInAnExistingSiteAddsOnlyTheWorkflow(source: SiteScaffolder.Source) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("{\"title\": \"mine\"}\n", to: "config.json")
        try dir.write("public/\n", to: ".gitignore")
        let release = try #require(GalgenRelease(version: "1.2.3", releasesURL: "https://example.test/r", sums: Self.sums))
        let options = SiteScaffolder.Options(source: source, ci: .github, release: release)
        let scaffolder = SiteScaffolder(fileSystem: fs)
        #expect(scaffolder.effectiveOptions(options, in: dir.path).workflowOnly)
        let written = try scaffolder.scaffold(in: dir.path, options: options)
        #expect(written == [".github/workflows/galgen-pages.yml"])
        #expect(String(decoding: try dir.read("config.json"), as: UTF8.self) == "{\"title\": \"mine\"}\n")
        #expect(String(decoding: try dir.read(".gitignore"), as: UTF8.self) == "public/\n")
        #expect(!dir.exists("records.json") && !dir.exists("images"))
        // --force still means the whole site; without --ci nothing changes either
        var forced = options
        forced.force = true
        #expect(!scaffolder.effectiveOptions(forced, in: dir.path).workflowOnly)
        #expect(!scaffolder.effectiveOptions(.init(source: source), in: dir.path).workflowOnly)
    }

    @Test func aFolderThatIsNotEmptyWithoutASiteNamesWorkflowOnlyWhenCIIsAsked() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("notes\n", to: "notes.txt")
        let release = try #require(GalgenRelease(version: "1.2.3", releasesURL: "https://example.test/r", sums: Self.sums))
        let error = try #require(throws: ScaffoldError.self) {
            try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .json, ci: .github, release: release))
        }
        #expect(error.message.contains("--workflow-only"), "\(error.message)")
        #expect(!dir.exists(".github"))
        let plain = try #require(throws: ScaffoldError.self) {
            try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .json))
        }
        #expect(!plain.message.contains("--workflow-only"), "\(plain.message)")
    }

    @Test func aReleaseNeedsAnX86Archive() {
        let arm = "\(String(repeating: "cd", count: 32))  galgen-1.2.3-linux-arm64.tar.gz\n"
        #expect(GalgenRelease(version: "1.2.3", releasesURL: "https://example.test/r", sums: arm) == nil)
        #expect(GalgenRelease(version: "9.9.9", releasesURL: "https://example.test/r", sums: Self.sums) == nil)
        let short = "abcd  galgen-1.2.3-linux-x86_64.tar.gz\n"
        #expect(GalgenRelease(version: "1.2.3", releasesURL: "https://example.test/r", sums: short) == nil)
        let release = GalgenRelease(version: "1.2.2", releasesURL: "https://example.test/r", sums: Self.sums)
        #expect(release?.archives.map(\.architecture) == ["x86_64"])
        #expect(release?.archives.first?.sha256 == String(repeating: "01", count: 32))
    }

    @Test func theGitHubWorkflowWithoutAReleaseWritesNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect(throws: ScaffoldError.self) {
            try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .json, ci: .github))
        }
        #expect(!dir.exists("config.json"))
    }

    @Test func ejectWritesTheWholeThemeAndNeverOverwritesUnlessForced() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let target = dir.path + "/Templates"
        let written = try ThemeEjector(fileSystem: fs).eject(to: target, force: false)
        // Every file of the theme folder in the repository, byte for byte.
        let expected = try fs.listFilesRecursively(at: Repository.templates)
        #expect(written == expected)
        for path in expected {
            #expect(try fs.readFile(at: target + "/" + path) == fs.readFile(at: Repository.templates + "/" + path), "\(path)")
        }
        try dir.write("<p>mine</p>\n", to: "Templates/item.mustache")
        #expect(throws: ScaffoldError.self) { try ThemeEjector(fileSystem: fs).eject(to: target, force: false) }
        #expect(String(decoding: try dir.read("Templates/item.mustache"), as: UTF8.self) == "<p>mine</p>\n")
        try ThemeEjector(fileSystem: fs).eject(to: target, force: true)
        #expect(try fs.readFile(at: target + "/item.mustache") == fs.readFile(at: Repository.templates + "/item.mustache"))
    }
}

/// `galgen init --source folder`: a site beside the photos, or in the photo folder itself.
struct FolderScaffoldTests {
    private let fs = LocalFileSystem()

    @Test func aSiteIsMadeInsideAFolderOfPhotosWithoutTouchingThem() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("photo", to: "IMG_1.jpg")
        let written = try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .folder))
        #expect(written == [".gitignore", "config.json"])
        #expect(String(decoding: try fs.readFile(at: dir.path + "/IMG_1.jpg"), as: UTF8.self) == "photo")
        let config = try ConfigLoader(fileSystem: fs).load(path: dir.path + "/config.json")
        #expect(config.sources[0].folder?.path == dir.path)
        // Photos get sizes for a full-screen viewer on a DPR-2 screen (issue 44); never more than the photo's own width.
        #expect(config.imageWidths == [320, 640, 1280, 2048])
        // A second init would replace the config: refused unless --force.
        #expect(throws: ScaffoldError.self) { try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path, options: .init(source: .folder)) }
    }

    @Test func aSiteBesideItsPhotosNamesTheirFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var options = SiteScaffolder.Options(source: .folder)
        options.photos = "../Pictures/trip"
        try SiteScaffolder(fileSystem: fs).scaffold(in: dir.path + "/site", options: options)
        let config = try ConfigLoader(fileSystem: fs).load(path: dir.path + "/site/config.json")
        #expect(config.sources[0].folder?.path == dir.path + "/Pictures/trip")
    }
}
