import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import Testing

/// Albums by a field: named by the value (or its year, month, first letter), folders unique after
/// slugging, records without a value in one album at the end.
struct RecordGroupsTests {
    static let fields = [FieldSpec(name: "genre", path: FieldPath("g")!), FieldSpec(name: "released", path: FieldPath("r")!, type: .date)]

    private func record(_ title: String, genre: String? = nil, released: String? = nil) -> Record {
        var r = Record(id: title, slug: Slug.make(title), title: title, origin: "t")
        r.fields = [genre.map { FieldValue(text: $0) }, released.map { FieldValue(text: $0, datetime: $0, number: 0) }]
        return r
    }

    private func group(_ records: [Record], _ spec: GroupSpec, language: String = "en") -> (groups: [RecordGroup], diagnostics: [Diagnostic]) {
        RecordGroups.group(records, by: spec, fields: Self.fields, language: language, source: "apps")
    }

    @Test func valuesMakeAlbumsInCollationOrderWithTheRestLast() {
        let records = [record("a", genre: "Rock"), record("b"), record("c", genre: "Électro"), record("d", genre: "Jazz"), record("e", genre: "Rock")]
        let (groups, diagnostics) = group(records, GroupSpec(field: "genre"))
        #expect(groups.map(\.title) == ["Électro", "Jazz", "Rock", "No genre"])
        #expect(groups.map(\.slug) == ["electro", "jazz", "rock", "no-genre"])
        #expect(groups.map(\.members) == [[2], [3], [0, 4], [1]])
        #expect(groups.last?.isRest == true && diagnostics.isEmpty)
        let descending = group(records, GroupSpec(field: "genre", order: .desc)).groups
        #expect(descending.map(\.title) == ["Rock", "Jazz", "Électro", "No genre"])
        // Every record is in exactly one album.
        #expect(groups.flatMap(\.members).sorted() == Array(records.indices))
    }

    @Test func emptyAndSingleGroups() {
        #expect(group([], GroupSpec(field: "genre")).groups.isEmpty)
        let none = group([record("a"), record("b")], GroupSpec(field: "genre")).groups
        #expect(none.map(\.title) == ["No genre"] && none[0].members == [0, 1])
        let one = group([record("a", genre: "Jazz"), record("b", genre: "Jazz")], GroupSpec(field: "genre")).groups
        #expect(one.map(\.title) == ["Jazz"] && one[0].members == [0, 1])
    }

    @Test func hostileAndCollidingNamesGetUniqueSafeFolders() {
        let records = [record("a", genre: "<script>alert(1)</script>"), record("b", genre: "Rock"), record("c", genre: "rock"),
                       record("d", genre: "ROCK!"), record("e", genre: "page"), record("f", genre: "../../etc"), record("g", genre: "東京")]
        let (groups, diagnostics) = group(records, GroupSpec(field: "genre"))
        let slugs = groups.map(\.slug)
        #expect(Set(slugs).count == slugs.count, "\(slugs)")
        #expect(slugs.allSatisfy { $0.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" } }, "\(slugs)")
        #expect(!slugs.contains("page"), "page/ holds the album list's later pages")
        #expect(slugs.contains("script-alert-1-script") && slugs.contains("etc"))
        // The names stay as written (the templates escape them); each renamed folder is reported.
        #expect(groups.contains { $0.title == "<script>alert(1)</script>" })
        #expect(diagnostics.count == 3 && diagnostics.allSatisfy { $0.code == "group.slug-collision" && $0.severity == .warning })
        #expect(groups.filter { $0.slug.hasPrefix("rock") }.map(\.slug).sorted() == ["rock", "rock-2", "rock-3"])
    }

    @Test func tenThousandGroups() {
        let records = (0..<20_000).map { record("r\($0)", genre: "Genre \($0 % 10_000)") }
        let (groups, diagnostics) = group(records, GroupSpec(field: "genre"))
        #expect(groups.count == 10_000 && diagnostics.isEmpty)
        #expect(groups.allSatisfy { $0.members.count == 2 })
        // Digit runs compare by value: Genre 2 before Genre 10.
        #expect(groups.prefix(3).map(\.title) == ["Genre 0", "Genre 1", "Genre 2"] && groups.last?.title == "Genre 9999")
        #expect(Set(groups.map(\.slug)).count == 10_000)
    }

    @Test func datesByYearOrMonthAndTitlesByLetter() {
        let records = [record("Émile", released: "2015-06-01"), record("anna", released: "2014-12-31"), record("Zoë", released: "2015-01-20"),
                       record("42 Days", released: "2015"), record("Łukasz"), record("ørsted", released: "2015-06-30")]
        #expect(group(records, GroupSpec(field: "released", bucket: .year)).groups.map(\.title) == ["2014", "2015", "No released"])
        #expect(group(records, GroupSpec(field: "released", bucket: .year, order: .desc)).groups.map(\.title) == ["2015", "2014", "No released"])
        let months = group(records, GroupSpec(field: "released", bucket: .month)).groups
        #expect(months.map(\.title) == ["2014-12", "2015", "2015-01", "2015-06", "No released"])
        #expect(months[3].members == [0, 5])
        let letters = group(records, GroupSpec(field: "title", bucket: .letter)).groups
        #expect(letters.map(\.title) == ["#", "A", "E", "L", "O", "Z"])
    }
}
