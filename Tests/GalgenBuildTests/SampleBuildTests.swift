import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import GalgenValidation
import Testing

struct SampleBuildTests {
    /// The sample as published (with a `baseURL`, so sitemap, robots.txt and absolute Open Graph
    /// tags are part of the output), built three times: cold, warm, and cold again into another
    /// output folder with another cache folder. Every file and every byte must be the same.
    @Test func sampleBuildsDeterministicallyAndValidates() async throws {
        let sample = try Repository.publishedSample(baseURL: "https://example.org/galgen/")
        defer { sample.remove() }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        func run(_ name: String, cache: String) async throws -> BuildReport {
            try await SiteBuilder(
                options: BuildOptions(configPath: sample.path + "/config.json", outputDirectory: dir.path + "/" + name,
                                      cacheDirectory: dir.path + "/" + cache, jobs: 2),
                environment: environment()).build()
        }
        // The second source shows the same people newest member first, in one album per year joined.
        let people = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sample.path + "/Samples/people.json"))) as? [String: Any]
        let results = try #require(people?["results"] as? [[String: Any]])
        let years = Set(results.compactMap { (($0["registered"] as? [String: Any])?["date"] as? String)?.prefix(4) }).count
        #expect(years > 10)
        let cold = try await run("a", cache: "cache")
        #expect(cold.records == 120)
        #expect(cold.diagnostics == [])
        #expect(cold.images.sources == 56 && cold.images.decoded == 56 && cold.images.reused == 0)
        // home, 404, people's gallery pages and items; the album list's pages (one page of 24 cards at most), one gallery page per album, the items again
        #expect(cold.pages == 1 + 1 + 3 + 60 + (years + 23) / 24 + years + 60)
        // per album and for people, a manifest and one shard; the search index, one document shard, one term and one key fragment
        #expect(cold.dataFiles == 2 + 2 * years + 4)

        let warm = try await run("b", cache: "cache")
        #expect(warm.images.decoded == 0 && warm.images.encoded == 0)
        #expect(warm.images.reused == cold.images.encoded)

        let other = try await run("c", cache: "cache2")
        #expect(other.images.decoded == 56)
        let a = try FixtureSite.snapshot(of: dir.path + "/a")
        #expect(a.count > 200)
        #expect(a.filter { $0.0.hasPrefix("data/people/") }.map { String($0.0.prefix { $0 != "-" }) }
            == ["data/people/0", "data/people/manifest.json"])
        #expect(a.filter { $0.0.hasPrefix("search/") }.map { String($0.0.prefix { $0 != "-" }) }
            == ["search/docs/0", "search/index.json", "search/keys/0", "search/terms/0"])
        #expect(a.filter { !$0.0.contains("/") }.map(\.0) == [".galgen-output", "404.html", "index.html", "robots.txt", "sitemap.xml"])
        let sitemap = String(decoding: try #require(a.first { $0.0 == "sitemap.xml" }).1, as: UTF8.self)
        #expect(sitemap.components(separatedBy: "<loc>https://example.org/galgen/").count - 1 == Int(cold.pages) - 1)
        // Sorted by a date first, the grouped source has an Atom feed of its newest people, linked from its pages.
        let feed = String(decoding: try #require(a.first { $0.0 == "members/feed.xml" }).1, as: UTF8.self)
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 50)
        #expect(feed.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/galgen/members/feed.xml\"/>"))
        let albums = String(decoding: try #require(a.first { $0.0 == "members/index.html" }).1, as: UTF8.self)
        #expect(albums.contains(#"type="application/atom+xml""#) && albums.contains("\(years) albums"))
        #expect(a.filter { $0.0.hasPrefix("data/members/") && $0.0.hasSuffix("/manifest.json") }.count == years)
        #expect(!sitemap.contains("404"), "the not-found page is not a page to index")
        // 404.html is sent for missing addresses at any depth, so its links are absolute.
        let notFound = String(decoding: try #require(a.first { $0.0 == "404.html" }).1, as: UTF8.self)
        #expect(notFound.contains(#"href="https://example.org/galgen/assets/style-"#) && notFound.contains(#"content="noindex""#))
        #expect(notFound.contains(#"<a href="https://example.org/galgen/people/">"#))
        for other in ["b", "c"] {
            let b = try FixtureSite.snapshot(of: dir.path + "/" + other)
            #expect(a.map(\.0) == b.map(\.0))
            for ((path, bytes), (_, otherBytes)) in zip(a, b) where bytes != otherBytes {
                Issue.record("\(other)/\(path) differs from a/\(path)")
            }
        }

        let check = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: dir.path + "/a")
        #expect(check.issues == [])
        #expect(check.pages == Int(cold.pages))
    }

    @Test func committedSampleMatchesItsGenerator() throws {
        for file in try SampleGenerator.files() {
            let committed = try Data(contentsOf: URL(fileURLWithPath: Repository.samples + "/" + file.path))
            #expect(committed == file.data, "Samples/\(file.path) differs from the generator: run swift run galgen-samples")
        }
        let total = try FixtureSite.snapshot(of: Repository.samples).reduce(0) { $0 + $1.1.count }
        #expect(total < 3_000_000)
    }
}
