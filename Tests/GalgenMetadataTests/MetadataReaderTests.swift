import Foundation
import GalgenMetadata
import GalgenTestSupport
import XCTest

/// The fixtures of Tests/Fixtures/metadata (written by scripts/make-metadata-fixtures.sh) and real camera
/// photos of the upstream corpus, read back with the values exiftool reports for them.
final class MetadataReaderTests: XCTestCase {
    static func fixture(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: Repository.root + "/Tests/Fixtures/metadata/" + name)))
    }

    static func corpus(_ path: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: Repository.root + "/Tests/corpus/upstream/" + path)))
    }

    /// The values full.jpg, full.png, full.webp and full.tif all carry.
    private func assertFull(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (m, warnings) = MetadataReader.read(try Self.fixture(name))
        XCTAssertEqual(warnings, [], name, file: file, line: line)
        XCTAssertEqual(m.dateTaken, "2019-05-04T13:22:01+02:00", name, file: file, line: line)
        XCTAssertEqual(m.dateSource, "DateTimeOriginal", name, file: file, line: line)
        XCTAssertEqual(m.make, "Galgen Optics", name, file: file, line: line)  // trailing space trimmed
        XCTAssertEqual(m.model, "GX-1", name, file: file, line: line)
        XCTAssertEqual(m.lens, "GX 35mm F2.8", name, file: file, line: line)
        XCTAssertEqual(m.focalLength, 35, name, file: file, line: line)
        XCTAssertEqual(m.aperture, 2.8, name, file: file, line: line)
        XCTAssertEqual(m.exposureTime ?? 0, 0.004, accuracy: 1e-9, name, file: file, line: line)
        XCTAssertEqual(m.exposureText, "1/250", name, file: file, line: line)
        XCTAssertEqual(m.iso, 200, name, file: file, line: line)
        XCTAssertEqual(m.pixelWidth, 64, name, file: file, line: line)
        XCTAssertEqual(m.pixelHeight, 48, name, file: file, line: line)
        XCTAssertEqual(m.title, "Eiffel Tower at noon", name, file: file, line: line)
        XCTAssertEqual(m.caption, "Seen from the Champ de Mars.", name, file: file, line: line)
        XCTAssertEqual(m.keywords, ["Paris", "tower", "Tour Eiffel"], name, file: file, line: line)
        XCTAssertEqual(m.rating, 4, name, file: file, line: line)
        XCTAssertEqual(m.creator, "Ada Lovelace, Charles Babbage", name, file: file, line: line)
        XCTAssertEqual(m.gps?.latitude ?? 0, 48.8584, accuracy: 1e-6, name, file: file, line: line)
        XCTAssertEqual(m.gps?.longitude ?? 0, 2.2945, accuracy: 1e-6, name, file: file, line: line)
        XCTAssertEqual(m.gps?.altitude ?? 0, 35, accuracy: 1e-6, name, file: file, line: line)
        XCTAssertFalse(m.isEmpty, file: file, line: line)
    }

    func testJPEGWithExifAndXMP() throws { try assertFull("full.jpg") }
    func testPNGWithExifAndXMP() throws { try assertFull("full.png") }
    func testWebPWithExifAndXMP() throws { try assertFull("full.webp") }
    func testTIFFWithExifAndXMP() throws { try assertFull("full.tif") }

    func testIPTCOnly() throws {
        let (m, warnings) = MetadataReader.read(try Self.fixture("iptc-only.jpg"))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(m.title, "Harbour at dawn")
        XCTAssertEqual(m.caption, "Fishing boats coming in.")
        XCTAssertEqual(m.keywords, ["harbour", "boats", "café"])
        XCTAssertEqual(m.creator, "Grace Hopper")
        XCTAssertNil(m.dateTaken)
        XCTAssertNil(m.gps)
    }

    func testXMPWinsOverIPTC() throws {
        let (m, _) = MetadataReader.read(try Self.fixture("xmp-and-iptc.jpg"))
        XCTAssertEqual(m.title, "XMP title")
        XCTAssertEqual(m.caption, "XMP caption")
        XCTAssertEqual(m.keywords, ["xmp-keyword"])
        XCTAssertEqual(m.creator, "XMP Author")
    }

    func testZeroDateIsAbsent() throws {
        let (m, _) = MetadataReader.read(try Self.fixture("zero-date.jpg"))
        XCTAssertNil(m.dateTaken)
        XCTAssertNil(m.dateSource)
        XCTAssertEqual(m.make, "Zero")
    }

    func testDateTimeDigitizedFallback() throws {
        let (m, _) = MetadataReader.read(try Self.fixture("digitized.jpg"))
        XCTAssertEqual(m.dateTaken, "2020-01-02T03:04:05")
        XCTAssertEqual(m.dateSource, "DateTimeDigitized")
    }

    func testXMPDateFallbackAndRejectedRating() throws {
        let (m, _) = MetadataReader.read(try Self.fixture("xmp-date.jpg"))
        XCTAssertEqual(m.dateTaken, "2018-07-14T21:05:00+01:00")
        XCTAssertEqual(m.dateSource, "XMP photoshop:DateCreated")
        XCTAssertEqual(m.rating, -1)
    }

    /// Real photos (upstream corpus; values as `exiftool -s` reports them). broken_exif_dpi.jpg and
    /// ultrahdr.jpg come from python-pillow/Pillow (MIT-CMU), the Paris files from AOMediaCodec/libavif
    /// (BSD 2-Clause); see Tests/corpus/upstream/README.md.
    func testNikonD800() throws {
        let (m, _) = MetadataReader.read(try Self.corpus("jpeg/broken_exif_dpi.jpg"))
        XCTAssertEqual(m.make, "NIKON CORPORATION")
        XCTAssertEqual(m.model, "NIKON D800")
        XCTAssertEqual(m.dateTaken, "2013-09-11T16:45:13")
        XCTAssertEqual(m.lens, "14.0-24.0 mm f/2.8")
        XCTAssertEqual(m.aperture, 8)
        XCTAssertEqual(m.exposureText, "1/250")
        XCTAssertEqual(m.iso, 400)
        XCTAssertEqual(m.focalLength, 14)
        XCTAssertEqual(m.pixelWidth, 1500)
        XCTAssertEqual(m.pixelHeight, 1000)
    }

    /// (The corpus's PNG of the same photo, png/libavif-paris_icc_exif_xmp.png, keeps its EXIF and XMP in
    /// ImageMagick's legacy hex-encoded zTXt "Raw profile type" chunks, which are not read.)
    func testPixel4aJPEG() throws {
        for path in ["jpeg/paris_exif_xmp_icc.jpg"] {
            let (m, _) = MetadataReader.read(try Self.corpus(path))
            XCTAssertEqual(m.make, "Google", path)
            XCTAssertEqual(m.model, "Pixel 4a", path)
            XCTAssertEqual(m.dateTaken, "2022-08-22T20:30:46+02:00", path)
            XCTAssertEqual(m.lens, "Pixel 4a back camera 4.38mm f/1.73", path)
            XCTAssertEqual(m.iso, 47, path)
            XCTAssertEqual(m.pixelWidth, 4032, path)
        }
    }

    func testPixel6WithGPS() throws {
        let (m, _) = MetadataReader.read(try Self.corpus("jpeg/ultrahdr.jpg"))
        XCTAssertEqual(m.make, "Google")
        XCTAssertEqual(m.model, "Pixel 6")
        XCTAssertEqual(m.dateTaken, "2024-05-07T09:33:04+08:00")
        XCTAssertEqual(m.aperture, 1.85)
        XCTAssertEqual(m.exposureText, "1/25")
        XCTAssertEqual(m.gps?.latitude ?? 0, 30.62765, accuracy: 1e-5)
        XCTAssertEqual(m.gps?.longitude ?? 0, 119.738766666667, accuracy: 1e-5)
    }

    /// Files without metadata, and formats not read, give empty metadata.
    func testNoMetadata() throws {
        let (plain, warnings) = MetadataReader.read(try Self.corpus("png/pngsuite-basn2c08.png"))
        XCTAssertTrue(plain.isEmpty)
        XCTAssertEqual(warnings, [])
        let (heic, heicWarnings) = MetadataReader.read(try Self.corpus("heif/example.heic"))
        XCTAssertTrue(heic.isEmpty)
        XCTAssertEqual(heicWarnings, [])
        let (junk, junkWarnings) = MetadataReader.read(Array("hello".utf8))
        XCTAssertTrue(junk.isEmpty)
        XCTAssertEqual(junkWarnings.count, 1)
        XCTAssertTrue(MetadataReader.read([UInt8]()).metadata.isEmpty)
    }

    func testCodableRoundTrip() throws {
        let (m, _) = MetadataReader.read(try Self.fixture("full.jpg"))
        let decoded = try JSONDecoder().decode(PhotoMetadata.self, from: JSONEncoder().encode(m))
        XCTAssertEqual(decoded, m)
    }
}
