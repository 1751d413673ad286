import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenTestSupport
import Synchronization
import Testing

/// Reads nothing from the bytes: facts come from a table by file size, and every read is counted.
private final class FakeReader: MediaReading, Sendable {
    let reads = Mutex(0)
    let facts: [Int: MediaFacts]

    init(facts: [Int: MediaFacts] = [:]) { self.facts = facts }

    var version: String { "fake-1" }

    func photo(_ bytes: Data) -> MediaFacts {
        reads.withLock { $0 += 1 }
        return facts[bytes.count] ?? MediaFacts()
    }

    func video(at path: String, posters: String) -> MediaFacts {
        var facts = MediaFacts()
        facts.problems.append("no video reader in this test")
        return facts
    }

    /// `Key: value` lines, a blank line, the rest: enough of sigal's format for these tests.
    func sidecar(_ text: String) -> SidecarText {
        var result = SidecarText()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let line = lines.first, let colon = line.firstIndex(of: ":") {
            lines.removeFirst()
            let key = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "title": result.title = value
            case "date": result.date = value
            case "thumbnail": result.thumbnail = value
            default: result.fields.append(.init(key: key, value: value))
            }
        }
        result.description = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return result
    }

    func markdownImages(_ text: String) -> [String] { [] }
}

struct FolderRecordSourceTests {
    private func source(_ query: FolderQuery = FolderQuery(path: "/photos")) -> SourceConfig {
        SourceConfig(name: "trip", title: "Trip", kind: .folder, origin: .folder(query), items: FieldPath("")!,
                     fields: FolderQuery.fields(gps: query.gps))
    }

    private func tree(_ files: [String: String]) throws -> MemoryFileSystem {
        let fs = MemoryFileSystem()
        for (path, text) in files { try fs.write(path: "/photos/" + path, string: text) }
        return fs
    }

    private func load(_ fs: MemoryFileSystem, _ query: FolderQuery = FolderQuery(path: "/photos"), reader: FakeReader = FakeReader(),
                      cache: inout FolderFactsCache) throws -> (set: RecordSet, summary: FolderSummary) {
        try FolderRecordSource(config: source(query), language: "en", fileSystem: fs, reader: reader, posters: "/cache/posters").load(cache: &cache)
    }

    @Test func everyPhotoIsAnItemAndEveryFolderWithOneAnAlbum() throws {
        let fs = try tree(["a.jpg": "1", "Day 10/b.JPG": "22", "Day 2/c.png": "333", "Day 2/deep/d.webp": "4444",
                           "empty/notes.txt": "x", "clip.mov": "55555", "readme.pdf": "x", ".DS_Store": "x", "Thumbs.db": "x",
                           ".hidden/e.jpg": "x"])
        var cache = FolderFactsCache()
        let (set, summary) = try load(fs, cache: &cache)
        #expect(set.records.map(\.id).sorted() == ["Day 10/b.JPG", "Day 2/c.png", "Day 2/deep/d.webp", "a.jpg", "clip.mov"])
        // Natural order: Day 2 before Day 10; the top first, each album before its sub-albums.
        #expect(summary.albums.map(\.path) == ["", "Day 2", "Day 2/deep", "Day 10"])
        #expect(summary.albums.map(\.slugPath) == ["", "day-2", "day-2/deep", "day-10"])
        #expect(summary.albums[0].subalbums == [1, 3])
        #expect(summary.albums[2].parent == 1)
        #expect(summary.albums[0].title == "Trip")
        #expect(summary.photos == 4 && summary.videoCount == 1)
        #expect(summary.otherFiles == 2 && summary.otherExamples.sorted() == ["empty/notes.txt", "readme.pdf"])
        #expect(summary.hidden == 3)
        #expect(summary.emptyFolders == ["empty"])
        #expect(set.records.first { $0.id == "Day 2/deep/d.webp" }?.album == "Day 2/deep")
        #expect(set.records.first { $0.id == "a.jpg" }?.image == .file("/photos/a.jpg"))
        // The video's facts could not be read: named, not dropped.
        #expect(set.diagnostics.contains { $0.code == "video.unreadable" && $0.subject == "trip: clip.mov" })
    }

