import Foundation
import GalgenCache
import GalgenCore
import GalgenImageWork
import GalgenImaging
import GalgenTestSupport
import Testing

/// One source's variants through the disk cache, as the image step makes them: a cold run decodes
/// once for every width, a warm one decodes nothing and gives the same made image (its files' keys
/// and its facts), and a variant lost from the cache is made again alone.
struct ImageMakerTests {
    private struct Site {
        let directory: TemporaryDirectory
        var photo: String { directory.path + "/photo.jpg" }
        var cache: String { directory.path + "/cache" }

        init() throws {
            directory = try TemporaryDirectory(prefix: "galgen-imagework")
            try directory.write(try JPEGCodec.encode(Painter.solid(width: 300, height: 200, rgb: (200, 100, 50)), quality: 95), to: "photo.jpg")
        }

        func maker() throws -> ImageMaker {
            let settings = ImagePipeline.Settings(widths: [64, 128, 600], quality: 80, maxPixels: 50_000_000, maxSourceBytes: 10_000_000)
            return ImageMaker(pipeline: ImagePipeline(settings: settings), cache: try DiskCache(directory: cache, fileSystem: LocalFileSystem()),
                              fileSystem: LocalFileSystem())
        }
    }

    @Test func aWarmRunDecodesNothingAndMakesTheSameImage() throws {
        let site = try Site()
        defer { site.directory.remove() }
        let cold = try site.maker().run(.file(site.photo))
        #expect(cold.failure == nil)
        #expect(cold.decoded && cold.encoded == 2 && cold.reused == 0, "64 and 128 px; no 600 px variant of a 300 px photo")
        let made = try #require(cold.image)
        #expect(made.formats.flatMap(\.variants).map(\.width) == [64, 128])
        #expect(made.facts.width == 300 && made.facts.height == 200)
        let mean = [1, 3, 5].map { Int(made.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
        #expect(zip(mean, [200, 100, 50]).allSatisfy { abs($0 - $1) <= 4 }, "\(made.facts.averageColor)")
        #expect(made.facts.preview?.isEmpty == false)

        let warm = try site.maker().run(.file(site.photo))
        #expect(!warm.decoded && warm.encoded == 0 && warm.reused == 2)
        #expect(warm.image == made, "the facts read back from the cache's entry are the facts the decode found")
    }

    @Test func aLostVariantIsMadeAgainAlone() throws {
        let site = try Site()
        defer { site.directory.remove() }
        let maker = try site.maker()
        let made = try #require(maker.run(.file(site.photo)).image)
        let lost = try #require(made.formats.first?.variants.last)
        try FileManager.default.removeItem(atPath: lost.entry)
        let again = maker.run(.file(site.photo))
        #expect(again.decoded && again.encoded == 1 && again.reused == 1)
        #expect(again.image == made)
    }

    @Test func anUnreadableSourceIsNamedAndMakesNothing() throws {
        let site = try Site()
        defer { site.directory.remove() }
        try site.directory.write("<html>not a picture</html>", to: "page.jpg")
        let missing = try site.maker().run(.file(site.directory.path + "/gone.jpg"))
        #expect(missing.image == nil)
        #expect(missing.failure?.hasPrefix("cannot read the image") == true, "\(missing.failure ?? "")")
        let page = try site.maker().run(.file(site.directory.path + "/page.jpg"))
        #expect(page.image == nil && page.failure != nil && !page.decoded)
    }
}
