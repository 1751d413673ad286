import Foundation
import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// Folder sources through whole builds: a hostile tree ends rendered or named, nothing is written
/// outside the output folder, the site is the same cold and warm, and a warm build reads only what changed.
struct FolderBuildTests {
    private static func jpeg(_ i: Int) throws -> Data {
        try JPEGCodec.encode(Painter.solid(width: 120 + 8 * i, height: 90, rgb: (UInt8(30 * (i % 8)), 90, 200)), quality: 80)
    }

    /// A site whose photos are in `photos/` (or, with `inPlace`, beside config.json, as `galgen init --source folder` makes it).
    private func site(inPlace: Bool = false, extra: String = "") throws -> (FixtureSite, String) {
        let site = try FixtureSite(count: 0)
        let root = inPlace ? "" : "photos/"
        let names = ["a.jpg", "Day 2/b.jpg", "Day 10/c.jpg", "Day 2/deep/d.jpg", "page/e.jpg", "CON/page.jpg", "שלום/תמונה.jpg",
                     "spaces and & <b>/f g.jpg", String(repeating: "n", count: 240) + ".jpg", "..dots/..jpg"]
        for (i, name) in names.enumerated() { try site.directory.write(try Self.jpeg(i), to: root + name) }
        try site.directory.write("not an image", to: root + "CON/broken.jpg")
        try site.directory.write("notes", to: root + "notes.txt")
        try site.directory.write("x", to: root + ".DS_Store")
        try site.directory.write("Title: The second day\nThumbnail: b.jpg\n\nWe *walked*. <script>alert(1)</script>\n", to: root + "Day 2/index.md")
        try site.directory.write("Title: Bee\nMood: calm\n\nA caption.", to: root + "Day 2/b.md")
        try FileManager.default.createDirectory(atPath: site.directory.path + "/" + root + "empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.directory.path + "/" + root + "outside", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: site.directory.path + "/" + root + "Day 2/deep/up", withDestinationPath: "../..")
        try site.directory.write("a", to: root + "docs/a.txt")
        try site.directory.write("b", to: root + "docs/b.pdf")
        let path = inPlace ? "." : "photos"
        try site.writeConfig(sources: #"[{"name": "trip", "title": "Trip", "type": "folder", "path": "\#(path)"\#(extra)}]"#)
        return (site, site.directory.path + "/" + root)
    }

    private func files(under folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in (try? LocalFileSystem().listFilesRecursively(at: folder)) ?? [] {
            result[path] = try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return result
    }

    @Test func aHostileTreeEndsRenderedOrNamed() async throws {
        let (site, photos) = try site()
        defer { site.directory.remove() }
        let before = files(under: photos)
        let report = try await build(site)
        let folder = try #require(report.folders.first)
        // `..dots/` is hidden (a leading dot), like `.DS_Store`.
        #expect(folder.photos == 10 && folder.albums == 8 && folder.otherFiles == 3 && folder.hidden == 2)
        #expect(folder.emptyFolders == ["docs", "empty"])
        #expect(report.records == 10)
        let codes = Set(report.diagnostics.map(\.code))
        #expect(codes == ["folder.link-outside", "folder.link-loop", "group.slug-collision", "image.failed"])
        #expect(report.diagnostics.first { $0.code == "image.failed" }?.subject.contains("CON/broken.jpg") == true)
        // Nothing was written into the photo folder, nor beside the site but its output and cache.
        #expect(files(under: photos) == before)
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.directory.path).filter { !$0.hasPrefix(".public") }.sorted()
        #expect(beside == [".galgen", "config.json", "photos", "public", "records.json"])
        let out = site.outputPath
        for page in ["trip/index.html", "trip/day-2/index.html", "trip/day-2/deep/d/index.html", "trip/page-2/e/index.html",
                     "trip/con/page-2/index.html", "trip/day-10/c/index.html"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + page), "\(page)")
        }
        let top = String(decoding: try site.directory.read("public/trip/index.html"), as: UTF8.self)
        // Sub-albums first, in natural order, then the top folder's own photo.
        let day2 = try #require(top.range(of: "trip/day-2/\"")), day10 = try #require(top.range(of: "trip/day-10/\""))
        #expect(day2.lowerBound < day10.lowerBound)
        #expect(try #require(top.range(of: "class=\"grid justified held\"")).lowerBound > day10.lowerBound)
        // The site's one source: its home lists the top albums (as sigal's index does), then the source's own
        // card, since its top folder holds a photo of its own.
        let home = String(decoding: try site.directory.read("public/index.html"), as: UTF8.self)
        let homeCards = home.components(separatedBy: "<li class=\"card\">").dropFirst().compactMap { $0.firstMatch(of: /href="\.\/([^"]*)"/)?.1 }
        #expect(homeCards == ["trip/con/", "trip/day-2/", "trip/day-10/", "trip/page-2/", "trip/spaces-and-b/", "trip/item-b7ac0398ef/", "trip/"], "\(homeCards)")
        let album = String(decoding: try site.directory.read("public/trip/day-2/index.html"), as: UTF8.self)
        #expect(album.contains("<h1>The second day</h1>"))
        #expect(!album.contains("<script>alert"))
        let bee = String(decoding: try site.directory.read("public/trip/day-2/b/index.html"), as: UTF8.self)
        #expect(bee.contains("<h1 dir=\"auto\">Bee</h1>") && bee.contains("calm"))
        #expect(bee.contains("href=\"../../../trip/\"") && bee.contains("href=\"../../../trip/day-2/\""))
        let hostile = String(decoding: try site.directory.read("public/trip/spaces-and-b/index.html"), as: UTF8.self)
        #expect(hostile.contains("spaces and &amp; &lt;b&gt;") && !hostile.contains("<b>"))
    }

