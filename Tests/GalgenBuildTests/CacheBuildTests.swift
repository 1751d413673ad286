import Foundation
import GalgenBuild
import GalgenTestSupport
import Testing

struct CacheBuildTests {
    @Test func secondBuildDecodesNothing() async throws {
        let site = try FixtureSite(count: 4, config: #""formats": ["jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        let first = try await build(site)
        #expect(first.images.decoded == 4 && first.images.encoded == 8 && first.images.reused == 0)
        let second = try await build(site)
        #expect(second.images.decoded == 0 && second.images.encoded == 0 && second.images.reused == 8)
    }

    @Test func changedWidthsMakeOnlyTheNewVariants() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        try site.writeConfig(extra: #""formats": ["jpeg"], "imageWidths": [100, 180]"#)
        let report = try await build(site)
        #expect(report.images.reused == 2)    // the 100 px variants
        #expect(report.images.encoded == 2)   // the new 180 px variants
        #expect(report.images.decoded == 2)
        let html = String(decoding: try site.directory.read("public/things/index.html"), as: UTF8.self)
        #expect(html.contains("-180.jpg 180w") && !html.contains("-150.jpg"))
    }

    @Test func changedQualityReencodesEverything() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let before = try FixtureSite.snapshot(of: site.outputPath).filter { $0.0.hasPrefix("img/") }
        try site.writeConfig(extra: #""formats": ["jpeg"], "imageWidths": [100, 150], "jpegQuality": 40"#)
        let report = try await build(site)
        #expect(report.images.encoded == 4 && report.images.reused == 0)
        let after = try FixtureSite.snapshot(of: site.outputPath).filter { $0.0.hasPrefix("img/") }
        #expect(Set(before.map(\.0)).isDisjoint(with: after.map(\.0)))
        #expect(before.map(\.1) != after.map(\.1))
    }

    @Test func damagedCacheEntriesAreRebuiltWithAWarning() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let good = try FixtureSite.snapshot(of: site.outputPath)
        let variants = try FixtureSite.snapshot(of: site.cachePath + "/variants")
        let victim = site.cachePath + "/variants/" + variants[0].0
        try variants[0].1.prefix(50).write(to: URL(fileURLWithPath: victim))  // truncated, as after a crash without rename
        let report = try await build(site)
        #expect(report.images.damaged == 1)
        #expect(report.diagnostics.contains { $0.code == "cache.damaged" })
        let rebuilt = try FixtureSite.snapshot(of: site.outputPath)
        #expect(rebuilt.map(\.1) == good.map(\.1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == variants[0].1)
    }

    @Test func damagedSourceMetadataIsRebuiltWithAWarning() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["jpeg"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let good = try FixtureSite.snapshot(of: site.outputPath)
        let entries = try FixtureSite.snapshot(of: site.cachePath + "/sources")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: site.cachePath + "/sources/" + entries[0].0))
        let report = try await build(site)
        #expect(report.images.damaged == 1 && report.images.decoded == 1)
        #expect(report.diagnostics.contains { $0.code == "cache.damaged" && $0.message.contains("unreadable metadata") })
        #expect(try FixtureSite.snapshot(of: site.outputPath).map(\.1) == good.map(\.1))
    }
}