    /// A video whose container cannot be read is still published, typed by its extension's row of the format table.
    @Test func anUnreadableVideoIsTypedByItsExtension() throws {
        let fs = try tree(["a.webm": "1", "b.MOV": "22", "c.m4v": "333", "d.mp4": "4444"])
        var cache = FolderFactsCache()
        let records = try load(fs, cache: &cache).set.records
        let types = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0.video?.mimeType) })
        #expect(types == ["a.webm": "video/webm", "b.MOV": "video/quicktime", "c.m4v": "video/mp4", "d.mp4": "video/mp4"])
    }

    @Test func linksAreFollowedOnlyInsideTheFolder() throws {
        let fs = try tree(["real/a.jpg": "1"])
        try fs.write(path: "/elsewhere/secret.jpg", string: "s")
        try fs.createSymbolicLink(at: "/photos/inside", to: "real")
        try fs.createSymbolicLink(at: "/photos/outside", to: "/elsewhere")
        try fs.createSymbolicLink(at: "/photos/escape.jpg", to: "../elsewhere/secret.jpg")
        try fs.createSymbolicLink(at: "/photos/real/loop", to: "..")
        try fs.createSymbolicLink(at: "/photos/dangling.jpg", to: "nowhere.jpg")
        var cache = FolderFactsCache()
        let (set, _) = try load(fs, cache: &cache)
        #expect(set.records.map(\.id).sorted() == ["inside/a.jpg", "real/a.jpg"])
        #expect(!set.records.contains { ($0.image.map { "\($0)" } ?? "").contains("elsewhere") })
        let codes = set.diagnostics.map { "\($0.code) \($0.subject)" }.sorted()
        #expect(codes == ["folder.broken-link trip: dangling.jpg", "folder.link-loop trip: inside/loop", "folder.link-loop trip: real/loop",
                          "folder.link-outside trip: escape.jpg", "folder.link-outside trip: outside"])
    }

    @Test func anotherSitesOutputIsNeverReadAsPhotos() throws {
        let fs = try tree(["a.jpg": "1", "public/img/0123-320.jpg": "2", "public/.galgen-output": "galgen", "old/b.jpg": "3"])
        var cache = FolderFactsCache()
        var reading = FolderRecordSource(config: source(), language: "en", fileSystem: fs, reader: FakeReader(), posters: "/p")
        reading.siteMarker = ".galgen-output"
        #expect(try reading.load(cache: &cache).set.records.map(\.id).sorted() == ["a.jpg", "old/b.jpg"])
        // Without the marker, the same folder is photos like any other.
        #expect(try load(fs, cache: &cache).set.records.count == 3)
    }

    @Test func includeAndExcludePatterns() throws {
        let fs = try tree(["keep/a.jpg": "1", "keep/b.png": "2", "raw/c.jpg": "3", "d.jpg": "4"])
        var query = FolderQuery(path: "/photos")
        query.include = ["*.jpg"]
        query.exclude = ["raw/"]
        var cache = FolderFactsCache()
        let (set, summary) = try load(fs, query, cache: &cache)
        #expect(set.records.map(\.id).sorted() == ["d.jpg", "keep/a.jpg"])
        #expect(summary.excluded == 2)
    }

    @Test func namesStayUniqueInEachFolder() throws {
        // A folder named `page` (the gallery's own pages), an item and an album of one name, one stem twice.
        let fs = try tree(["page/a.jpg": "1", "b/x.jpg": "2", "b.jpg": "3", "b.png": "4", "page.jpg": "5"])
        var cache = FolderFactsCache()
        let (set, summary) = try load(fs, cache: &cache)
        #expect(summary.albums.map(\.slugPath) == ["", "b", "page-2"])
        let slugs = Dictionary(uniqueKeysWithValues: set.records.map { ($0.id, $0.slug) })
        #expect(slugs["b.jpg"] == "b-2" && slugs["b.png"] == "b-3" && slugs["page.jpg"] == "page-3")
        #expect(set.diagnostics.contains { $0.code == "group.slug-collision" && $0.subject == "trip: page" })
    }

    @Test func sidecarsOverrideTheFileAndIndexDescribesTheAlbum() throws {
        var embedded = MediaFacts()
        embedded.title = "Embedded title"
        embedded.caption = "Embedded caption"
        embedded.taken = "2019-05-04T13:22:01+02:00"
        let fs = try tree(["trip/IMG_1.jpg": "1", "trip/IMG_1.md": "Title: From the sidecar\nPlace: Lab\n\nA *walk*.",
                           "trip/IMG_2.jpg": "22", "trip/index.md": "Title: The trip\nThumbnail: IMG_2.jpg\n\n<b>Nice</b> days",
                           "trip/IMG_3.png": "333", "trip/IMG_3.png.md": "Title: Named with its extension"])
        var cache = FolderFactsCache()
        let (set, summary) = try load(fs, reader: FakeReader(facts: [1: embedded, 2: embedded]), cache: &cache)
        let first = try #require(set.records.first { $0.id == "trip/IMG_1.jpg" })
        #expect(first.title == "From the sidecar")
        #expect(first.description?.text == "A *walk*." && first.description?.file.hasSuffix("/trip/IMG_1.md") == true)
        #expect(first.descriptionHTML == nil)  // rendered with the pages, its links resolved against the site
        let place = try #require(summary.sidecarFields.firstIndex(of: "place"))
        let names = FolderQuery.fields(gps: false).extra.map(\.name)
        #expect(first.fields[names.count + place]?.text == "Lab")
        #expect(first.fields[names.firstIndex(of: "caption")!] == nil)  // the sidecar's description replaces it
        let second = try #require(set.records.first { $0.id == "trip/IMG_2.jpg" })
        #expect(second.title == "Embedded title")
        #expect(second.fields[names.firstIndex(of: "caption")!]?.text == "Embedded caption")
        #expect(second.fields[names.firstIndex(of: "taken")!]?.datetime == "2019-05-04")
        #expect(set.records.first { $0.id == "trip/IMG_3.png" }?.title == "Named with its extension")
        let album = summary.albums[1]
        #expect(album.title == "The trip" && album.cover == "trip/IMG_2.jpg")
        #expect(album.description?.text == "<b>Nice</b> days" && album.description?.allowHTML == false)
    }

    @Test func gpsIsPublishedOnlyWhenAsked() throws {
        var facts = MediaFacts()
        facts.latitude = 48.8584
        facts.longitude = 2.2945
        let fs = try tree(["a.jpg": "1"])
        var cache = FolderFactsCache()
        let hidden = try load(fs, reader: FakeReader(facts: [1: facts]), cache: &cache).set.records[0]
        let hiddenTexts = hidden.fields.compactMap { $0 }.map(\.text).joined()
        #expect(!hiddenTexts.contains("48.8"))
        var query = FolderQuery(path: "/photos")
        query.gps = true
        let shown = try FolderRecordSource(config: source(query), language: "en", fileSystem: fs, reader: FakeReader(facts: [1: facts]),
                                           posters: "/p").load(cache: &cache).set.records[0]
        let values = shown.fields.compactMap { $0 }
        #expect(values.map(\.text).contains("48.85840° N, 2.29450° E"))
        let links = values.compactMap(\.href)
        #expect(links.contains { $0.hasPrefix("https://www.openstreetmap.org/?mlat=48.85840&mlon=2.29450") })
    }

    @Test func unchangedFilesAreNotReadAgain() throws {
        let fs = try tree(["a.jpg": "1", "b.jpg": "22", "c/d.jpg": "333"])
        let reader = FakeReader()
        var cache = FolderFactsCache()
        let first = try load(fs, reader: reader, cache: &cache).summary
        #expect(first.read == 3 && reader.reads.withLock { $0 } == 3)
        #expect(first.hashes["/photos/b.jpg"] == ContentHash.sha256Hex(Data("22".utf8)))
        let second = try load(fs, reader: reader, cache: &cache).summary
        #expect(second.read == 0 && reader.reads.withLock { $0 } == 3)
        #expect(second.hashes == first.hashes)
        try fs.write(path: "/photos/b.jpg", string: "changed")
        let third = try load(fs, reader: reader, cache: &cache).summary
        #expect(third.read == 1 && third.hashes["/photos/b.jpg"] == ContentHash.sha256Hex(Data("changed".utf8)))
        try fs.remove(at: "/photos/a.jpg")
        _ = try load(fs, reader: reader, cache: &cache)
        #expect(cache.entries.keys.sorted() == ["/photos/b.jpg", "/photos/c/d.jpg"])
    }

    @Test func aMissingFolderIsAClearError() throws {
        let fs = MemoryFileSystem()
        var cache = FolderFactsCache()
        #expect(throws: RecordError.self) { try load(fs, cache: &cache) }
        try fs.write(path: "/photos", string: "a file")
        let error = try #require(throws: RecordError.self) { try load(fs, cache: &cache) }
        #expect(error.description.contains("is not a folder"))
    }
}