    @Test func warmBuildsReadOnlyWhatChangedAndGiveTheSameSite() async throws {
        let (site, photos) = try site()
        defer { site.directory.remove() }
        _ = try await build(site)
        let cold = files(under: site.outputPath)
        let warm = try await build(site)
        #expect(warm.folders.first?.read == 0)
        #expect(warm.images.decoded == 0)
        #expect(files(under: site.outputPath) == cold)
        try Self.jpeg(40).write(to: URL(fileURLWithPath: photos + "Day 10/new.jpg"))
        let added = try await build(site)
        #expect(added.folders.first?.read == 1)
        #expect(added.images.decoded == 1)
        #expect(FileManager.default.fileExists(atPath: site.outputPath + "/trip/day-10/new/index.html"))
        try FileManager.default.removeItem(atPath: photos + "Day 10/new.jpg")
        _ = try await build(site)
        #expect(files(under: site.outputPath) == cold)
    }

    @Test func aSiteInsideItsPhotoFolderLeavesItsOwnFilesOut() async throws {
        let (site, _) = try site(inPlace: true)
        defer { site.directory.remove() }
        _ = try await build(site)
        let again = try await build(site)
        // public/ and the cache hold JPEGs too: they are never read as photos.
        #expect(again.folders.first?.photos == 10)
        #expect(again.records == 10)
    }

