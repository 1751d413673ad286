@testable import GalgenRecords
import Testing

/// Record text is cleaned by a quick look at text that is clean already and rebuilt scalar by scalar
/// otherwise: both must give the same text, for every script.
struct TextCleanerTests {
    @Test func theWhiteSpaceListIsUnicodes() {
        for v in UInt32(0xA0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            #expect(TextCleaner.isWhiteSpace(v) == scalar.properties.isWhitespace, "U+\(String(v, radix: 16))")
        }
    }

    @Test func aTextTakenAsItIsIsWhatRebuildingItGives() {
        let pieces = ["a", "Z", "7", " ", "  ", "é", "Île", "ß", "Ω", "жизнь", "日本", "😀", "\u{301}", "\u{A0}", "\u{2003}",
                      "\u{3000}", "\u{85}", "\u{9}", "\n", "\u{7F}", "\u{200B}", "\u{202F}"]
            + [0xFDD0, 0xFFFE, 0x1FFFF].map { String(Unicode.Scalar(UInt32($0))!) }  // noncharacters (no literal for them)
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        for _ in 0..<5000 {
            let text = (0..<(next() % 12)).map { _ in pieces[next() % pieces.count] }.joined()
            for limit in [3, 8, 300] {
                let quick = TextCleaner.clean(text, maxLength: limit), slow = TextCleaner.rebuilt(text, maxLength: limit)
                #expect(quick.text == slow.text && quick.truncated == slow.truncated, "\(Array(text.unicodeScalars)) at \(limit)")
            }
        }
    }

    @Test func decimalsDropTheirTrailingZerosUnlessKept() {
        #expect(FieldReader.decimal(4.5, places: 1) == "4.5")
        #expect(FieldReader.decimal(4.0, places: 2) == "4")
        #expect(FieldReader.decimal(4.10, places: 2) == "4.1")
        #expect(FieldReader.decimal(0.05, places: 2) == "0.05")
        #expect(FieldReader.decimal(-0.004, places: 2) == "0")
        #expect(FieldReader.decimal(-1.25, places: 2) == "-1.25")
        #expect(FieldReader.decimal(3.0, places: 2, keepZeros: true) == "3.00")
        #expect(FieldReader.decimal(3.0, places: 0, keepZeros: true) == "3.0")
        #expect(FieldReader.decimal(3.0, places: 0) == "3")
        #expect(FieldReader.decimal(12.3456, places: 3) == "12.346")
    }
}
