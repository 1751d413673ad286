import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// Embedded ICC profiles converted to sRGB (lcms2), JPEGs that libjpeg decodes despite stray bytes,
/// and maxPixels applied to what a DCT-scaled decode holds in memory.
struct ColorAndLimitsTests {
    private func pipeline(_ widths: [Int] = [64], maxPixels: Int = 100_000_000) -> ImagePipeline {
        ImagePipeline(settings: .init(widths: widths, quality: 95, maxPixels: maxPixels, maxSourceBytes: 50_000_000))
    }

    /// APP2 markers carrying a profile, split into chunks of at most `chunk` bytes ("ICC_PROFILE\0", seq, count, data).
    private func iccMarkers(_ profile: [UInt8], chunk: Int = 60_000) -> [(Int, [UInt8])] {
        let parts = stride(from: 0, to: profile.count, by: chunk).map { Array(profile[$0..<min($0 + chunk, profile.count)]) }
        return parts.enumerated().map { i, part in (2, Array("ICC_PROFILE".utf8) + [0, UInt8(i + 1), UInt8(parts.count)] + part) }
    }

    /// The mean colour of the first variant, as three ints.
    private func color(_ output: ImagePipeline.Output) -> [Int] {
        [1, 3, 5].map { Int(output.facts.averageColor.dropFirst($0).prefix(2), radix: 16)! }
    }

    private func solid(_ rgb: (UInt8, UInt8, UInt8), markers: [(Int, [UInt8])] = []) throws -> Data {
        try JPEGCodec.encode(Painter.solid(width: 128, height: 96, rgb: rgb), quality: 98, markers: markers)
    }

    private func near(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    @Test func aProfileThatSwapsThePrimariesIsHonoured() throws {
        // Red and green primaries exchanged: the file's "red" channel means sRGB green.
        let swapped = try #require(ColorManagement.rgbProfile(red: (0.30, 0.60), green: (0.64, 0.33), blue: (0.15, 0.06)))
        let tagged = try pipeline().process(try solid((220, 30, 30), markers: iccMarkers(swapped)))
        let untagged = try pipeline().process(try solid((220, 30, 30)))
        #expect(near(color(untagged), [220, 30, 30], 4), "\(untagged.facts.averageColor)")
        let c = color(tagged)
        #expect(c[1] > 180 && c[0] < 80 && c[2] < 80, "expected green, got \(tagged.facts.averageColor)")
        #expect(tagged.colorWarning == nil)
    }

    @Test func aProfileInSeveralChunksIsJoined() throws {
        let swapped = try #require(ColorManagement.rgbProfile(red: (0.30, 0.60), green: (0.64, 0.33), blue: (0.15, 0.06)))
        #expect(swapped.count > 300)
        let output = try pipeline().process(try solid((220, 30, 30), markers: iccMarkers(swapped, chunk: 150)))
        #expect(color(output)[1] > 180, "\(output.facts.averageColor)")
    }

    @Test func displayP3MatchesTheReferenceConversion() throws {
        let p3 = try #require(ColorManagement.rgbProfile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060)))
        for rgb in [(200, 100, 50), (40, 160, 90), (120, 120, 200), (128, 128, 128)] {
            let output = try pipeline().process(try solid((UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2)), markers: iccMarkers(p3)))
            let expected = Self.p3ToSRGB([rgb.0, rgb.1, rgb.2])
            #expect(near(color(output), expected, 3), "P3 \(rgb): got \(output.facts.averageColor), expected \(expected)")
        }
    }

    /// Display P3 to sRGB by the published matrices (D65 both, same transfer curve), independent of lcms2.
    static func p3ToSRGB(_ rgb: [Int]) -> [Int] {
        func linear(_ v: Int) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func encoded(_ l: Double) -> Int {
            let c = min(1, max(0, l))
            return Int(((c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255).rounded())
        }
        let m = [[1.2249, -0.2247, 0.0], [-0.0420, 1.0419, 0.0], [-0.0197, -0.0786, 1.0979]]
        let l = rgb.map(linear)
        return m.map { row in encoded(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]) }
    }