    /// Every output file's bytes as text (binary files too: a coordinate written anywhere shows).
    private func everything(_ site: FixtureSite) -> String {
        files(under: site.outputPath).values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    @Test func gpsAppearsNowhereUnlessAsked() async throws {
        // full.jpg carries GPS 48.8584 N, 2.2945 E (exiftool, Tests/Fixtures/metadata/README.md), camera and XMP fields.
        let photo = try Data(contentsOf: URL(fileURLWithPath: Repository.root + "/Tests/Fixtures/metadata/full.jpg"))
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        try site.directory.write(photo, to: "photos/paris/tower.jpg")
        try site.writeConfig(sources: #"[{"name": "trip", "type": "folder", "path": "photos"}]"#, extra: #""baseURL": "https://ex.org/""#)
        let report = try await build(site)
        #expect(report.diagnostics.isEmpty)
        let page = String(decoding: try site.directory.read("public/trip/paris/tower/index.html"), as: UTF8.self)
        #expect(page.contains("Eiffel Tower at noon") && page.contains("Galgen Optics GX-1") && page.contains("1/250 s"))
        #expect(page.contains("<time datetime=\"2019-05-04\">"))
        let all = everything(site)
        for needle in ["48.858", "48,858", "2.2945", "2.294", "48°", "openstreetmap", "GPS"] { #expect(!all.contains(needle), "\(needle)") }
        // The published images carry no metadata at all.
        for (path, data) in files(under: site.outputPath) where path.hasSuffix(".jpg") || path.hasSuffix(".webp") {
            #expect(data.range(of: Data("Exif".utf8)) == nil && data.range(of: Data("http://ns.adobe.com/xap".utf8)) == nil, "\(path)")
        }
        try site.writeConfig(sources: #"[{"name": "trip", "type": "folder", "path": "photos", "gps": true}]"#, extra: #""baseURL": "https://ex.org/""#)
        _ = try await build(site)
        let shown = String(decoding: try site.directory.read("public/trip/paris/tower/index.html"), as: UTF8.self)
        #expect(shown.contains("48.85840° N, 2.29450° E") && shown.contains("https://www.openstreetmap.org/?mlat=48.85840&amp;mlon=2.29450"))
    }

    /// The names in a ZIP, as Python's `zipfile` reads them (after checking every entry's CRC).
    private func zipNames(_ path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint('\\n'.join(z.namelist()))", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func albumDownloadsHoldExactlyTheAlbumsFilesAndAreNotRemade() async throws {
        let (site, photos) = try site(extra: #", "download": "originals""#)
        defer { site.directory.remove() }
        let report = try await build(site)
        #expect(!report.diagnostics.contains { $0.code == "album.download" })
        let zip = site.outputPath + "/trip/day-2/day-2.zip"
        // Day 2 holds b.jpg (its sidecar and index.md are not photos); deep/ has an archive of its own.
        #expect(try zipNames(zip) == ["b.jpg"])
        #expect(try zipNames(site.outputPath + "/trip/day-2/deep/deep.zip") == ["d.jpg"])
        // Stored, not recompressed: the photo's own bytes are in the archive.
        let original = try Data(contentsOf: URL(fileURLWithPath: photos + "Day 2/b.jpg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: zip)).range(of: original) != nil)
        let page = String(decoding: try site.directory.read("public/trip/day-2/index.html"), as: UTF8.self)
        #expect(page.contains("href=\"../../trip/day-2/day-2.zip\" download=\"day-2.zip\""))
        let cached = try FileManager.default.contentsOfDirectory(atPath: site.cachePath + "/zips").sorted()
        let identity = try FileManager.default.attributesOfItem(atPath: site.cachePath + "/zips/" + cached[0])[.modificationDate] as? Date
        _ = try await build(site)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.cachePath + "/zips").sorted() == cached)
        #expect(try FileManager.default.attributesOfItem(atPath: site.cachePath + "/zips/" + cached[0])[.modificationDate] as? Date == identity)
        try Self.jpeg(50).write(to: URL(fileURLWithPath: photos + "Day 2/added.jpg"))
        _ = try await build(site)
        #expect(Set(try zipNames(zip)) == ["added.jpg", "b.jpg"])
    }

    @Test func groupByMonthOfDateTakenNeedsNoFolders() async throws {
        let site = try FixtureSite(count: 0)
        defer { site.directory.remove() }
        for name in ["full.jpg", "digitized.jpg", "xmp-date.jpg"] {
            let photo = try Data(contentsOf: URL(fileURLWithPath: Repository.root + "/Tests/Fixtures/metadata/" + name))
            try site.directory.write(photo, to: "photos/all/" + name)
        }
        try site.writeConfig(sources: #"[{"name": "trip", "type": "folder", "path": "photos", "groupBy": {"field": "taken", "by": "month"}}]"#)
        _ = try await build(site)
        // Dates from EXIF DateTimeOriginal, DateTimeDigitized (the original is 0000:…) and XMP: three months, oldest first.
        let albums = String(decoding: try site.directory.read("public/trip/index.html"), as: UTF8.self)
        let months = ["2018-07", "2019-05", "2020-01"].map { albums.range(of: ">\($0)<")?.lowerBound }
        #expect(months.allSatisfy { $0 != nil })
        #expect(months.compactMap { $0 } == months.compactMap { $0 }.sorted())
        #expect(FileManager.default.fileExists(atPath: site.outputPath + "/trip/2019-05/index.html"))
    }
}
