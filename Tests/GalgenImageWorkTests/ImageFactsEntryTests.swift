import Foundation
@testable import GalgenImageWork
import GalgenCore
import GalgenImaging
import Testing

/// A source's ``ImageFacts`` are cached with its variants, in the metadata entry's flat shape that
/// earlier galgen versions wrote: an upgrade reads their entries (no image decoded again, nothing
/// reported damaged), and an entry from before previews existed has no facts (it is decoded once more).
struct ImageFactsEntryTests {
    typealias Entry = ImageMaker.SourceEntry

    @Test func anEntryWrittenBeforeFactsWereOneValueIsRead() throws {
        let old = ##"{"averageColor":"#102030","info":{"height":3000,"orientation":6,"storedHeight":4000,"storedWidth":3000,"width":4000},"preview":"AbC"}"##
        let entry = try JSONDecoder().decode(Entry.self, from: Data(old.utf8))
        #expect(entry.facts == ImageFacts(width: 4000, height: 3000, averageColor: "#102030", preview: "AbC"))
    }

    @Test func theFactsRoundTripInTheSameKeys() throws {
        let info = ImagePipeline.SourceInfo(storedWidth: 640, storedHeight: 480)
        for facts in [ImageFacts(width: 640, height: 480, averageColor: "#ffeedd", preview: "xyz"),
                      ImageFacts(width: 640, height: 480, averageColor: "#ffeedd", preview: nil)] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let bytes = try encoder.encode(Entry(info: info, facts: facts, warning: nil, skipped: nil))
            let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            #expect(Set(object.keys) == ["averageColor", "info", "preview"], "the keys earlier versions read")
            #expect(try JSONDecoder().decode(Entry.self, from: bytes).facts == facts)
        }
    }

    @Test func anEntryFromBeforePreviewsHasNoFacts() throws {
        let old = ##"{"averageColor":"#102030","info":{"height":3,"orientation":1,"storedHeight":3,"storedWidth":4,"width":4}}"##
        #expect(try JSONDecoder().decode(Entry.self, from: Data(old.utf8)).facts == nil)
    }
}
