import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// The ThumbHash encoder: what a hash says (mean colour, aspect ratio, alpha) read back by a decoder
/// written here from the format's description, pinned hashes the node tests decode
/// (Tests/node/thumbhash.test.mjs), determinism, and the preview the pipeline makes.
struct ThumbHashTests {
    /// What a hash's header says: its mean colour (0…1, straight), whether it has alpha, and the
    /// approximate aspect ratio (width / height).
    struct Header {
        var r, g, b, a: Double
        var hasAlpha: Bool
        var ratio: Double

        init(_ hash: [UInt8]) {
            let h24 = Int(hash[0]) | Int(hash[1]) << 8 | Int(hash[2]) << 16
            let h16 = Int(hash[3]) | Int(hash[4]) << 8
            let l = Double(h24 & 63) / 63
            let p = Double(h24 >> 6 & 63) / 31.5 - 1
            let q = Double(h24 >> 12 & 63) / 31.5 - 1
            hasAlpha = h24 >> 23 & 1 == 1
            let landscape = h16 >> 15 == 1
            let side = hasAlpha ? 5 : 7
            let lx = landscape ? side : h16 & 7, ly = landscape ? h16 & 7 : side
            ratio = Double(lx) / Double(ly)
            b = l - 2.0 / 3 * p
            r = (3 * l - b + q) / 2
            g = r - q
            a = hasAlpha ? Double(hash[5] & 15) / 15 : 1
            (r, g, b) = (min(max(r, 0), 1), min(max(g, 0), 1), min(max(b, 0), 1))
        }

        var rgb255: [Int] { [r, g, b].map { Int(($0 * 255).rounded()) } }
    }

    static func solid(_ w: Int, _ h: Int, _ rgb: [UInt8]) -> PixelBuffer {
        PixelBuffer(width: w, height: h, bytes: Array((0..<w * h).map { _ in rgb }.joined()))
    }

    static func bytes(_ base64: String) -> [UInt8] {
        let padded = base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return [UInt8](Data(base64Encoded: padded) ?? Data())
    }

    @Test func aSolidColourReadsBackAsThatColour() {
        for rgb: [UInt8] in [[200, 30, 40], [20, 160, 60], [40, 70, 220], [128, 128, 128], [250, 250, 250], [5, 5, 5]] {
            let header = Header(ThumbHash.encode(Self.solid(40, 40, rgb)))
            let got = header.rgb255
            #expect(zip(got, rgb).allSatisfy { abs($0 - Int($1)) <= 8 }, "\(rgb) came back as \(got)")
            #expect(!header.hasAlpha && header.a == 1)
        }
    }

    @Test func theAspectRatioIsEncoded() {
        let landscape = Header(ThumbHash.encode(Self.solid(100, 50, [90, 90, 90])))
        let portrait = Header(ThumbHash.encode(Self.solid(50, 100, [90, 90, 90])))
        let square = Header(ThumbHash.encode(Self.solid(64, 64, [90, 90, 90])))
        #expect(abs(landscape.ratio - 7.0 / 4) < 1e-9, "2:1 is 7:4 in luminance terms, got \(landscape.ratio)")
        #expect(abs(portrait.ratio - 4.0 / 7) < 1e-9, "1:2 is 4:7, got \(portrait.ratio)")
        #expect(square.ratio == 1)
        #expect(landscape.ratio > 1 && portrait.ratio < 1)
    }

    @Test func alphaIsKeptWhenSomePixelIsNotOpaque() {
        // Left half opaque red, right half transparent.
        var bytes: [UInt8] = []
        for _ in 0..<32 { for x in 0..<32 { bytes += x < 16 ? [220, 20, 20, 255] : [0, 0, 0, 0] } }
        let hash = ThumbHash.encode(PixelBuffer(width: 32, height: 32, channels: 4, bytes: bytes))
        let header = Header(hash)
        #expect(header.hasAlpha)
        #expect(abs(header.a - 0.5) < 0.1, "half the pixels are opaque: \(header.a)")
        #expect(header.rgb255[0] > 180 && header.rgb255[1] < 60, "the transparent half lends no colour: \(header.rgb255)")
    }

