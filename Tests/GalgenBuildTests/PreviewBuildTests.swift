import Foundation
import GalgenBuild
import GalgenTestSupport
import Testing

/// Each image's ThumbHash preview through the build: in the gallery data (`p`), on the item pages and
/// album covers (`data-ph`; not in gallery cells, which take it from the data and keep the first page
/// small), the same everywhere, the same on every build (cold, warm, another cache), and remade once from
/// a cache entry written before previews existed.
struct PreviewBuildTests {
    private static let config = #""formats": ["jpeg"], "imageWidths": [100, 150]"#

    /// Every `"k"` → `"p"` of the collection's shards.
    private func dataPreviews(_ site: FixtureSite) throws -> [String: String] {
        let folder = site.outputPath + "/data/things"
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name != "manifest.json" && name.hasSuffix(".json") {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            for item in (object as? [String: Any])?["items"] as? [[String: Any]] ?? [] {
                if let key = item["k"] as? String, let preview = item["p"] as? String { found[key] = preview }
            }
        }
        return found
    }

    private func page(_ site: FixtureSite, _ path: String) throws -> String {
        String(decoding: try site.directory.read("public/" + path), as: UTF8.self)
    }

    private func snapshot(_ site: FixtureSite, _ folder: String) throws -> [(String, Data)] {
        try FixtureSite.snapshot(of: site.outputPath + "/" + folder)
    }

    @Test func everyImageHasItsPreviewInTheDataAndTheCells() async throws {
        let site = try FixtureSite(count: 4, config: Self.config)
        defer { site.directory.remove() }
        _ = try await build(site)
        let data = try dataPreviews(site)
        #expect(data.keys.sorted() == ["item-0", "item-1", "item-2", "item-3"])
        #expect(Set(data.values).count == 4, "each image its own: \(data)")
        for preview in data.values {
            #expect((20...40).contains(preview.count) && preview.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" },
                    "base64 without padding: \(preview)")
        }
        for (key, preview) in data {
            let item = try page(site, "things/\(key)/index.html")
            #expect(item.contains(#"<figure class="photo" style="background-color: #"#) && item.contains(#" data-ph="\#(preview)">"#), "\(key)")
        }
        // The home page's card: its cover is the first item's picture, with that item's preview.
        #expect(try page(site, "index.html").contains(#" data-ph="\#(data["item-0"] ?? "-")">"#))
        let gallery = try page(site, "things/index.html")
        #expect(gallery.contains(#"<span class="thumb""#) && !gallery.contains("data-ph"), "cells take the preview from the data")
    }

    @Test func previewsAndShardsAreTheSameOnEveryBuild() async throws {
        let one = try FixtureSite(count: 3, config: Self.config)
        let two = try FixtureSite(count: 3, config: Self.config)
        defer { one.directory.remove(); two.directory.remove() }
        _ = try await build(one)
        let cold = try snapshot(one, "data")
        _ = try await build(two)
        #expect(try snapshot(two, "data").map(\.1) == cold.map(\.1), "another cache: byte-identical shards")
        let warm = try await build(one)
        #expect(warm.images.decoded == 0)
        #expect(try snapshot(one, "data").map(\.1) == cold.map(\.1), "a warm build: byte-identical shards")
        #expect(try dataPreviews(one) == dataPreviews(two) && !(try dataPreviews(one)).isEmpty)
    }

    @Test func aCacheEntryFromBeforePreviewsIsRemadeOnce() async throws {
        let site = try FixtureSite(count: 3, config: Self.config)
        defer { site.directory.remove() }
        _ = try await build(site)
        let previews = try dataPreviews(site)
        let shards = try snapshot(site, "data")
        // Take the preview out of every source entry, as a cache written by an older galgen holds them.
        let sources = site.cachePath + "/sources"
        for (name, bytes) in try FixtureSite.snapshot(of: sources) {
            var object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            #expect(object["preview"] is String)
            object["preview"] = nil
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: sources + "/" + name))
        }
        let remade = try await build(site)
        #expect(remade.images.decoded == 3 && remade.images.encoded == 0 && remade.images.damaged == 0,
                "decoded again for the preview alone, no variant encoded")
        #expect(try dataPreviews(site) == previews)
        #expect(try snapshot(site, "data").map(\.1) == shards.map(\.1))
        let after = try await build(site)
        #expect(after.images.decoded == 0, "the entry was rewritten with its preview")
    }
}
