import Foundation
import GalgenCLI
import GalgenTestSupport
import Testing

/// Collects what a command prints.
final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []
    var out: String { lock.withLock { outLines.joined(separator: "\n") } }
    var err: String { lock.withLock { errLines.joined(separator: "\n") } }
    var console: Console {
        Console(out: { line in self.lock.withLock { self.outLines.append(line) } },
                err: { line in self.lock.withLock { self.errLines.append(line) } })
    }
}

/// A `--report` file, read with JSONSerialization (not the encoder's own types, so field names are checked).
struct ReportJSON {
    let root: [String: Any]

    init(_ data: Data) throws {
        root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The value at a path of object keys; nil when absent or null.
    func value(_ path: String...) -> Any? { lookup(path) }
    func string(_ path: String...) -> String? { lookup(path) as? String }
    func bool(_ path: String...) -> Bool? { lookup(path) as? Bool }
    func int(_ path: String...) -> Int? { Self.number(lookup(path)).map { Int($0) } }

    /// A JSON number as a Double (JSONSerialization gives Int, Double or NSNumber).
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Int: Double(v)
        case let v as Double: v
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    private func lookup(_ path: [String]) -> Any? {
        var node: Any? = root
        for key in path { node = (node as? [String: Any])?[key] }
        return node is NSNull ? nil : node
    }
}

func run(_ arguments: [String]) async -> (code: Int32, capture: Capture) {
    let capture = Capture()
    let code = await GalgenCLI.main(arguments: arguments, console: capture.console)
    return (code, capture)
}

struct CLITests {
    @Test func versionAndHelpSucceed() async {
        let version = await run(["--version"])
        #expect(version.code == 0)
        let lines = version.capture.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("galgen \(GalgenCLI.version)") == true)
        // Every linked C library is named with a version of digits and dots, read from the library itself.
        for name in ["libjpeg-turbo", "libpng", "libwebp", "giflib", "libheif", "libavif", "libtiff", "lcms2", "libxml2", "ICU"] {
            let line = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") }
            let version = line.map { $0.trimmingCharacters(in: .whitespaces).dropFirst(name.count).trimmingCharacters(in: .whitespaces) }
            #expect(version?.first?.isNumber == true && version?.contains(".") == true, "\(name): \(line ?? "missing")")
        }
        let help = await run(["build", "--help"])
        #expect(help.code == 0 && help.capture.out.contains("--strict") && help.capture.out.contains("--jobs"))
    }

