import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import GalgenValidation
import Testing

/// `formats` through whole builds: `<picture>` markup and the manifest's types, only new variants
/// encoded when formats or a format's quality change, every format verified in the cache.
struct OutputFormatsBuildTests {
    private func page(_ site: FixtureSite, _ path: String = "public/things/index.html") throws -> String {
        String(decoding: try site.directory.read(path), as: UTF8.self)
    }

    @Test func pagesUsePictureWithOneSourcePerPreferredFormat() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["avif", "webp", "jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        let report = try await build(site)
        #expect(report.images.encoded == 2 * 2 * 3 && report.images.failed == 0)
        let html = try page(site)
        let avif = try #require(html.range(of: #"<picture><source type="image/avif" srcset="../img/"#))
        let webp = try #require(html.range(of: #"<source type="image/webp" srcset="../img/"#))
        let img = try #require(html.range(of: #"<img src="../img/"#, range: webp.upperBound..<html.endIndex))
        #expect(avif.lowerBound < webp.lowerBound && webp.upperBound < img.lowerBound, "sources, best first, then the <img>")
        #expect(html.contains(#".avif 100w, ../img/"#) && html.contains(#".webp 150w""#))
        #expect(html.contains("</picture>"))
        // The fallback is the JPEG, so link previews and old browsers get one.
        let imgTag = html[img.lowerBound...].prefix { $0 != ">" }
        #expect(imgTag.contains(".jpg\"") && imgTag.contains(".jpg 150w") && !imgTag.contains(".avif"))
        // Item pages too.
        let item = try page(site, "public/things/item-0/index.html")
        #expect(item.contains(#"<picture><source type="image/avif""#) && item.contains(#" sizes="(min-width: "#))
        // The manifest lists the types; each variant carries the fallback then one path per type.
        let data = try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/data/things")
        let manifestName = try #require(data.first { $0 == "manifest.json" })
        let manifest = try #require(try JSONSerialization.jsonObject(with: site.directory.read("public/data/things/" + manifestName)) as? [String: Any])
        #expect(manifest["types"] as? [String] == ["image/avif", "image/webp"] && manifest["version"] as? Int == 2)
        let shardName = try #require((manifest["shards"] as? [String])?.first)
        let shard = try #require(try JSONSerialization.jsonObject(with: site.directory.read("public/" + shardName)) as? [String: Any])
        let first = try #require((shard["items"] as? [[String: Any]])?.first?["v"] as? [[Any]])
        #expect(first.count == 2 && first[0].count == 5)
        #expect((first[0][0] as? String)?.hasSuffix("-100.jpg") == true && (first[0][3] as? String)?.hasSuffix("-100.avif") == true
                && (first[0][4] as? String)?.hasSuffix("-100.webp") == true, "\(first[0])")
        for part in first[0] {
            if let path = part as? String { #expect(FileManager.default.fileExists(atPath: site.outputPath + "/" + path), "\(path)") }
        }
        // Every page is valid and every file the markup or the manifest names is there.
        let check = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: site.outputPath)
        #expect(check.issues.isEmpty, "\(check.issues)")
    }

    @Test func oneFormatMeansNoPicture() async throws {
        let site = try FixtureSite(count: 2, config: #""formats": ["webp"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let html = try page(site)
        #expect(!html.contains("<picture>") && !html.contains("<source"))
        #expect(html.contains(#"<img src="../img/"#) && html.contains(#".webp" srcset="../img/"#))
    }

    @Test func addingFormatsEncodesOnlyTheNewOnesAndKeepsTheJPEGs() async throws {
        let site = try FixtureSite(count: 3, config: #""formats": ["jpeg"], "imageWidths": [100, 150]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let before = try FixtureSite.snapshot(of: site.outputPath).filter { $0.0.hasPrefix("img/") }
        try site.writeConfig(extra: #""formats": ["avif", "webp", "jpeg"], "imageWidths": [100, 150]"#)
        let added = try await build(site)
        #expect(added.images.decoded == 3, "one decode per source for the new formats")
        #expect(added.images.encoded == 3 * 2 * 2 && added.images.reused == 3 * 2)
        let after = try FixtureSite.snapshot(of: site.outputPath).filter { $0.0.hasPrefix("img/") }
        let jpegs = after.filter { $0.0.hasSuffix(".jpg") }
        #expect(jpegs.map(\.0) == before.map(\.0) && jpegs.map(\.1) == before.map(\.1), "the JPEG variants are the same files")

        // A WebP quality change re-encodes the WebPs only.
        try site.writeConfig(extra: #""formats": ["avif", "webp", "jpeg"], "imageWidths": [100, 150], "webpQuality": 60"#)
        let requality = try await build(site)
        #expect(requality.images.encoded == 3 * 2 && requality.images.reused == 3 * 2 * 2)
        let again = try FixtureSite.snapshot(of: site.outputPath).filter { $0.0.hasPrefix("img/") }
        #expect(again.filter { !$0.0.hasSuffix(".webp") }.map(\.0) == after.filter { !$0.0.hasSuffix(".webp") }.map(\.0))
        #expect(Set(again.filter { $0.0.hasSuffix(".webp") }.map(\.0)).isDisjoint(with: after.filter { $0.0.hasSuffix(".webp") }.map(\.0)))

        // Dropping a format costs nothing: everything left is cached.
        try site.writeConfig(extra: #""formats": ["avif", "jpeg"], "imageWidths": [100, 150], "webpQuality": 60"#)
        let dropped = try await build(site)
        #expect(dropped.images.decoded == 0 && dropped.images.encoded == 0 && dropped.images.reused == 3 * 2 * 2)
        #expect(try FixtureSite.snapshot(of: site.outputPath).allSatisfy { !$0.0.hasSuffix(".webp") })
    }

    @Test func damagedAVIFAndWebPCacheEntriesAreRebuilt() async throws {
        let site = try FixtureSite(count: 1, config: #""formats": ["avif", "webp", "jpeg"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        _ = try await build(site)
        let good = try FixtureSite.snapshot(of: site.outputPath)
        let entries = try FixtureSite.snapshot(of: site.cachePath + "/variants")
        for suffix in [".avif", ".webp"] {
            let (name, bytes) = try #require(entries.first { $0.0.hasSuffix(suffix) })
            try bytes.prefix(bytes.count - 7).write(to: URL(fileURLWithPath: site.cachePath + "/variants/" + name))
        }
        let report = try await build(site)
        #expect(report.images.damaged == 2 && report.images.encoded == 2 && report.images.decoded == 1)
        #expect(try FixtureSite.snapshot(of: site.outputPath).map(\.1) == good.map(\.1), "rebuilt byte for byte")
    }

    @Test func formatsAreCheckedInTheConfig() async throws {
        for (formats, message) in [(#"[]"#, "expected an array of output formats"), (#"["jpeg", "gif"]"#, "unknown output format \"gif\""),
                                   (#"["webp", "webp"]"#, "listed twice"), (#""jpeg""#, "expected an array")] {
            let site = try FixtureSite(count: 1, config: #""formats": \#(formats)"#)
            defer { site.directory.remove() }
            let error = await buildError(site)
            #expect(error.map { "\($0)" }?.contains(message) == true, "\(formats): \(String(describing: error))")
        }
        let site = try FixtureSite(count: 1, config: #""avifSpeed": 11"#)
        defer { site.directory.remove() }
        #expect(await buildError(site).map { "\($0)" }?.contains("avifSpeed") == true)
    }

    @Test func anImageAPreferredFormatCannotHoldIsPublishedWithoutIt() async throws {
        // 20×17000: WebP stops at 16383 pixels a side, AVIF and JPEG do not.
        let site = try FixtureSite(count: 1, config: #""formats": ["webp", "avif", "jpeg"], "imageWidths": [100]"#)
        defer { site.directory.remove() }
        try site.directory.write(try JPEGCodec.encode(Painter.solid(width: 20, height: 17_000, rgb: (200, 40, 40)), quality: 80),
                                 to: "images/0.jpg")
        let report = try await build(site)
        #expect(report.images.failed == 0 && report.images.encoded == 2)
        #expect(report.diagnostics.contains { $0.message.contains("published without webp") && $0.message.contains("20x17000") },
                "\(report.diagnostics.map(\.message))")
        let html = try page(site)
        #expect(html.contains(#"<picture><source type="image/avif""#) && !html.contains("image/webp"))
        let shard = try #require(try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/data/things").first { $0.hasPrefix("0-") })
        let text = String(decoding: try site.directory.read("public/data/things/" + shard), as: UTF8.self)
        #expect(text.contains(#",20,17000,null,"img/"#) && text.contains(#".avif"]]"#), "\(text)")
        // The cache remembers it: the next build decodes nothing and says the same.
        let again = try await build(site)
        #expect(again.images.decoded == 0 && again.diagnostics.contains { $0.message.contains("published without webp") })
    }
}
