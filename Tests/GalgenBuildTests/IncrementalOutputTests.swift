import Foundation
import GalgenBuild
import GalgenTestSupport
import Testing

/// `galgen serve` rebuilds by editing the site of two builds ago; every result must equal a fresh
/// build byte for byte, folders included, whatever changed in between.
struct IncrementalOutputTests {
    /// Every file and folder below `path` (folders end in `/`) with the files' bytes.
    func tree(_ path: String) throws -> [String: Data] {
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

    /// Modification times of the images in the output folder.
    func imageTimes(_ site: FixtureSite) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/img") {
            times[name] = try FileManager.default.attributesOfItem(atPath: site.outputPath + "/img/" + name)[.modificationDate] as? Date
        }
        return times
    }

    @Test func everyIncrementalBuildEqualsAFreshOne() async throws {
        let site = try FixtureSite(count: 7, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        var options = BuildOptions(configPath: site.configPath, jobs: 2)
        options.incremental = IncrementalOutput()
        let serveOptions = options
        var fresh = 0
        func compare(_ step: String) async throws {
            _ = try await SiteBuilder(options: serveOptions, environment: environment()).build()
            fresh += 1
            let reference = site.directory.path + "/fresh-\(fresh)"
            _ = try await build(site, output: reference)
            let a = try tree(site.outputPath), b = try tree(reference)
            #expect(a.keys.sorted() == b.keys.sorted(), "\(step): different files or folders")
            #expect(a.keys.filter { a[$0] != b[$0] }.sorted() == [], "\(step): different bytes")
        }
        try await compare("first build")
        let firstTimes = try imageTimes(site)

        try site.directory.write("<footer><p>edited</p></footer>\n", to: "Templates/footer.mustache")
        try await compare("template edit")
        #expect(siblings(of: site.outputPath).contains { $0.hasPrefix(".public.spare-") }, "the replaced site is kept as the spare")

        // Fewer records: item pages, a gallery page and images disappear.
        let records = try String(contentsOfFile: site.directory.path + "/records.json", encoding: .utf8)
        let lines = records.split(separator: "\n")
        try site.writeRecords("[\n" + lines[1...3].joined(separator: "\n").trimmingCharacters(in: [","]) + "\n]")
        try await compare("records removed")
        // This build edited the first build's folder: the images it kept were not written again.
        let kept = try imageTimes(site)
        #expect(!kept.isEmpty && kept.allSatisfy { firstTimes[$0.key] == $0.value })

        try site.writeRecords(records)
        try site.writeConfig(extra: #""pageSize": 3"#)
        try await compare("records back, new page size")

        try site.directory.write("{{#broken}}\n", to: "Templates/footer.mustache")
        await #expect(throws: BuildError.self) {
            _ = try await SiteBuilder(options: serveOptions, environment: environment()).build()
        }
        try site.directory.write("<footer><p>fixed</p></footer>\n", to: "Templates/footer.mustache")
        try await compare("after a failed build")
        try await compare("nothing changed")
        #expect(!siblings(of: site.outputPath).contains { $0.contains("staging") })
    }
}
