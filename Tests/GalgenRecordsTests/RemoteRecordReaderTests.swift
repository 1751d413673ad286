import Foundation
import GalgenConfig
import GalgenCore
import Testing

@testable import GalgenRecords

struct RemoteRecordReaderTests {
    private func document(_ json: String, _ name: String = "https://api.test/page") throws -> JSONDocument {
        try JSONDocument(data: Data(json.utf8), sourceName: name)
    }

    @Test(arguments: [
        ("https://is1-ssl.mzstatic.com/image/thumb/Purple/v4/aa/source/100x100bb.jpg", "https://is1-ssl.mzstatic.com/image/thumb/Purple/v4/aa/source/640x640bb.jpg"),
        ("https://x/AppIcon-0-0-1x_U007emarketing-0-85-220.png/512x512bb.jpg", "https://x/AppIcon-0-0-1x_U007emarketing-0-85-220.png/640x640bb.jpg"),
        ("https://x/11..jpg/30x30bb.jpg", "https://x/11..jpg/640x640bb.jpg"),
        ("https://x/a/2100x2100bb-92.png", "https://x/a/640x640bb.jpg"),
        ("https://x/a/100x100.webp", "https://x/a/640x640bb.jpg"),
        ("https://x/100x100bb.jpg/cover.jpg", "https://x/100x100bb.jpg/cover.jpg"),  // last segment is no size token
        ("http://a1.phobos.apple.com/us/r1000/mzi.qzdqwsel.100x100-75.jpg", "http://a1.phobos.apple.com/us/r1000/mzi.qzdqwsel.100x100-75.jpg"),
        ("https://x/a/100x100bb.jpg?v=2", "https://x/a/640x640bb.jpg?v=2"),
    ])
    func artworkSizeTokenIsRewrittenInTheLastSegmentOnly(original: String, expected: String) {
        #expect(ITunesResult.rewriteArtwork(original, width: 640) == expected)
    }

    @Test func queryStringsAreEncodedAndParametersReplaced() {
        #expect(QueryString.appending([("term", "café & co"), ("limit", "5")], to: "https://x/search") == "https://x/search?term=caf%C3%A9%20%26%20co&limit=5")
        #expect(QueryString.setting("page", to: "3", in: "https://x/f?page=1&q=a") == "https://x/f?page=3&q=a")
        #expect(QueryString.setting("page", to: "2", in: "https://x/f?q=a#top") == "https://x/f?q=a&page=2")
        #expect(QueryString.setting("page", to: "1", in: "https://x/f") == "https://x/f?page=1")
    }

    @Test func randomUserIsPagedUpToTheCountWithAShortLastPage() throws {
        let query = RandomUserQuery(url: "https://r.test/api/1.4/", count: 25, seed: "s", perRequest: 10)
        let config = SourceConfig(name: "people", title: "People", kind: .randomuser, origin: .randomUser(query),
                                  items: FieldPath("results")!, fields: RandomUserQuery.defaultFields)
        var reader = RemoteRecordReader(config: config, baseDirectory: "/site", largestImageWidth: 640)
        #expect(reader.firstURL == "https://r.test/api/1.4/?results=10&page=1&seed=s")
        func users(_ n: Int, page: Int) -> String {
            "{\"results\": [" + (0..<n).map { #"{"login": {"uuid": "u\#(page)-\#($0)"}, "name": {"first": "A", "last": "B"}}"# }.joined(separator: ",") + "]}"
        }
        let second = reader.read(.document(try document(users(10, page: 1))), from: reader.firstURL)
        #expect(second == "https://r.test/api/1.4/?results=10&page=2&seed=s")
        let third = reader.read(.failed("HTTP 503"), from: second!)
        #expect(third == "https://r.test/api/1.4/?results=5&page=3&seed=s", "a failed page does not stop computed paging")
        #expect(reader.read(.document(try document(users(3, page: 3))), from: third!) == nil)
        let set = reader.recordSet
        #expect(set.records.count == 13)
        #expect(set.diagnostics.map(\.code).filter { $0.hasPrefix("source.") }.sorted() == ["source.page-failed", "source.short-page"])
    }

    @Test func iTunesResultsOfEachKindGetIdTitleSubtitleLinkAndImage() throws {
        let config = SourceConfig(name: "apps", title: "Apps", kind: .itunes, origin: .iTunes(ITunesQuery(term: "x")),
                                  items: FieldPath("results")!, fields: ITunesQuery.normalisedFields)
        var reader = RemoteRecordReader(config: config, baseDirectory: "/site", largestImageWidth: 320)
        let body = """

            {"resultCount": 4, "results": [
              {"wrapperType": "software", "kind": "software", "trackId": 6450330892, "trackName": "Snap", "sellerName": "Snap Inc.", "artistName": "Snap", "trackViewUrl": "https://apps.apple.com/app/id6450330892", "artworkUrl512": "https://m/x.png/512x512bb.jpg"},
              {"wrapperType": "collection", "collectionType": "Album", "collectionId": 77, "collectionName": "Tides", "artistName": "Mira", "collectionViewUrl": "https://music.apple.com/album/77", "artworkUrl100": "https://m/y/100x100bb.jpg"},
              {"wrapperType": "artist", "artistType": "Artist", "artistId": 5, "artistName": "성시경 & 아이유", "artistLinkUrl": "https://music.apple.com/artist/5"},
              {"kind": "ebook", "trackId": 9, "trackName": "Middlemarch", "artistName": "George Eliot", "description": "<br /><i>x</i>"}
            ]}
            """
        #expect(reader.read(.document(try document(body)), from: reader.firstURL) == nil)
        let records = reader.recordSet.records
        #expect(records.map(\.id) == ["6450330892", "77", "5", "9"])
        #expect(records.map(\.title) == ["Snap", "Tides", "성시경 & 아이유", "Middlemarch"])
        #expect(records.map(\.subtitle) == ["Snap Inc.", "Mira", nil, "George Eliot"])
        #expect(records[0].image == .url("https://m/x.png/320x320bb.jpg"))
        #expect(records[0].imageFallback == "https://m/x.png/512x512bb.jpg")
        #expect(records[1].link == "https://music.apple.com/album/77")
        #expect(records[2].image == nil)
        #expect(reader.recordSet.diagnostics.filter { $0.code == "record.missing-image" }.count == 2)
    }

    @Test func apiErrorBodiesAreFailedPagesNotRecords() throws {
        let config = SourceConfig(name: "apps", title: "Apps", kind: .itunes, origin: .iTunes(ITunesQuery(term: "x", country: "zz")),
                                  items: FieldPath("results")!, fields: ITunesQuery.normalisedFields)
        let reader = RemoteRecordReader(config: config, baseDirectory: "/site", largestImageWidth: 320)
        let problem = reader.problem(in: try document(#"{"errorMessage": "Invalid value(s) for key(s): [country]"}"#))
        #expect(problem == #"the API answered with an error: "Invalid value(s) for key(s): [country]""#)
        #expect(reader.problem(in: try document(#"{"resultCount": 0, "results": []}"#)) == nil)
    }
}
