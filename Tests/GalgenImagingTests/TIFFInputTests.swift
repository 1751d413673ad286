import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// TIFF inputs through libtiff, written here with libtiff's own writer (``TIFFCodec/encode(_:width:height:options:)``):
/// every photometric, bit depth and compression galgen expects to meet, strips and tiles, byte
/// orders and BigTIFF, the Orientation tag, alpha, ICC profiles, CMYK, several pages, damaged data
/// and the limits.
struct TIFFInputTests {
    private func pipeline(_ widths: [Int] = [32], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 95, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    private func color(_ output: ImagePipeline.Output) -> [Int] {
        [1, 3, 5].map { Int(output.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
    }

    private func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    private func rgb(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Int] { let c = p.pixel(x: x, y: y); return [Int(c.r), Int(c.g), Int(c.b)] }

    /// `w`×`h` copies of one pixel's samples.
    private func fill(_ pixel: [UInt8], _ w: Int = 64, _ h: Int = 48) -> [UInt8] { Array([[UInt8]](repeating: pixel, count: w * h).joined()) }

    /// 16-bit samples in host byte order, each 8-bit value `v` as `v * 257`.
    private func sixteen(_ bytes: [UInt8]) -> [UInt8] { bytes.map { UInt16($0) * 257 }.withUnsafeBytes { [UInt8]($0) } }

    // MARK: - Layouts

    /// The golden picture: 70x50 (not a multiple of the tile size), three regions as in
    /// ``Painter/orientationMarker(width:height:)``: top-left, top-right, the bottom.
    private static let width = 70
    private static let height = 50
    private func region(_ x: Int, _ y: Int) -> Int { y < Self.height / 4 ? (x < Self.width / 4 ? 0 : 1) : 2 }
    /// Where each region is sampled.
    private let probes = [(6, 4), (50, 6), (35, 38)]

    struct Layout: Sendable, CustomTestStringConvertible {
        var name: String
        var options: TIFFCodec.WriteOptions
        var tolerance = 2
        var testDescription: String { name }

        init(_ name: String, tolerance: Int = 2, _ change: (inout TIFFCodec.WriteOptions) -> Void = { _ in }) {
            self.name = name
            self.tolerance = tolerance
            options = TIFFCodec.WriteOptions()
            change(&options)
        }
    }

    static let layouts: [Layout] = [
        Layout("RGB, uncompressed strips"),
        Layout("RGB, one row a strip") { $0.rowsPerStrip = 1 },
        Layout("RGB, big-endian") { $0.bigEndian = true },
        Layout("RGB, BigTIFF") { $0.bigTIFF = true },
        Layout("RGB, BigTIFF big-endian, LZW") { $0.bigTIFF = true; $0.bigEndian = true; $0.compression = 5 },
        Layout("RGB, LZW") { $0.compression = 5; $0.rowsPerStrip = 8 },
        Layout("RGB, LZW with predictor") { $0.compression = 5; $0.predictor = 2 },
        Layout("RGB, Deflate with predictor") { $0.compression = 8; $0.predictor = 2 },
        Layout("RGB, PackBits") { $0.compression = 32773 },
        Layout("RGB, JPEG as YCbCr", tolerance: 14) { $0.compression = 7; $0.photometric = 6 },
        Layout("RGB, JPEG as RGB", tolerance: 14) { $0.compression = 7 },
        Layout("RGB, 16x16 tiles") { $0.tile = 16 },
        Layout("RGB, 32x32 tiles, Deflate, big-endian") { $0.tile = 32; $0.compression = 8; $0.bigEndian = true },
        Layout("RGB, 16x16 tiles, JPEG", tolerance: 14) { $0.tile = 16; $0.compression = 7; $0.photometric = 6 },
        Layout("RGB 16-bit") { $0.bits = 16 },
        Layout("RGB 16-bit, big-endian, LZW") { $0.bits = 16; $0.bigEndian = true; $0.compression = 5 },
        Layout("grey") { $0.channels = 1; $0.photometric = 1 },
        Layout("grey, min-is-white, Deflate") { $0.channels = 1; $0.photometric = 0; $0.compression = 8 },
        Layout("grey 16-bit, big-endian") { $0.channels = 1; $0.photometric = 1; $0.bits = 16; $0.bigEndian = true },
        Layout("bilevel, CCITT G4") { $0.channels = 1; $0.photometric = 0; $0.bits = 1; $0.compression = 4 },
        Layout("bilevel, min-is-black, PackBits") { $0.channels = 1; $0.photometric = 1; $0.bits = 1; $0.compression = 32773 },
        Layout("palette, 8-bit") { $0.channels = 1; $0.photometric = 3 },
        Layout("palette, 4-bit, LZW") { $0.channels = 1; $0.photometric = 3; $0.bits = 4; $0.compression = 5 },
        Layout("CMYK without a profile (naive)") { $0.channels = 4; $0.photometric = 5 },
        Layout("CMYK, tiles, LZW") { $0.channels = 4; $0.photometric = 5; $0.tile = 16; $0.compression = 5 },
    ]

    /// The samples of the golden picture in a layout, and the RGB each region must decode to.
    private func content(_ o: inout TIFFCodec.WriteOptions) -> (samples: [UInt8], expected: [[Int]]) {
        let (w, h) = (Self.width, Self.height)
        let marker: [[UInt8]] = [[20, 220, 20], [230, 20, 20], [20, 20, 230]]
        func pixels(_ values: [[UInt8]]) -> [UInt8] {
            var out: [UInt8] = []
            for y in 0..<h { for x in 0..<w { out += values[region(x, y)] } }
            return out
        }
        func packed(_ values: [UInt8], bits: Int) -> [UInt8] {
            // `bits` per sample, rows padded to whole bytes, most significant bits first.
            var out: [UInt8] = []
            for y in 0..<h {
                var row = [UInt8](repeating: 0, count: (w * bits + 7) / 8)
                for x in 0..<w {
                    let bit = x * bits
                    row[bit / 8] |= values[region(x, y)] << UInt8(8 - bits - bit % 8)
                }
                out += row
            }
            return out
        }
        switch (o.photometric, o.bits) {
        case (2, 16): return (sixteen(pixels(marker)), marker.map { $0.map(Int.init) })
        case (2, _), (6, _): return (pixels(marker), marker.map { $0.map(Int.init) })
        case (0, 1), (1, 1):
            // White, black, white; min-is-white stores white as 0.
            let white: UInt8 = o.photometric == 0 ? 0 : 1
            return (packed([white, 1 - white, white], bits: 1), [[255, 255, 255], [0, 0, 0], [255, 255, 255]])
        case (0, _), (1, _):
            let levels: [UInt8] = [200, 120, 40]
            let stored = o.photometric == 0 ? levels.map { 255 - $0 } : levels
            let samples = pixels(stored.map { [$0] })
            return (o.bits == 16 ? sixteen(samples) : samples, levels.map { [Int($0), Int($0), Int($0)] })
        case (3, let bits):
            var map = [UInt16](repeating: 0, count: 3 << bits)
            for (i, c) in marker.enumerated() { for k in 0..<3 { map[k << bits + i] = UInt16(c[k]) * 257 } }
            o.colormap = map
            return (bits == 8 ? pixels([[0], [1], [2]]) : packed([0, 1, 2], bits: bits), marker.map { $0.map(Int.init) })
        default:
            // CMYK, 255 = full ink: cyan + yellow, magenta + yellow, cyan + magenta.
            return (pixels([[255, 0, 255, 0], [0, 255, 255, 0], [255, 255, 0, 0]]), [[0, 255, 0], [255, 0, 0], [0, 0, 255]])
        }
    }

    @Test(arguments: layouts)
    func everyLayoutDecodesToTheGoldenPixels(layout: Layout) throws {
        var options = layout.options
        let (samples, expected) = content(&options)
        let tiff = try TIFFCodec.encode(samples, width: Self.width, height: Self.height, options: options)
        #expect(ImageFormat.sniff(tiff) == .media(.tiff))
        let info = try TIFFCodec.info(tiff)
        #expect(info.width == Self.width && info.height == Self.height && info.orientation == 1)
        #expect(info.compression == options.compression && info.tiled == (options.tile > 0))
        let decoded = try TIFFCodec.decode(tiff, maxPixels: 1_000_000)
        #expect(decoded.pixels.width == Self.width && decoded.pixels.height == Self.height)
        #expect(!decoded.pixels.hasAlpha && decoded.cmyk == nil && !decoded.morePages && decoded.warning == nil)
        for (n, (x, y)) in probes.enumerated() {
            let got = rgb(decoded.pixels, x, y)
            #expect(near(got, expected[n], layout.tolerance), "\(layout.name): region \(n) at (\(x), \(y)) is \(got), expected \(expected[n])")
        }
        // And through the pipeline, to a variant.
        let output = try pipeline([35]).process(tiff)
        #expect(output.variants.count == 1 && output.variants[0].size.width == 35 && output.variants[0].size.height == 25)
        #expect(output.note == nil && output.colorWarning == nil)
    }

    @Test func bothByteOrdersAndBigTIFFAreSniffed() throws {
        for head: [UInt8] in [[0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0], [0x4D, 0x4D, 0, 0x2B]] {
            #expect(ImageFormat.sniff(Data(head + [UInt8](repeating: 0, count: 12))) == .media(.tiff), "\(head)")
        }
        var options = TIFFCodec.WriteOptions()
        options.bigTIFF = true
        options.bigEndian = true
        let tiff = try TIFFCodec.encode(fill([1, 2, 3], 8, 8), width: 8, height: 8, options: options)
        #expect(Array(tiff.prefix(4)) == [0x4D, 0x4D, 0, 0x2B])
    }

    // MARK: - Orientation

    @Test(arguments: 1...8)
    func theOrientationTagTurnsThePictureUpright(orientation: Int) throws {
        // Paint the marker upright, store it as a camera would (the inverse transform), tag it.
        let upright = Painter.orientationMarker(width: 80, height: 120)
        let inverse = [1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6][orientation]!
        let stored = PixelOps.orient(upright, orientation: inverse)
        var options = TIFFCodec.WriteOptions()
        options.orientation = orientation
        options.compression = 5
        let tiff = try TIFFCodec.encode(stored.bytes, width: stored.width, height: stored.height, options: options)
        #expect(try TIFFCodec.info(tiff).orientation == orientation)
        // The decoder hands over the rows as stored; the pipeline turns them.
        let decoded = try TIFFCodec.decode(tiff, maxPixels: 1_000_000)
        #expect(decoded.orientation == orientation && decoded.pixels == stored)
        let output = try pipeline([80]).process(tiff)
        #expect(output.info.orientation == orientation && output.info.width == 80 && output.info.height == 120)
        let variant = try JPEGCodec.decode(output.variants[0].data).pixels
        #expect(variant.width == 80 && variant.height == 120)
        expectUpright(variant)
    }

    @Test func anOutOfRangeOrientationIsIgnored() throws {
        var options = TIFFCodec.WriteOptions()
        options.orientation = 1
        let tiff = try TIFFCodec.encode(fill([200, 100, 50]), width: 64, height: 48, options: options)
        let bad = patching(tiff, tag: 274, to: 9)
        #expect(try TIFFCodec.info(bad).orientation == 1)
        let output = try pipeline().process(bad)
        #expect(output.info.width == 64 && output.note == nil && near(color(output), [200, 100, 50]))
    }

    // MARK: - Alpha

    @Test(arguments: [
        // (stored samples, photometric, extra sample kind, straight RGBA expected)
        ([200, 100, 50, 128] as [UInt8], 2, 2, [200, 100, 50, 128]),   // RGB, unassociated alpha
        ([100, 50, 25, 128] as [UInt8], 2, 1, [199, 100, 50, 128]),    // RGB, associated (premultiplied) alpha
        ([90, 128] as [UInt8], 1, 2, [90, 90, 90, 128]),               // grey, unassociated alpha
        ([45, 128] as [UInt8], 1, 1, [90, 90, 90, 128]),               // grey, associated alpha
        ([0, 0, 0, 0] as [UInt8], 2, 2, [0, 0, 0, 0]),                 // fully transparent
    ])
    func alphaComesOutStraight(pixel: [UInt8], photometric: Int, kind: Int, expected: [Int]) throws {
        var options = TIFFCodec.WriteOptions()
        options.channels = pixel.count
        options.photometric = photometric
        options.extraAlpha = kind
        options.compression = 8
        let tiff = try TIFFCodec.encode(fill(pixel), width: 64, height: 48, options: options)
        #expect(try TIFFCodec.info(tiff).hasAlpha)
        let decoded = try TIFFCodec.decode(tiff, maxPixels: 1_000_000).pixels
        #expect(decoded.hasAlpha)
        let got = rgb(decoded, 10, 10) + [Int(decoded.alpha(x: 10, y: 10))]
        #expect(near(got, expected), "\(pixel) came out as \(got), expected \(expected)")
    }

    @Test func sixteenBitAlphaAndCompositingOverTheBackground() throws {
        var options = TIFFCodec.WriteOptions()
        options.channels = 4
        options.bits = 16
        options.extraAlpha = 2
        let tiff = try TIFFCodec.encode(sixteen(fill([0, 0, 0, 128])), width: 64, height: 48, options: options)
        let decoded = try TIFFCodec.decode(tiff, maxPixels: 1_000_000).pixels
        #expect(decoded.hasAlpha && decoded.alpha(x: 3, y: 3) == 128)
        // Half-transparent black over white, as for PNG.
        #expect(near(color(try pipeline().process(tiff)), [127, 127, 127]))
    }

    @Test func anOpaqueAlphaChannelGivesRGB() throws {
        var options = TIFFCodec.WriteOptions()
        options.channels = 4
        options.extraAlpha = 2
        let tiff = try TIFFCodec.encode(fill([200, 100, 50, 255]), width: 64, height: 48, options: options)
        let decoded = try TIFFCodec.decode(tiff, maxPixels: 1_000_000).pixels
        #expect(!decoded.hasAlpha && rgb(decoded, 5, 5) == [200, 100, 50])
    }

    // MARK: - Colour

    @Test func theICCProfileIsApplied() throws {
        let swapped = try #require(ColorManagement.rgbProfile(red: (0.30, 0.60), green: (0.64, 0.33), blue: (0.15, 0.06)))
        var options = TIFFCodec.WriteOptions()
        options.compression = 5
        let plain = try TIFFCodec.encode(fill([220, 30, 30]), width: 64, height: 48, options: options)
        options.iccProfile = swapped
        let tagged = try TIFFCodec.encode(fill([220, 30, 30]), width: 64, height: 48, options: options)
        #expect(try TIFFCodec.decode(tagged, maxPixels: 1_000_000).iccProfile == swapped)
        let c = color(try pipeline().process(tagged))
        #expect(c[1] > 180 && c[0] < 80, "expected green, got \(c)")
        #expect(near(color(try pipeline().process(plain)), [220, 30, 30]))
    }

    /// A CMYK print profile (Ghostscript's, from Debian's libgs-common, installed by .ci/run).
    private func cmykProfile() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/default_cmyk.icc")))
    }

    @Test func cmykWithAProfileGoesThroughLittleCMS() throws {
        let profile = try cmykProfile()
        var options = TIFFCodec.WriteOptions()
        options.channels = 4
        options.photometric = 5
        options.compression = 5
        options.iccProfile = profile
        let ink: [UInt8] = [0, 255, 255, 0]   // magenta + yellow: red
        let tiff = try TIFFCodec.encode(fill(ink), width: 64, height: 48, options: options)
        // Kept as CMYK for the profile; without keepCMYK, libtiff's naive conversion.
        let kept = try TIFFCodec.decode(tiff, maxPixels: 1_000_000, keepCMYK: true)
        #expect(kept.cmyk == .cmyk && kept.pixels.channels == 4 && Array(kept.pixels.bytes.prefix(4)) == ink)
        let naive = try TIFFCodec.decode(tiff, maxPixels: 1_000_000)
        #expect(naive.cmyk == nil && rgb(naive.pixels, 5, 5) == [255, 0, 0])
        // The pipeline's colour is lcms2's conversion of the ink through the profile, not the naive red.
        let reference = ColorManagement.toSRGB(PixelBuffer(width: 1, height: 1, channels: 4, bytes: ink), layout: .cmyk, profile: profile)
        #expect(reference.warning == nil)
        let expected = rgb(reference.pixels, 0, 0)
        let output = try pipeline().process(tiff)
        #expect(output.colorWarning == nil)
        #expect(near(color(output), expected), "got \(output.facts.averageColor), lcms2 says \(expected)")
        #expect(!near(expected, [255, 0, 0], 10), "a print profile's red is not sRGB's")
    }

    @Test func cmykWithAProfileInTilesAndOrientation() throws {
        // Tiles, an edge tile, and the orientation applied after the colour conversion.
        let (w, h) = (40, 20)
        var samples: [UInt8] = []
        for _ in 0..<h { for x in 0..<w { samples += x < w / 2 ? [0, 255, 255, 0] : [0, 0, 0, 0] } }   // red ink | no ink
        var options = TIFFCodec.WriteOptions()
        options.channels = 4
        options.photometric = 5
        options.tile = 16
        options.orientation = 3   // turned 180°: the ink ends up on the right
        options.iccProfile = try cmykProfile()
        let tiff = try TIFFCodec.encode(samples, width: w, height: h, options: options)
        let output = try pipeline([40]).process(tiff)
        let variant = try JPEGCodec.decode(output.variants[0].data).pixels
        let left = variant.pixel(x: 4, y: 10), right = variant.pixel(x: 36, y: 10)
        #expect(left.r > 240 && left.g > 240 && left.b > 240, "paper white on the left, was \(left)")
        #expect(right.r > 180 && right.g < 90, "red ink on the right, was \(right)")
    }

    // MARK: - Pages

    @Test func severalPagesShowTheFirstAndSaySo() throws {
        var options = TIFFCodec.WriteOptions()
        options.compression = 8
        options.pages = 3
        let tiff = try TIFFCodec.encode(fill([220, 40, 40]), width: 64, height: 48, options: options)
        let output = try pipeline().process(tiff)
        #expect(near(color(output), [220, 40, 40]), "the first page, not the inverted second: \(output.facts.averageColor)")
        #expect(output.note == "multi-page TIFF: its first page is shown")
        // A reduced-resolution copy (a thumbnail) is not a page.
        options.pages = 1
        options.reducedCopy = true
        let thumbnailed = try TIFFCodec.encode(fill([220, 40, 40]), width: 64, height: 48, options: options)
        #expect(!(try TIFFCodec.decode(thumbnailed, maxPixels: 1_000_000).morePages))
        #expect(try pipeline().process(thumbnailed).note == nil)
    }

    // MARK: - Damage and limits

    /// The first IFD of a little-endian classic TIFF: tag → (type, count, the value field's offset).
    private func entries(_ b: [UInt8]) -> [Int: (type: Int, count: Int, at: Int)] {
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        let ifd = u32(4)
        var out: [Int: (type: Int, count: Int, at: Int)] = [:]
        for n in 0..<u16(ifd) {
            let e = ifd + 2 + n * 12
            out[u16(e)] = (u16(e + 2), u32(e + 4), e + 8)
        }
        return out
    }

    /// The values of a SHORT or LONG tag.
    private func values(_ tiff: Data, tag: Int) -> [Int] {
        let b = [UInt8](tiff)
        guard let e = entries(b)[tag] else { return [] }
        let size = e.type == 3 ? 2 : 4
        let start = e.count * size <= 4 ? e.at : Int(b[e.at]) | Int(b[e.at + 1]) << 8 | Int(b[e.at + 2]) << 16 | Int(b[e.at + 3]) << 24
        return (0..<e.count).map { i in (0..<size).reduce(0) { $0 | Int(b[start + i * size + $1]) << (8 * $1) } }
    }

    /// The file with a SHORT or LONG tag's single value replaced.
    private func patching(_ tiff: Data, tag: Int, to value: Int) -> Data {
        var b = [UInt8](tiff)
        guard let e = entries(b)[tag] else { return tiff }
        for k in 0..<(e.type == 3 ? 2 : 4) { b[e.at + k] = UInt8(value >> (8 * k) & 0xFF) }
        return Data(b)
    }

    @Test func aDamagedStripIsLeftTransparentAndNamed() throws {
        var options = TIFFCodec.WriteOptions()
        options.compression = 8
        options.rowsPerStrip = 8
        var samples: [UInt8] = []
        for y in 0..<48 { for x in 0..<64 { samples += [UInt8(x * 4), UInt8(y * 5), 128] } }   // a gradient, so strips differ
        let tiff = try TIFFCodec.encode(samples, width: 64, height: 48, options: options)
        let offsets = values(tiff, tag: 273), counts = values(tiff, tag: 279)
        #expect(offsets.count == 6 && counts.count == 6)
        var damaged = [UInt8](tiff)
        for i in offsets[2]..<offsets[2] + counts[2] { damaged[i] = 0xFF }   // rows 16–23
        let decoded = try TIFFCodec.decode(Data(damaged), maxPixels: 1_000_000)
        #expect(decoded.warning != nil)
        #expect(decoded.pixels.hasAlpha && decoded.pixels.alpha(x: 10, y: 20) == 0 && decoded.pixels.alpha(x: 10, y: 30) == 255)
        #expect(rgb(decoded.pixels, 10, 40) == [40, 200, 128] && rgb(decoded.pixels, 10, 4) == [40, 20, 128])
        let output = try pipeline().process(Data(damaged))
        #expect(output.note?.hasPrefix("damaged TIFF data (") == true && output.note?.hasSuffix("shown as far as it could be decoded") == true,
                "\(output.note ?? "no note")")
        // Every strip damaged: nothing to show, an error.
        var ruined = [UInt8](tiff)
        for (offset, count) in zip(offsets, counts) { for i in offset..<offset + count { ruined[i] = 0xFF } }
        #expect {
            _ = try pipeline().process(Data(ruined))
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .corrupt && e?.message.hasPrefix("TIFF data is broken: ") == true
        }
    }