    @Test func theSizeStaysSmall() {
        // A busy image (every AC term used) of each shape.
        for (w, h) in [(100, 100), (100, 40), (30, 100), (1, 1)] {
            var bytes: [UInt8] = []
            for y in 0..<h { for x in 0..<w { bytes += [UInt8((x * 37 + y * 11) & 255), UInt8((x * x + y) & 255), UInt8((y * 53) & 255)] } }
            let text = ThumbHash.base64(ThumbHash.encode(PixelBuffer(width: w, height: h, bytes: bytes)))
            #expect((16...40).contains(text.count), "\(w)x\(h): \(text) is \(text.count) characters")
            #expect(!text.contains("="), "no padding")
        }
    }

    /// Pinned: the node tests decode these very strings and check the colour and the size.
    @Test func pinnedHashes() {
        #expect(ThumbHash.base64(ThumbHash.encode(Self.solid(60, 40, [200, 30, 40]))) == Self.pinned[0])
        #expect(ThumbHash.base64(ThumbHash.encode(Self.solid(40, 60, [40, 70, 220]))) == Self.pinned[1])
        // Red on the left to blue on the right, 2:1.
        var gradient: [UInt8] = []
        for _ in 0..<50 { for x in 0..<100 { gradient += [UInt8(255 - x * 255 / 99), 0, UInt8(x * 255 / 99)] } }
        #expect(ThumbHash.base64(ThumbHash.encode(PixelBuffer(width: 100, height: 50, bytes: gradient))) == Self.pinned[2])
    }

    /// A busy image (no flat channel) gives the bytes the format's reference implementation (evanw/thumbhash's
    /// `rgbaToThumbHash`, run once by hand) gives. (For a flat channel the reference writes rounding noise
    /// where this encoder writes zeros; the decoded picture is the same.)
    @Test func aBusyImageMatchesTheReference() {
        var bytes: [UInt8] = []
        for y in 0..<77 { for x in 0..<91 { bytes += [UInt8((x * 7 + y) & 255), UInt8((x ^ y) & 255), UInt8((x * y) & 255)] } }
        #expect(ThumbHash.base64(ThumbHash.encode(PixelBuffer(width: 91, height: 77, bytes: bytes))) == "2IYGDoZjJqBUdqWHdWiWd3h2tVf/kHo")
    }

    static let pinned = ["VloDBYCIiIiIiIiIiIiIiIiIiIiI", "28IBBQCIiIiIiIiIiIiIiIiIiIiI", "FfYCnJqIiIiIiIiIiIh/d/h3hw"]

    @Test func deterministic() {
        var bytes: [UInt8] = []
        for y in 0..<77 { for x in 0..<91 { bytes += [UInt8((x * 7 + y) & 255), UInt8((x ^ y) & 255), UInt8((x * y) & 255)] } }
        let image = PixelBuffer(width: 91, height: 77, bytes: bytes)
        let first = ThumbHash.encode(image)
        for _ in 0..<5 { #expect(ThumbHash.encode(image) == first) }
    }

    @Test func fitKeepsTheShapeWithin100() throws {
        let big = Self.solid(640, 200, [10, 20, 30])
        let small = try #require(ThumbHash.fit(big))
        #expect(small.width == 100 && small.height == 31)
        #expect(ThumbHash.fit(Self.solid(80, 20, [1, 2, 3]))?.width == 80)
    }

    @Test(arguments: [1, 6, 8])
    func thePipelineMakesAnUprightPreviewInItsMeanColour(orientation: Int) throws {
        // A portrait stored as a camera would (turned for 6 and 8), tagged with its orientation.
        let upright = Self.solid(400, 600, [30, 120, 200])
        let inverse = [1: 1, 6: 8, 8: 6][orientation] ?? 1
        let data = try JPEGCodec.encode(PixelOps.orient(upright, orientation: inverse), quality: 95,
                                        markers: [(1, ExifOrientation.app1Payload(orientation: orientation))])
        let pipeline = ImagePipeline(settings: .init(widths: [160], quality: 82, maxPixels: 100_000_000, maxSourceBytes: 50_000_000))
        let output = try pipeline.process(data)
        let preview = try #require(output.facts.preview)
        let header = Header(Self.bytes(preview))
        #expect(header.ratio < 1, "a portrait, whatever its orientation: \(preview)")
        #expect(zip(header.rgb255, [30, 120, 200]).allSatisfy { abs($0 - $1) <= 10 }, "\(header.rgb255)")
        #expect(try pipeline.process(data).facts.preview == preview, "the same bytes every time")
    }
}
