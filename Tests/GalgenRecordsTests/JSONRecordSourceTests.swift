import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import Testing

struct JSONRecordSourceTests {
    private func map(_ json: String, items: String = "", fields: FieldMapping? = nil) throws -> RecordSet {
        let mapping = fields ?? FieldMapping(id: FieldPath("id")!, title: [FieldPath("name.first")!, FieldPath("name.last")!],
                                             subtitle: [FieldPath("city")!], image: FieldPath("pic")!, link: FieldPath("url")!)
        let config = SourceConfig(name: "people", title: "People", kind: .json, origin: .file("/site/p.json"), items: FieldPath(items)!, fields: mapping)
        let doc = try JSONDocument(data: Data(json.utf8), sourceName: "p.json")
        return try JSONRecordSource(config: config, baseDirectory: "/site", fileSystem: LocalFileSystem()).map(doc)
    }

    @Test func mapsFieldsThroughDottedPaths() throws {
        let set = try map(#"{"results": [{"id": "a1", "name": {"first": "Ann", "last": "Lee"}, "city": "Oslo", "pic": "img/a.jpg", "url": "https://x.org"}]}"#, items: "results")
        #expect(set.diagnostics.isEmpty)
        #expect(set.records == [Record(id: "a1", slug: "a1", title: "Ann Lee", subtitle: "Oslo", image: .file("/site/img/a.jpg"),
                                       link: "https://x.org", origin: "p.json:1:14 (results[0])")])
    }

    @Test func numericIdsKeepTheirDigits() throws {
        let set = try map(#"[{"id": 1234567890123456789012, "name": {"first": "X"}}]"#)
        #expect(set.records.first?.id == "1234567890123456789012")
    }

    @Test func recordsWithoutIdAreSkippedAndNamed() throws {
        let set = try map(#"[{"name": {"first": "A"}}, {"id": null}, {"id": {"x": 1}}, {"id": "ok", "name": {"first": "B"}}]"#)
        #expect(set.records.map(\.id) == ["ok"])
        let skipped = set.diagnostics.filter { $0.severity == .error }
        #expect(skipped.map(\.code) == ["record.missing-id", "record.missing-id", "record.bad-id"])
        #expect(skipped[0].subject.contains("p.json:1:2 (items[0])"))
    }

    @Test func duplicateIdsKeepTheFirstAndAreReported() throws {
        let set = try map(#"[{"id": "x", "name": {"first": "First"}}, {"id": "x", "name": {"first": "Second"}}]"#)
        #expect(set.records.map(\.title) == ["First"])
        let duplicate = set.diagnostics.filter { $0.code == "record.duplicate-id" }
        #expect(duplicate.count == 1)
        #expect(duplicate.first?.message.contains("first seen at p.json:1:2") == true)
    }

    @Test func slugCollisionsAreRenamedAndReported() throws {
        let set = try map(#"[{"id": "Ann Lee"}, {"id": "ann-lee"}, {"id": "ANN LEE!"}, {"id": "page"}]"#)
        #expect(set.records.map(\.slug) == ["ann-lee", "ann-lee-2", "ann-lee-3", "page-2"])
        #expect(set.diagnostics.filter { $0.code == "record.slug-collision" }.count == 3)
    }

    @Test func missingTitleFallsBackToId() throws {
        let set = try map(#"[{"id": "z9"}]"#)
        #expect(set.records.first?.title == "z9")
        #expect(set.diagnostics.map(\.code).contains("record.missing-title"))
    }

    @Test func linksMustBeHTTP() throws {
        let set = try map(#"[{"id": "1", "url": "javascript:alert(1)"}, {"id": "2", "url": "//evil"}, {"id": "3", "url": 5}, {"id": "4", "url": "http://ok.example/"}]"#)
        #expect(set.records.map(\.link) == [nil, nil, nil, "http://ok.example/"])
        #expect(set.diagnostics.filter { $0.code == "record.bad-link" }.count == 3)
        #expect(set.diagnostics.contains { $0.message.contains("\"javascript:\"") })
    }

    @Test func imagesAreFilesOrHTTPURLsOnly() throws {
        let set = try map(#"[{"id": "1", "pic": "data:image/png;base64,xx"}, {"id": "2", "pic": 3}, {"id": "3"}, {"id": "4", "pic": "https://cdn.example/a.jpg"}, {"id": "5", "pic": "../up.jpg"}]"#)
        #expect(set.records.map(\.image) == [nil, nil, nil, .url("https://cdn.example/a.jpg"), .file("/up.jpg")])
        #expect(set.diagnostics.map(\.code).filter { $0.contains("image") } == ["record.bad-image-url", "record.bad-image", "record.missing-image"])
    }

    @Test func textIsCleanedOfControlCharactersAndCapped() throws {
        let long = String(repeating: "é", count: 400)
        let set = try map(#"[{"id": "1", "name": {"first": "A\u0000b\u0007\n\tc  \ufffe d"}}, {"id": "2", "name": {"first": "\#(long)"}}]"#)
        #expect(set.records[0].title == "A b c d")
        #expect(set.records[1].title.count == 301)
        #expect(set.diagnostics.map(\.code).filter { $0.contains("title") } == ["record.long-title"])
    }

    /// Plain ASCII text skips the character-by-character cleaning only when that would return it
    /// unchanged: the edges of that shortcut.
    @Test(arguments: [
        (String(repeating: "a", count: 300), String(repeating: "a", count: 300), false),
        (String(repeating: "a", count: 301), String(repeating: "a", count: 300) + "…", true),
        (String(repeating: "ab ", count: 100) + "c", String(repeating: "ab ", count: 100) + "…", true),
        ("  two  spaces  ", "two spaces", false),
        ("tab\tand\u{7f}del", "tab and del", false),
        ("ok text", "ok text", false),
    ])
    func asciiTextIsCleanedLikeAnyText(raw: String, title: String, long: Bool) throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: [["id": "1", "name": ["first": raw]]]), as: UTF8.self)
        let set = try map(json)
        #expect(set.records.first?.title == title)
        #expect(set.diagnostics.contains { $0.code == "record.long-title" } == long)
    }

    @Test func hostileTextIsKeptVerbatimForEscaping() throws {
        let set = try map(#"[{"id": "1", "name": {"first": "<script>alert(\"x\")</script>", "last": "&amp; مرحبا 🦊"}}]"#)
        #expect(set.records.first?.title == "<script>alert(\"x\")</script> &amp; مرحبا 🦊")
    }

    @Test func itemsPathMustLeadToAnArray() {
        #expect(throws: RecordError.self) { try map(#"{"results": {"a": 1}}"#, items: "results") }
        #expect(throws: RecordError.self) { try map(#"{"data": []}"#, items: "results") }
    }
}
