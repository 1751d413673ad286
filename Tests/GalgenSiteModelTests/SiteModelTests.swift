import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenSiteModel
import Testing

/// The site model's few derived values, and a site file's bytes made again on demand.
struct SiteModelTests {
    @Test func shownFieldsAreTheFieldsWithAValueInTheSourcesOrder() {
        let fields = [FieldSpec(name: "genre", path: FieldPath("g")!), FieldSpec(name: "price", path: FieldPath("p")!, type: .number),
                      FieldSpec(name: "home", path: FieldPath("h")!, type: .url)]
        var record = Record(id: "1", slug: "a", title: "A", origin: "t")
        record.fields = [FieldValue(text: "Games"), nil, FieldValue(text: "a.example", href: "https://a.example")]
        let shown = Item(record: record, image: nil).shownFields(fields)
        #expect(shown.map(\.spec.name) == ["genre", "home"] && shown.map(\.value.text) == ["Games", "a.example"])
    }

    @Test func anAlbumIsNamedWithItsGroup() {
        #expect(Collection(name: "apps/games", title: "Games", items: [], group: 0, groupTitle: "Apps").fullTitle == "Apps › Games")
        #expect(Collection(name: "people", title: "People", items: []).fullTitle == "People")
        var album = Collection(name: "trips/rome", title: "Rome", items: [])
        #expect(album.folder == nil)
        album.folder = ("trips", "2024/rome")
        #expect(album.folder?.source == "trips" && album.folder?.path == "2024/rome")
    }

    @Test func anImagesFilesAreTheFallbackThenEachSource() {
        let jpeg = [ImageVariant(path: "img/a-160.jpg", width: 160, height: 90), ImageVariant(path: "img/a-320.jpg", width: 320, height: 180)]
        let avif = ImageSource(type: "image/avif", variants: jpeg.map { ImageVariant(path: $0.path.replacingOccurrences(of: ".jpg", with: ".avif"),
                                                                                      width: $0.width, height: $0.height) })
        let image = ItemImage(variants: jpeg, sources: [avif], facts: ImageFacts(width: 320, height: 180, averageColor: "#102030"))
        #expect(image.files.map(\.path) == ["img/a-160.jpg", "img/a-320.jpg", "img/a-160.avif", "img/a-320.avif"])
    }

    @Test func aSiteFileMakesItsBytesAgainAndAKeyedOneKeepsItsNameAndKey() {
        let made = SiteFile(path: "data/x-1.json", bytes: Data("[1]".utf8), make: { Data("[1]".utf8) })
        #expect(made.data == Data("[1]".utf8) && made.key == OutputKey(digesting: Data("[1]".utf8)))
        let reused = SiteFile(path: made.path, key: made.key, make: { Data("[1]".utf8) })
        #expect(reused.path == made.path && reused.key == made.key && reused.data == made.data)
    }
}