    @Test func truncatedAndGarbageFilesAreClearErrors() throws {
        var options = TIFFCodec.WriteOptions()
        options.compression = 5
        let tiff = try TIFFCodec.encode(fill([1, 2, 3]), width: 64, height: 48, options: options)
        // libtiff writes the directory after the image data: a cut loses it.
        for cut in [tiff.prefix(6), tiff.prefix(20), tiff.prefix(tiff.count / 2), tiff.prefix(tiff.count - 10)] {
            #expect {
                _ = try pipeline().process(cut)
            } throws: { error in
                let e = error as? ImagingError
                return e?.code == .corrupt && e?.message.hasPrefix("not a readable TIFF: ") == true && e!.message.count > 21
            }
        }
        #expect {
            _ = try pipeline().process(tiff.prefix(8) + Data(repeating: 0xA5, count: 300))
        } throws: { error in (error as? ImagingError)?.message.contains("not a readable TIFF") == true }
        // A width of 0.
        #expect {
            _ = try pipeline().process(patching(tiff, tag: 256, to: 0))
        } throws: { error in (error as? ImagingError)?.code == .corrupt }
    }

    @Test func samplesLibTIFFCannotConvertAreNamed() throws {
        var options = TIFFCodec.WriteOptions()
        options.channels = 1
        options.photometric = 1
        let tiff = try TIFFCodec.encode(fill([7]), width: 64, height: 48, options: options)
        #expect {
            _ = try pipeline().process(patching(tiff, tag: 258, to: 32))   // BitsPerSample 32
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .unsupportedFormat && e?.message.contains("32-bit") == true
        }
    }

    @Test func overMaxPixelsIsRefusedFromTheHeader() throws {
        let tiff = try TIFFCodec.encode(fill([1, 2, 3]), width: 64, height: 48)
        #expect {
            _ = try pipeline(maxPixels: 1000).process(tiff)
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .tooLarge && e?.message.contains("64x48") == true && e?.message.contains("refused from its header") == true
        }
        #expect {
            _ = try TIFFCodec.decode(tiff, maxPixels: 1000)
        } throws: { error in (error as? ImagingError)?.code == .tooLarge && (error as? ImagingError)?.message.contains("maxPixels") == true }
        // A header that lies: 60000x60000 over the same few bytes.
        let huge = patching(patching(tiff, tag: 256, to: 60000), tag: 257, to: 60000)
        #expect {
            _ = try pipeline().process(huge)
        } throws: { error in (error as? ImagingError)?.message.contains("60000x60000 pixels, more than maxPixels") == true }
    }

    @Test func aDecompressionBombIsRefusedQuickly() throws {
        // 6000x5000 (30 MP, under maxPixels) declared by a file of a few kilobytes.
        var options = TIFFCodec.WriteOptions()
        options.compression = 8
        let tiff = try TIFFCodec.encode(fill([9, 9, 9]), width: 64, height: 48, options: options)
        let bomb = patching(patching(tiff, tag: 256, to: 6000), tag: 257, to: 5000)
        let start = Date()
        #expect {
            _ = try pipeline().process(bomb)
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .tooLarge && e?.message.contains("6000x5000 pixels in only") == true && e?.message.contains("decompression bomb") == true
        }
        #expect(Date().timeIntervalSince(start) < 1)
    }
}
