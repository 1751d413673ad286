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

func run(_ arguments: [String]) async -> (code: Int32, capture: Capture) {
    let capture = Capture()
    let code = await GalgenCLI.main(arguments: arguments, console: capture.console)
    return (code, capture)
}

struct CLITests {
    @Test func versionAndHelpSucceed() async {
        let version = await run(["--version"])
        #expect(version.code == 0 && version.capture.out == GalgenCLI.version)
        let help = await run(["build", "--help"])
        #expect(help.code == 0 && help.capture.out.contains("--strict") && help.capture.out.contains("--jobs"))
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
    }

    @Test func buildPrintsASummaryAndStrictFailsOnProblems() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        let ok = await run(["build", "--config", site.configPath, "--jobs", "2"])
        #expect(ok.code == 0, "\(ok.capture.err)")
        #expect(ok.capture.out.contains("records 3 · pages 5"))
        #expect(ok.capture.out.contains("3 decoded"))
        #expect(await run(["build", "--config", site.configPath, "--strict"]).code == 0)

        try site.writeRecords(#"[{"id": "a", "title": "A", "image": "images/missing.jpg"}]"#)
        let lenient = await run(["build", "--config", site.configPath])
        #expect(lenient.code == 0 && lenient.capture.err.contains("images/missing.jpg"))
        let strict = await run(["build", "--config", site.configPath, "--strict"])
        #expect(strict.code == 1 && strict.capture.err.contains("--strict: 1 problem"))
        #expect(site.directory.exists("public/things/a/index.html"))
    }

    @Test func invalidPagesExitWith1() async throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.directory.write("<footer><img src=\"nowhere.png\" alt=\"x\" width=\"1\" height=\"1\" /></footer>\n", to: "Templates/footer.mustache")
        let result = await run(["build", "--config", site.configPath])
        #expect(result.code == 1)
        #expect(result.capture.err.contains("index.html:"))
        #expect(result.capture.err.contains("does not resolve to a file of the output"))
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
        let site = try FixtureSite(count: 2, config: #""imageWidths": [100]"#)
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
