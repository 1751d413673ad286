import GalgenSidecars
import Testing

/// Sidecar files in sigal's meta-line layout and in Hugo-style front matter.
struct SidecarTests {
    @Test func sigalMetaLinesWithContinuation() {
        let text = """
            Title: Summer at the lake
            Date: 2024-07-14
            Thumbnail: IMG_0042.jpg
            Author: Ana
            Place: North shore,
                near the old pier
            \tand the boathouse
            Tags: a, b

            The *whole* family came.

            A second paragraph.
            """
        let sidecar = Sidecar.parse(text)
        #expect(sidecar.title == "Summer at the lake")
        #expect(sidecar.date == "2024-07-14")
        #expect(sidecar.thumbnail == "IMG_0042.jpg")
        #expect(sidecar.fields == [
            .init(key: "author", value: "Ana"),
            .init(key: "place", value: "North shore,\nnear the old pier\nand the boathouse"),
            .init(key: "tags", value: "a, b"),
        ])
        #expect(sidecar.description == "The *whole* family came.\n\nA second paragraph.")
        #expect(sidecar.descriptionLine == 10)
    }

    @Test func theDescriptionsFirstLineIsTheFilesLine() {
        #expect(Sidecar.parse("Just text").descriptionLine == 1)
        #expect(Sidecar.parse("\u{FEFF}Title: T\r\n\r\n\r\nBody").descriptionLine == 4)
        #expect(Sidecar.parse("---\ntitle: T\ntags: [a, b]\n---\n\nBody").descriptionLine == 6)
        #expect(Sidecar.parse("Title: T\n").descriptionLine == 1)  // no description: no line to name
    }

    @Test func keysAreCaseInsensitiveAndRepeatsJoin() {
        let sidecar = Sidecar.parse("TITLE: One\ntitle: Two\nMy-Key_2: x\n\nBody")
        #expect(sidecar.title == "One\nTwo")
        #expect(sidecar.field("MY-KEY_2") == "x")
        #expect(sidecar.description == "Body")
    }

    @Test func metaBlockEndsAtFirstNonKeyLine() {
        let sidecar = Sidecar.parse("Title: T\nThis line is the description.\nMore.")
        #expect(sidecar.title == "T")
        #expect(sidecar.description == "This line is the description.\nMore.")
    }

    @Test func noMetaBlockMeansAllDescription() {
        for text in ["Just a *description*.\n\nTitle: not a key here", "# Heading\n\nText", "    indented: code\n"] {
            let sidecar = Sidecar.parse(text)
            #expect(sidecar == Sidecar(description: text))
        }
        #expect(Sidecar.parse("") == Sidecar())
        #expect(Sidecar.parse("Title: only\n") == Sidecar(title: "only"))
    }

    @Test func keyLinesAllowUpToThreeSpacesAndNoSpaceAfterColon() {
        let sidecar = Sidecar.parse("   Title:Tight\nurl: http://example.com/x\n\n")
        #expect(sidecar.title == "Tight")
        #expect(sidecar.field("url") == "http://example.com/x")
        #expect(sidecar.description == "")
        let notKey = Sidecar.parse("    Title: four spaces\n")
        #expect(notKey.title == nil)
        #expect(notKey.description == "    Title: four spaces\n")
    }

    @Test func valuesKeepQuotesInMetaLines() {
        #expect(Sidecar.parse("Title: \"Quoted\"\n\nx").title == "\"Quoted\"")
    }

    @Test func frontMatterWithQuotesAndLists() {
        let text = """
            ---
            title: "A \\"quoted\\" title: with colon"
            date: 2024-05-01T10:00:00+02:00
            thumbnail: 'cover''s.jpg'
            tags: [beach, "sun, sea", 'x']
            empty: []
            Camera: Fujifilm X100V   # a comment
            people:
              - Ana
              - "Bo"
            summary: >
              folded over
              two lines
            # a comment line

            ---

            Body *text*.
            """
        let sidecar = Sidecar.parse(text)
        #expect(sidecar.title == "A \"quoted\" title: with colon")
        #expect(sidecar.date == "2024-05-01T10:00:00+02:00")
        #expect(sidecar.thumbnail == "cover's.jpg")
        #expect(sidecar.fields == [
            .init(key: "tags", value: "beach\nsun, sea\nx"),
            .init(key: "empty", value: ""),
            .init(key: "camera", value: "Fujifilm X100V"),
            .init(key: "people", value: "Ana\nBo"),
            .init(key: "summary", value: "folded over two lines"),
        ])
        #expect(sidecar.description == "Body *text*.")
    }

    @Test func frontMatterEscapesAndUnsupportedValues() {
        let sidecar = Sidecar.parse("---\na: \"caf\\u00e9\\tx\"\nb: \"unclosed\nc: {x: 1}\nd: [nested, [no]]\n...\nBody")
        #expect(sidecar.field("a") == "café\tx")
        #expect(sidecar.field("b") == "\"unclosed")
        #expect(sidecar.field("c") == "{x: 1}")
        #expect(sidecar.field("d") == "[nested, [no]]")
        #expect(sidecar.description == "Body")
    }

    @Test func openingDashesWithoutClosingFollowMetaRules() {
        let sidecar = Sidecar.parse("---\nTitle: T\n\nBody\n")
        #expect(sidecar.title == "T")
        #expect(sidecar.description == "Body\n")
    }

    @Test func byteOrderMarkAndCRLF() {
        let sidecar = Sidecar.parse("\u{FEFF}Title: T\r\nDate: 2020\r\n  \r\nLine one\r\nLine two\rLine three")
        #expect(sidecar.title == "T")
        #expect(sidecar.date == "2020")
        #expect(sidecar.description == "Line one\nLine two\nLine three")
        let front = Sidecar.parse("\u{FEFF}---\r\ntitle: \"F\"\r\n---\r\nBody\r\n")
        #expect(front.title == "F")
        #expect(front.description == "Body\n")
    }

    @Test func unicodeKeysAreNotKeys() {
        let sidecar = Sidecar.parse("Títol: x\n")
        #expect(sidecar.title == nil && sidecar.fields.isEmpty)
        #expect(sidecar.description == "Títol: x\n")
    }
}