    /// A real Adobe RGB (1998) profile (Debian's icc-profiles-free, installed by .ci/run), against the
    /// published Adobe RGB → sRGB conversion: gamma 563/256, same D65 white, same red and blue primaries.
    @Test func adobeRGBMatchesTheReferenceConversion() throws {
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc")))
        func linear(_ v: Int) -> Double { pow(Double(v) / 255, 563.0 / 256.0) }
        func encoded(_ l: Double) -> Int {
            let c = min(1, max(0, l))
            return Int(((c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255).rounded())
        }
        let m = [[1.3983557, -0.3983557, 0.0], [0.0, 1.0, 0.0], [0.0, -0.0429289, 1.0429289]]
        for rgb in [[200, 100, 50], [60, 150, 110], [128, 128, 128], [90, 90, 210]] {
            let output = try pipeline().process(try solid((UInt8(rgb[0]), UInt8(rgb[1]), UInt8(rgb[2])), markers: iccMarkers(profile)))
            let l = rgb.map(linear)
            let expected = m.map { row in encoded(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]) }
            #expect(near(color(output), expected, 3), "Adobe RGB \(rgb): got \(output.facts.averageColor), expected \(expected)")
            #expect(output.colorWarning == nil)
        }
    }

    @Test func aBrokenProfileIsTakenAsSRGBWithAWarning() throws {
        let garbage = [UInt8](repeating: 0x5A, count: 400)
        let output = try pipeline().process(try solid((200, 100, 50), markers: iccMarkers(garbage)))
        #expect(near(color(output), [200, 100, 50], 4), "\(output.facts.averageColor)")
        #expect(output.colorWarning?.contains("ICC profile") == true && output.colorWarning?.contains("taken as sRGB") == true)
        #expect(output.warning == nil)
    }

    @Test func outputsCarryNoProfile() throws {
        let p3 = try #require(ColorManagement.rgbProfile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060)))
        for variant in try pipeline([32, 64]).process(try solid((1, 2, 3), markers: iccMarkers(p3))).variants {
            let bytes = [UInt8](variant.data)
            #expect(!bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xE2 }, "an APP2 marker in the output")
        }
    }

    @Test func strayBytesBeforeAMarkerDecodeWithAWarning() throws {
        // libjpeg: "Corrupt JPEG data: 3 extraneous bytes before marker 0xdb" — and then the picture.
        let good = try solid((30, 140, 200))
        let odd = good.prefix(2) + Data([0x00, 0x12, 0x34]) + good.dropFirst(2)
        #expect(ImageFormat.sniff(odd) == .media(.jpeg))
        let output = try pipeline().process(odd)
        #expect(output.warning?.contains("extraneous bytes") == true, "\(output.warning ?? "no warning")")
        #expect(near(color(output), [30, 140, 200], 4))
    }

    @Test func maxPixelsGuardsWhatIsHeldInMemory() throws {
        let big = try JPEGCodec.encode(Painter.portrait(width: 2400, height: 1600, hue: 120, shade: 0.4), quality: 80)
        // 3.84 MP declared; 300x200 held at 1/8 for a 160-pixel variant.
        let scaled = try pipeline([160], maxPixels: 1_000_000).process(big)
        #expect(scaled.variants.map(\.size.width) == [160])
        #expect {
            _ = try pipeline([2400], maxPixels: 1_000_000).process(big)
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .tooLarge && e?.message.contains("even at 1/1") == true && e?.message.contains("maxPixels (1000000)") == true
        }
        // The same header over a few bytes of data is a bomb: refused before any decoding.
        #expect {
            _ = try pipeline([160], maxPixels: 1_000_000).process(big.prefix(2_000))
        } throws: { error in
            (error as? ImagingError)?.message.contains("decompression bomb") == true
        }
        // A progressive file keeps every coefficient of its full size whatever the scale, so the limit
        // applies to its full size; under the limit it renders like any other.
        let progressive = try JPEGCodec.encode(raw: Painter.portrait(width: 2400, height: 1600, hue: 120, shade: 0.4).bytes,
                                               width: 2400, height: 1600, components: 3, quality: 80, flags: .progressive)
        #expect {
            _ = try pipeline([160], maxPixels: 1_000_000).process(progressive)
        } throws: { error in
            let e = error as? ImagingError
            return e?.code == .tooLarge && e?.message.contains("progressive JPEG of 2400x1600") == true
                && e?.message.contains("11–23 MB") == true
        }
        #expect(try pipeline([160], maxPixels: 4_000_000).process(progressive).variants.map(\.size.width) == [160])
    }
}