    /// `--version --verbose` names every Swift package compiled in at the version Package.swift pins with `exact:`,
    /// and the build really resolved each one to that version.
    @Test func verboseVersionNamesEveryPinnedSwiftPackage() async throws {
        let result = await run(["--version", "--verbose"])
        #expect(result.code == 0)
        let text = result.capture.out
        #expect(text.hasPrefix("galgen \(GalgenCLI.version)") && text.contains("libraries:"))
        let listed = Dictionary(text.components(separatedBy: "Swift packages (pinned in Package.swift):\n").last!
            .split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
            .filter { $0.count == 2 }.map { ($0[0], $0[1]) }, uniquingKeysWith: { a, _ in a })
        let manifest = try String(contentsOfFile: Repository.root + "/Package.swift", encoding: .utf8)
        let pins = try Regex(#"\("https://github\.com/[^/"]+/([^/"]+?)(?:\.git)?", "([0-9.]+)"\)"#)
        let pinned = Dictionary(manifest.matches(of: pins).map { (String($0.output[1].substring!), String($0.output[2].substring!)) },
                                uniquingKeysWith: { a, _ in a })
        #expect(pinned.count >= 20 && pinned["swift-nio"] != nil && pinned["swift-collections"] != nil, "\(pinned)")
        #expect(listed == pinned)
        // what the build resolved (Package.resolved, written by every build and never committed) is exactly what is pinned
        let resolved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Repository.root + "/Package.resolved")))
        let entries = try #require((resolved as? [String: Any])?["pins"] as? [[String: Any]])
        var got: [String: String] = [:]
        for entry in entries {
            let identity = try #require(entry["identity"] as? String)
            got[identity] = (entry["state"] as? [String: Any])?["version"] as? String
        }
        #expect(got == pinned, "every package of the graph is pinned, at the version it resolved to")
        #expect(await run(["--version"]).capture.out.contains("Swift packages") == false)
    }

    @Test func badUsageExitsWith2() async {
        #expect(await run(["build", "--no-such-flag"]).code == 2)
        #expect(await run(["build", "--jobs", "0"]).code == 2)
        #expect(await run(["build", "--quiet", "--verbose"]).code == 2)
        #expect(await run(["frobnicate"]).code == 2)
    }

    @Test func configErrorsExitWith2AndWriteNothing() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("{\n  \"sources\": [{\"name\": \"x\", \"type\": \"json\", \"path\": \"records.json\",\n    \"fields\": {\"id\": \"id\", \"title\": \"title\", \"image\": 7}}]\n}", to: "config.json")
        let result = await run(["build", "--config", site.configPath])
        #expect(result.code == 2)
        #expect(result.capture.err.contains("config.json:3:55: sources[0].fields.image: expected a dotted path string"), "\(result.capture.err)")
        #expect(!site.directory.exists("public"))
        let missing = await run(["build", "--config", site.directory.path + "/nope.json"])
        #expect(missing.code == 2 && missing.capture.err.contains("--config"))
        // A report is written even then: what was asked, and why it stopped.
        #expect(await run(["build", "--config", site.configPath, "--report", site.directory.path + "/r.json"]).code == 2)
        let report = try ReportJSON(site.directory.read("r.json"))
        #expect(report.int("exitCode") == 2 && report.string("fatal", "step") == "config")
        #expect(report.string("fatal", "message")?.contains("sources[0].fields.image") == true)
        #expect(report.string("inputs", "config") == site.configPath && report.value("inputs", "output") == nil)
        #expect(!site.directory.exists("public"))
    }

    @Test func buildPrintsASummaryAndStrictFailsOnProblems() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        let ok = await run(["build", "--config", site.configPath, "--jobs", "2"])
        #expect(ok.code == 0, "\(ok.capture.err)")
        #expect(ok.capture.out.contains("records 3 · pages 6"))  // home, 404, gallery, 3 items
        #expect(ok.capture.out.contains("3 decoded"))
        #expect(await run(["build", "--config", site.configPath, "--strict"]).code == 0)

        // The same site, with a bad record and a missing image: the site is written either way;
        // only --strict turns the problems into exit code 1. Both runs write a report.
        try site.writeRecords("""
            [{"id": "a", "title": "A", "image": "images/missing.jpg"},
             {"title": "no id"},
             {"id": "b", "title": "B", "image": "images/1.jpg", "link": "javascript:alert(1)"}]
            """)
        let fresh = site.directory.path + "/fresh-cache"
        let lenient = await run(["build", "--config", site.configPath, "--report", site.directory.path + "/lenient.json"])
        #expect(lenient.code == 0 && lenient.capture.err.contains("images/missing.jpg"))
        let strict = await run(["build", "--config", site.configPath, "--strict", "--jobs", "1", "--cache", fresh,
                                "--report", site.directory.path + "/strict.json"])
        #expect(strict.code == 1 && strict.capture.err.contains("--strict: 3 problems"), "\(strict.capture.err)")
        #expect(site.directory.exists("public/things/a/index.html"))
        // -q hides the list only when the problems do not fail the build.
        let quietLenient = await run(["build", "--config", site.configPath, "-q"])
        #expect(quietLenient.code == 0 && quietLenient.capture.out.isEmpty)
        #expect(!quietLenient.capture.err.contains("images/missing.jpg"), "a placeholder is not an error without --strict: \(quietLenient.capture.err)")
        let quietStrict = await run(["build", "--config", site.configPath, "--strict", "-q"])
        #expect(quietStrict.code == 1 && quietStrict.capture.err.contains("--strict: 3 problems"))
        #expect(quietStrict.capture.err.contains("images/missing.jpg") && quietStrict.capture.err.contains("javascript:"),
                "the problems that fail the build are listed: \(quietStrict.capture.err)")
        #expect(quietStrict.capture.out.isEmpty)

        let runs = [("lenient.json", 0, false, ProcessInfo.processInfo.activeProcessorCount, site.cachePath),
                    ("strict.json", 1, true, 1, fresh)]
        for (file, code, strictFlag, jobs, cache) in runs {
            let report = try ReportJSON(site.directory.read(file))
            #expect(report.int("formatVersion") == 1)
            #expect(report.int("exitCode") == code, "\(file)")
            #expect(report.bool("published") == true && report.value("fatal") == nil)
            // Inputs: what was built, from where, with what.
            #expect(report.string("inputs", "config") == site.configPath)
            #expect(report.string("inputs", "templates") == site.directory.path + "/Templates")
            #expect(report.string("inputs", "output") == site.outputPath)
            #expect(report.string("inputs", "cache") == cache)
            #expect(report.string("inputs", "galgenVersion") == GalgenCLI.version)
            // The libraries that ran, as --version lists them: a version of digits for each.
            for name in ["libjpeg-turbo", "libpng", "libheif", "libavif", "libxml2", "ICU"] {
                #expect(report.string("inputs", "libraries", name)?.first?.isNumber == true, "\(name)")
            }
            #expect(report.value("inputs", "baseURL") == nil)
            let sources = try #require(report.value("inputs", "sources") as? [[String: Any]])
            #expect(sources.count == 1 && sources[0]["name"] as? String == "things" && sources[0]["type"] as? String == "json")
            #expect(sources[0]["path"] as? String == site.directory.path + "/records.json" && sources[0]["url"] == nil)
            #expect(report.bool("inputs", "options", "strict") == strictFlag)
            #expect(report.int("inputs", "options", "jobs") == jobs)
            #expect(report.bool("inputs", "options", "offline") == false && report.bool("inputs", "options", "refresh") == false)
            // Counts.
            #expect(report.int("sources") == 1 && report.int("records") == 2 && report.int("pages") == 5)
            #expect(report.int("images", "sources") == 2 && report.int("images", "failed") == 1)
            // Every failure, with its reason.
            let problems = try #require(report.value("diagnostics") as? [[String: Any]])
            let byCode = Dictionary(grouping: problems) { $0["code"] as? String ?? "" }
            #expect(byCode.keys.sorted() == ["image.failed", "record.bad-link", "record.missing-id"], "\(byCode.keys)")
            let image = try #require(byCode["image.failed"]?.first)
            #expect(image["severity"] as? String == "warning" && (image["subject"] as? String)?.hasPrefix("things: record") == true)
            #expect((image["message"] as? String)?.contains("images/missing.jpg") == true)
            #expect(byCode["record.missing-id"]?.first?["severity"] as? String == "error")
            #expect((byCode["record.bad-link"]?.first?["message"] as? String)?.contains("javascript") == true)
            // Time per step, in order, none negative.
            let steps = try #require(report.value("steps") as? [[String: Any]])
            #expect(steps.map { $0["name"] as? String } == ["config", "templates", "records", "images", "pages", "publish"])
            #expect(steps.allSatisfy { ReportJSON.number($0["seconds"]).map { $0 >= 0 } ?? false })
        }
        // Cache hits and misses: the default cache had images/1.jpg from the first builds, the fresh one nothing.
        let warm = try ReportJSON(site.directory.read("lenient.json"))
        let cold = try ReportJSON(site.directory.read("strict.json"))
        #expect(warm.int("images", "encoded") == 0 && (warm.int("images", "reused") ?? 0) > 0)
        #expect(cold.int("images", "reused") == 0 && cold.int("images", "encoded") == warm.int("images", "reused"))
        #expect(cold.int("images", "decoded") == 1 && warm.int("images", "decoded") == 0)
    }

    @Test func invalidPagesExitWith1() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("<footer><img src=\"nowhere.png\" alt=\"x\" width=\"1\" height=\"1\" /></footer>\n", to: "Templates/footer.mustache")
        let result = await run(["build", "--config", site.configPath, "--report", site.directory.path + "/r.json"])
        #expect(result.code == 1)
        // Named once, by the template line, with the pages it broke (the report still lists each page).
        #expect(result.capture.err.contains("Templates/footer.mustache:1: "), "\(result.capture.err)")
        #expect(result.capture.err.contains("(in 4 pages, first "), "\(result.capture.err)")
        #expect(result.capture.err.contains("does not resolve to a file of the output"))
        // The report of a failed build says where it stopped and why, page by page.
        let report = try ReportJSON(site.directory.read("r.json"))
        #expect(report.int("exitCode") == 1 && report.bool("published") == false)
        #expect(report.string("fatal", "step") == "validate")
        let issues = try #require(report.value("fatal", "issues") as? [String])
        #expect(issues.count == 4 && issues.allSatisfy { $0.contains("nowhere.png") && $0.hasSuffix("[broken-link]") }, "\(issues)")
        let steps = try #require(report.value("steps") as? [[String: Any]])
        #expect(steps.map { $0["name"] as? String } == ["config", "templates", "records", "images"])
    }

    @Test func checkFindsDeletedImagesAndBrokenLinks() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        let good = await run(["check", site.outputPath])
        #expect(good.code == 0 && good.capture.out.contains("no problems"))

        let image = try #require(try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/img").sorted().first)
        try FileManager.default.removeItem(atPath: site.outputPath + "/img/" + image)
        let broken = await run(["check", site.outputPath])
        #expect(broken.code == 1 && broken.capture.err.contains(image))

        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        let page = site.outputPath + "/things/item-0/index.html"
        let html = try String(contentsOfFile: page, encoding: .utf8).replacingOccurrences(of: "things/item-1/", with: "things/item-9/")
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let link = await run(["check", site.outputPath])
        #expect(link.code == 1 && link.capture.err.contains("item-9"))
        #expect(await run(["check", site.directory.path + "/none"]).code == 1)

        // A deleted stylesheet or script: every page that references it is named.
        for prefix in ["style-", "gallery-"] {
            #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
            let asset = try #require(try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/assets").first { $0.hasPrefix(prefix) })
            try FileManager.default.removeItem(atPath: site.outputPath + "/assets/" + asset)
            let missing = await run(["check", site.outputPath])
            #expect(missing.code == 1, "\(asset)")
            #expect(missing.capture.err.contains("things/index.html:") && missing.capture.err.contains("assets/\(asset)"), "\(missing.capture.err)")
        }
    }

    @Test func checkVerifiesTheSitemap() async throws {
        let site = try FixtureSite(count: 2, config: #""baseURL": "https://example.org/gallery/""#)
        defer { site.directory.remove() }
        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        let good = await run(["check", site.outputPath])
        #expect(good.code == 0, "\(good.capture.err)")
        let sitemapPath = site.outputPath + "/sitemap.xml"
        let sitemap = try String(contentsOfFile: sitemapPath, encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.org/gallery/things/item-1/</loc>"))

        // An entry without a page, and one outside the site.
        let edited = sitemap.replacingOccurrences(of: "</urlset>", with: """
            <url><loc>https://example.org/gallery/things/item-7/</loc></url>
            <url><loc>https://elsewhere.example/things/</loc></url>
            </urlset>
            """)
        try edited.write(toFile: sitemapPath, atomically: true, encoding: .utf8)
        let broken = await run(["check", site.outputPath])
        #expect(broken.code == 1)
        #expect(broken.capture.err.contains("sitemap.xml:") && broken.capture.err.contains("things/item-7/index.html is missing"), "\(broken.capture.err)")
        #expect(broken.capture.err.contains("https://elsewhere.example/things/ is not under the site's base URL https://example.org/gallery/"))
        #expect(broken.capture.err.contains("2 problems"))

        // A page deleted after the build: the sitemap still lists it.
        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        try FileManager.default.removeItem(atPath: site.outputPath + "/things/item-0/index.html")
        let deleted = await run(["check", site.outputPath])
        #expect(deleted.code == 1)
        #expect(deleted.capture.err.contains("https://example.org/gallery/things/item-0/ is not a page of the site (things/item-0/index.html is missing) [sitemap]"), "\(deleted.capture.err)")

        // A damaged sitemap, and one that robots.txt names but that is gone.
        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        try "<urlset><url><loc>x</loc></url>".write(toFile: sitemapPath, atomically: true, encoding: .utf8)
        let damaged = await run(["check", site.outputPath])
        #expect(damaged.code == 1 && damaged.capture.err.contains("not well-formed XML"), "\(damaged.capture.err)")
        try FileManager.default.removeItem(atPath: sitemapPath)
        let gone = await run(["check", site.outputPath])
        #expect(gone.code == 1 && gone.capture.err.contains("robots.txt:0:0: names the sitemap https://example.org/gallery/sitemap.xml, but sitemap.xml is missing"), "\(gone.capture.err)")
    }

    @Test func checkFindsMissingOrDamagedRuntimeData() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        let data = site.outputPath + "/data/things"
        let files = try FileManager.default.contentsOfDirectory(atPath: data).sorted()
        let shard = try #require(files.first { $0.hasPrefix("0-") })
        try FileManager.default.removeItem(atPath: data + "/" + shard)
        let missing = await run(["check", site.outputPath])
        #expect(missing.code == 1 && missing.capture.err.contains("shard data/things/\(shard) is missing"), "\(missing.capture.err)")

        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        try Data("{\"first\":0,\"items\":[".utf8).write(to: URL(fileURLWithPath: data + "/" + shard))
        let damaged = await run(["check", site.outputPath])
        #expect(damaged.code == 1 && damaged.capture.err.contains("malformed JSON"), "\(damaged.capture.err)")

        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        let image = try #require(try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/img").sorted().first)
        try FileManager.default.removeItem(atPath: site.outputPath + "/img/" + image)
        let noImage = await run(["check", site.outputPath])
        #expect(noImage.code == 1 && noImage.capture.err.contains("image img/\(image) of item"), "\(noImage.capture.err)")
    }
}

struct CacheCommandTests {
    @Test func statsAndPruneReport() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        #expect(await run(["build", "--config", site.configPath, "--quiet"]).code == 0)
        let stats = await run(["cache", "stats", "--config", site.configPath])
        #expect(stats.code == 0)
        #expect(stats.capture.out.contains("4 entries (2 sources, 2 variants)"), "\(stats.capture.out)")
        #expect(stats.capture.out.contains("builds recorded: 1") && stats.capture.out.contains("0 hits, 2 misses"))
        let prune = await run(["cache", "prune", "--cache", site.cachePath, "--keep-builds", "1"])
        #expect(prune.code == 0 && prune.capture.out.contains("removed 0 entries"))
        #expect(await run(["cache", "prune", "--keep-builds", "0"]).code == 2)
    }
}
