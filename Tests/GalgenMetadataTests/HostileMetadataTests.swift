import Foundation
import GalgenMetadata
import XCTest

/// Damaged and hostile files: truncated, bit-flipped, offsets pointing outside, entity bombs, huge packets.
/// Nothing may crash, hang or fetch; what can still be read is returned.
final class HostileMetadataTests: XCTestCase {
    static let fixtures = ["full.jpg", "full.png", "full.webp", "full.tif", "iptc-only.jpg", "xmp-and-iptc.jpg",
                           "zero-date.jpg", "digitized.jpg", "xmp-date.jpg"]

    /// A deterministic generator (xorshift64*), so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    func testEveryTruncationReads() throws {
        for name in Self.fixtures {
            let bytes = try MetadataReaderTests.fixture(name)
            let full = MetadataReader.read(bytes).metadata
            let step = max(1, bytes.count / 400)
            for length in stride(from: 0, through: bytes.count, by: step) {
                _ = MetadataReader.read(Array(bytes[..<length]))
            }
            // Cut anywhere after the metadata, a JPEG reads as a whole (the image data is never looked at).
            if name.hasSuffix(".jpg"), let sos = Self.startOfScan(bytes) {
                XCTAssertEqual(MetadataReader.read(Array(bytes[..<(sos + 2)])).metadata, full, name)
            }
        }
    }

    func testTruncatedJPEGKeepsEarlierSegments() throws {
        let bytes = try MetadataReaderTests.fixture("full.jpg")
        // full.jpg holds EXIF then XMP: cut inside the XMP segment, the EXIF values survive.
        let xmpAt = try XCTUnwrap(Self.find(Array("http://ns.adobe.com/xap/1.0/".utf8), in: bytes))
        let (m, warnings) = MetadataReader.read(Array(bytes[..<(xmpAt + 40)]))
        XCTAssertEqual(m.make, "Galgen Optics")
        XCTAssertEqual(m.dateTaken, "2019-05-04T13:22:01+02:00")
        XCTAssertNil(m.title)
        XCTAssertFalse(warnings.isEmpty)
    }

    func testRandomByteFlips() throws {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for name in Self.fixtures {
            let bytes = try MetadataReaderTests.fixture(name)
            for _ in 0..<150 {
                var damaged = bytes
                for _ in 0..<(1 + random.below(8)) {
                    damaged[random.below(damaged.count)] = UInt8(truncatingIfNeeded: random.next())
                }
                let (m, _) = MetadataReader.read(damaged)
                for text in [m.title, m.caption, m.make, m.model, m.lens, m.creator].compactMap({ $0 }) {
                    XCTAssertLessThanOrEqual(text.count, MetadataReader.maximumTextLength)
                    XCTAssertFalse(text.contains("\0"))
                }
            }
        }
    }

    /// EXIF whose IFD entries point far outside the block: nothing read from there, no crash.
    func testExifOffsetsOutside() {
        var tiff: [UInt8] = Array("II*\0".utf8) + le32(8) + le16(3)
        tiff += le16(0x010F) + le16(2) + le32(40) + le32(0xFFFF_FF00)  // Make: ASCII, 40 bytes, far away
        tiff += le16(0x8769) + le16(4) + le32(1) + le32(0x7FFF_FFF0)  // ExifIFD pointer outside
        tiff += le16(0x8825) + le16(4) + le32(1) + le32(8)  // GPS IFD pointing back at IFD0 (a loop)
        tiff += le32(8)  // next IFD: IFD0 again (a loop)
        let file = Self.jpeg([(0xE1, Array("Exif\0\0".utf8) + tiff)])
        let (m, _) = MetadataReader.read(file)
        XCTAssertNil(m.make)
        XCTAssertNil(m.dateTaken)
        XCTAssertNil(m.gps)
    }

    func testXMPAttributesAndLanguageAlternatives() {
        let packet = Self.xmp("""
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
              xmlns:exif="http://ns.adobe.com/exif/1.0/" xmp:Rating="3" exif:DateTimeOriginal="2017-03-04T05:06">
              <dc:title><rdf:Alt><rdf:li xml:lang="fr">Titre</rdf:li><rdf:li xml:lang="x-default"> Title </rdf:li></rdf:Alt></dc:title>
              <dc:description><rdf:Alt><rdf:li xml:lang="de">Beschreibung</rdf:li></rdf:Alt></dc:description>
              <dc:subject><rdf:Bag><rdf:li>a</rdf:li><rdf:li>b</rdf:li><rdf:li>a</rdf:li><rdf:li> </rdf:li></rdf:Bag></dc:subject>
            </rdf:Description>
            """)
        let (m, warnings) = MetadataReader.read(Self.jpeg([(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet)]))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(m.title, "Title")
        XCTAssertEqual(m.caption, "Beschreibung")
        XCTAssertEqual(m.keywords, ["a", "b"])
        XCTAssertEqual(m.rating, 3)
        XCTAssertEqual(m.dateTaken, "2017-03-04T05:06:00")
        XCTAssertEqual(m.dateSource, "XMP exif:DateTimeOriginal")
    }

    func testXMPEntityBombAndExternalEntityAreRefused() {
        let bomb = """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
            <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
            """
        let external = """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/hostname">
            <!ENTITY net SYSTEM "http://192.0.2.1/xmp">]>
            """
        for prolog in [bomb, external] {
            let body = #"<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&h;&xxe;&net;</dc:title></rdf:Description>"#
            let packet = Array(prolog.utf8) + Self.xmp(body)
            let started = Date()
            let (m, warnings) = MetadataReader.read(Self.jpeg([(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet)]))
            XCTAssertNil(m.title)
            XCTAssertEqual(warnings.count, 1)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        }
    }

    func testHugeXMPIsCapped() {
        let filler = "<!-- " + String(repeating: "x", count: 1_100_000) + " -->"
        let packet = Self.xmp(#"<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:title="Big"/>"#) + Array(filler.utf8)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Self.pngChunk("IHDR", be32(1) + be32(1) + [8, 2, 0, 0, 0])
        png += Self.pngChunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + packet)
        png += Self.pngChunk("IEND", [])
        let (m, warnings) = MetadataReader.read(png)
        XCTAssertNil(m.title)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("limit"), warnings[0])
    }

    func testLongTextsAreCapped() {
        let long = String(repeating: "é", count: 9_000)
        let packet = Self.xmp(#"<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>\#(long)</dc:title></rdf:Description>"#)
        let (m, _) = MetadataReader.read(Self.jpeg([(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet)]))
        XCTAssertEqual(m.title?.count, MetadataReader.maximumTextLength)
    }

    /// The metadata of a JPEG is read from the segments before its image data, however big the file.
    func testLargeJPEGReadsFast() throws {
        var bytes = try MetadataReaderTests.fixture("full.jpg")
        bytes.removeLast(2)  // EOI
        bytes += [UInt8](repeating: 0x55, count: 12_000_000) + [0xFF, 0xD9]
        let clock = ContinuousClock()
        var best = Duration.seconds(1)
        for _ in 0..<20 {
            let elapsed = clock.measure { XCTAssertEqual(MetadataReader.read(bytes).metadata.make, "Galgen Optics") }
            best = min(best, elapsed)
        }
        print("GalgenMetadata: one read of a 12 MB JPEG, best of 20: \(best)")
        XCTAssertLessThan(best, .milliseconds(5), "best of 20: \(best)")
    }

    // MARK: - Building files

    static func jpeg(_ segments: [(marker: UInt8, payload: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        for s in segments { out += [0xFF, s.marker] + be16(s.payload.count + 2) + s.payload }
        return out + [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]
    }

    static func xmp(_ description: String) -> [UInt8] {
        Array(("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            \(description)
            </rdf:RDF></x:xmpmeta>
            """).utf8)
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]  // CRCs are not checked
    }

    static func startOfScan(_ b: [UInt8]) -> Int? {
        var at = 2
        while at + 4 <= b.count, b[at] == 0xFF {
            if b[at + 1] == 0xDA { return at }
            at += 2 + (Int(b[at + 2]) << 8 | Int(b[at + 3]))
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
func be32(_ v: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } }
