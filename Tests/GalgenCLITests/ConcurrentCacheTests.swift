import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// Two `galgen build` processes on one cache folder at the same time: both succeed, both outputs
/// are right, and the cache they leave is complete and valid.
struct ConcurrentCacheTests {
    @Test func twoBuildsShareOneCache() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        var records: [String] = []
        for i in 0..<16 {
            try site.directory.write(try JPEGCodec.encode(Painter.portrait(width: 1200, height: 900, hue: i * 20, shade: 0.3), quality: 80),
                                     to: "images/\(i).jpg")
            records.append(#"{"id": "p\#(i)", "title": "P\#(i)", "image": "images/\#(i).jpg"}"#)
        }
        try site.writeRecords("[" + records.joined(separator: ",") + "]")
        // Every output format goes through the shared cache.
        try site.writeConfig(extra: #""formats": ["avif", "webp", "jpeg"]"#)
        let cache = site.directory.path + "/shared-cache"
        func start(_ output: String) throws -> Process {
            try GalgenBinary.start(["build", "--config", site.configPath, "--output", site.directory.path + "/" + output,
                                    "--cache", cache, "--jobs", "2"])
        }
        let a = try start("out-a"), b = try start("out-b")
        a.waitUntilExit()
        b.waitUntilExit()
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
        let outA = try FixtureSite.snapshot(of: site.directory.path + "/out-a")
        let outB = try FixtureSite.snapshot(of: site.directory.path + "/out-b")
        #expect(outA.map(\.0) == outB.map(\.0) && outA.map(\.1) == outB.map(\.1))

        let third = await run(["build", "--config", site.configPath, "--output", site.directory.path + "/out-c", "--cache", cache])
        #expect(third.code == 0)
        #expect(third.capture.out.contains("0 decoded · 0 variants encoded · 144 reused"), "\(third.capture.out)")
        #expect(!third.capture.out.contains("damaged"))
        let tempFiles = try FileManager.default.subpathsOfDirectory(atPath: cache).filter { $0.contains(".tmp-") }
        #expect(tempFiles.isEmpty)
    }
}
