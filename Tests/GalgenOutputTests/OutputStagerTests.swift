import Foundation
import Synchronization
import GalgenCore
@testable import GalgenOutput
import GalgenTestSupport
import Testing

/// The output stager alone, on disk: a first site written and swapped in, then a second in which only
/// what changed is written, what is gone is removed, and the rest comes from the published site.
struct OutputStagerTests {
    /// A stager for `public/` in `directory`, its records of outputs in `cache/` (which a build makes first).
    private func stager(_ directory: TemporaryDirectory, fileSystem: any FileSystem = LocalFileSystem()) throws -> OutputStager {
        try FileManager.default.createDirectory(atPath: directory.path + "/cache", withIntermediateDirectories: true)
        return try OutputStager(output: directory.path + "/public", protecting: [], cache: directory.path + "/cache", clean: false,
                         fileSystem: fileSystem, processID: 7, isProcessAlive: { _ in false })
    }

    private func text(_ relative: String, _ directory: TemporaryDirectory) throws -> String {
        String(decoding: try directory.read(relative), as: UTF8.self)
    }

    /// Builds `files` (path → text) and the folder's marker, as the pages step does, into the output folder; the
    /// actions `prepare` chose, in path order (as `prepare` takes them: the marker first), and what changed. The stager goes at the end, and with it
    /// its lock on the output folder.
    /// With `readAhead`, the folders' records are read ahead (``OutputStager/prefetchRecords(width:)``, as a
    /// build does while it reads its records) and `readAhead` runs once that read is done.
    private func build(_ site: [(String, String)], in directory: TemporaryDirectory,
                       fileSystem: any FileSystem = LocalFileSystem(),
                       readAhead: (() throws -> Void)? = nil) throws -> (OutputChanges, [OutputAction]) {
        let files = (site + [(OutputStager.markerName, OutputStager.markerText)]).sorted { $0.0 < $1.0 }
        let stager = try stager(directory, fileSystem: fileSystem)
        if let readAhead {
            stager.prefetchRecords(width: 2)
            let reads = try #require(stager.prefetch, "nothing was read ahead").reads
            #expect(reads.published.files != nil && reads.spare?.files != nil)
            try readAhead()
        }
        stager.readPublished()
        let actions = try stager.prepare(files.map { OutputEntry(path: $0.0, key: OutputKey(digesting: Data($0.1.utf8))) })
        for (index, action) in actions.enumerated() {
            switch action {
            case .write: try stager.write(Data(files[index].1.utf8), entry: index)
            case .link: try stager.link(entry: index)
            case .keep: break
            }
        }
        let warning = try stager.publish()
        #expect(warning == nil, "publishing warned: \(warning ?? "")")
        return (stager.changes, actions)
    }

    @Test func aSecondSiteWritesOnlyWhatChanged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (first, firstActions) = try build([("index.html", "one"), ("people/a.html", "a"), ("people/b.html", "b")], in: directory)
        #expect(firstActions == [.write, .write, .write, .write])
        #expect(first.rendered == 4 && first.unchanged == 0 && first.removed == 0)
        #expect(try text("public/people/a.html", directory) == "a")
        #expect(directory.exists("public/" + OutputStager.markerName))

        let (second, actions) = try build([("index.html", "two"), ("people/a.html", "a"), ("people/c.html", "c")], in: directory)
        #expect(actions == [.link, .write, .link, .write] || actions == [.keep, .write, .keep, .write], "\(actions)")
        #expect(second.rendered == 2 && second.unchanged == 2 && second.removed == 1, "\(second)")
        #expect(try text("public/index.html", directory) == "two")
        #expect(try text("public/people/a.html", directory) == "a")
        #expect(!directory.exists("public/people/b.html") && directory.exists("public/people/c.html"))
    }

    @Test func anOutputFolderHoldingASourceIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("{}", to: "public/config.json")
        let refused = #expect(throws: OutputError.self) {
            _ = try OutputStager(output: directory.path + "/public", protecting: [directory.path + "/public/config.json"],
                                 cache: directory.path + "/cache", clean: false, fileSystem: LocalFileSystem(), processID: 7,
                                 isProcessAlive: { _ in false })
        }
        #expect(refused?.description.contains("config.json") == true, "\(String(describing: refused))")
        #expect(try text("public/config.json", directory) == "{}")
    }

    /// Every file of a big folder replaced (all images, when the image settings change) and a nested
    /// folder gone: the spare loses the old files and its emptied folders, and each folder that held a
    /// gone file is listed once, not once per file.
    @Test func replacingAWholeFolderListsItOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = (0..<300).map { ("img/a\($0).jpg", "a\($0)") } + [("index.html", "one"), ("deep/er/page.html", "p")]
        _ = try build(old, in: directory)
        _ = try build(old, in: directory)   // publishes from the spare the first build left
        let lists = Mutex<[String]>([])
        let counting = ObservedFileSystem(LocalFileSystem(), before: { operation, path throws(FileSystemError) in
            if operation == "list" { lists.withLock { $0.append(path) } }
        })
        let new = (0..<300).map { ("img/b\($0).jpg", "b\($0)") } + [("index.html", "two")]
        let (changes, _) = try build(new, in: directory, fileSystem: counting)
        #expect(changes.removed == 301, "\(changes)")
        let listedImages = lists.withLock { $0 }.filter { $0.hasSuffix("/img") }.count
        #expect(listedImages <= 2, "the images' folder was listed \(listedImages) times")
        let published = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/public/img")
        #expect(published.count == 300 && published.allSatisfy { $0.hasPrefix("b") })
        #expect(!directory.exists("public/deep"))
        // The spare (the site before) is the old one, minus nothing of the new: the next build's work.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".public.") }
        for sibling in siblings where FileManager.default.fileExists(atPath: directory.path + "/" + sibling + "/img") {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/" + sibling + "/img")
            #expect(names.allSatisfy { $0.hasPrefix("a") } || names.allSatisfy { $0.hasPrefix("b") }, "\(sibling) mixes old and new")
        }
        _ = try build(new + [("deep/er/again.html", "x")], in: directory)
        #expect(try text("public/deep/er/again.html", directory) == "x")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/public/img").sorted() == published.sorted())
    }

    private static let site = [("index.html", "one"), ("people/a.html", "a"), ("people/b.html", "b")]

    /// Puts a copy of the folder at `path` in its place (the same files in another folder), the original beside it.
    private static func replaceWithACopy(_ path: String) throws {
        try FileManager.default.moveItem(atPath: path, toPath: path + "-moved")
        try FileManager.default.copyItem(atPath: path + "-moved", toPath: path)
    }

    @Test func recordsReadAheadStillSeeAFileEditedByHand() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try build(Self.site, in: directory)
        _ = try build(Self.site + [("people/c.html", "c")], in: directory)   // a spare from here
        // Edited in place (the spare shares the file), the same size, before the build.
        let page = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/public/people/a.html"))
        try page.write(contentsOf: Data("A".utf8))
        try page.close()
        let (changes, actions) = try build(Self.site + [("people/c.html", "c")], in: directory, readAhead: {})
        // The marker, index.html, people/a.html, b, c: a is made again, the rest kept or linked.
        #expect(actions[2] == .write && actions.filter { $0 == .write }.count == 1, "\(actions)")
        #expect(changes.unchanged == 4, "\(changes)")
        #expect(try text("public/people/a.html", directory) == "a")
    }

    @Test func anOutputFolderReplacedAfterItsRecordWasReadAheadIsReadAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try build(Self.site, in: directory)
        _ = try build(Self.site, in: directory)
        let output = directory.path + "/public"
        // Another folder with the same files: no record of it, so nothing of it can be trusted.
        let (changes, actions) = try build(Self.site, in: directory, readAhead: { try Self.replaceWithACopy(output) })
        #expect(actions.allSatisfy { $0 == .write }, "\(actions)")
        #expect(changes.rendered == 4, "\(changes)")
        #expect(try text("public/people/b.html", directory) == "b")
    }

    @Test func aSpareReplacedAfterItsRecordWasReadAheadIsNotEdited() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try build(Self.site, in: directory)
        _ = try build(Self.site + [("people/c.html", "c")], in: directory)
        let spare = directory.path + "/.public.spare"
        let (_, actions) = try build(Self.site, in: directory, readAhead: { try Self.replaceWithACopy(spare) })
        // Without a spare it can trust, the site is made in a fresh folder from the published one.
        #expect(!actions.contains(.keep) && actions.contains(.link), "\(actions)")
        #expect(try text("public/people/a.html", directory) == "a" && !directory.exists("public/people/c.html"))
    }

    /// Builds the site again (reading the records ahead or not) and gives the paths whose stamps were looked up in the spare.
    private func sparePathsChecked(_ site: [(String, String)], in directory: TemporaryDirectory, readAhead: Bool,
                                   before: () throws -> Void = {}) throws -> (checked: [String], actions: [OutputAction]) {
        let spare = directory.path + "/.public.spare"
        let checked = Mutex<[String]>([])
        let counting = ObservedFileSystem(LocalFileSystem(), stamped: { root, paths in
            if root == spare { checked.withLock { $0 += paths } }
        })
        try before()
        let (_, actions) = try build(site, in: directory, fileSystem: counting, readAhead: readAhead ? {} : nil)
        return (checked.withLock { $0 }.sorted(), actions)
    }

    @Test func theSparesFilesSharedWithThePublishedOnesAreNotCheckedTwice() throws {
        for readAhead in [true, false] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try build(Self.site, in: directory)
            _ = try build(Self.site + [("people/c.html", "c")], in: directory)
            // The spare (the first site) shares index.html, a and b with the published folder: only the marker,
            // which each build writes afresh, is looked at in it.
            let shared = try sparePathsChecked(Self.site + [("people/c.html", "c")], in: directory, readAhead: readAhead)
            #expect(!shared.checked.contains { $0.hasPrefix("people/") || $0 == "index.html" }, "\(shared.checked)")
            // A published file replaced by hand (another inode) is not shared any more: the spare's copy is checked,
            // and the page made again from the site's own bytes.
            let page = directory.path + "/public/people/a.html"
            let replaced = try sparePathsChecked(Self.site + [("people/c.html", "c")], in: directory, readAhead: readAhead) {
                try FileManager.default.removeItem(atPath: page)
                try Data("X".utf8).write(to: URL(fileURLWithPath: page))
            }
            #expect(replaced.checked.contains("people/a.html"), "\(replaced.checked)")
            #expect(try text("public/people/a.html", directory) == "a")
            // Edited in place: the shared inode changed under both names, and both checks see it.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/public/people/b.html"))
            try handle.write(contentsOf: Data("B".utf8))
            try handle.close()
            let (_, actions) = try build(Self.site + [("people/c.html", "c")], in: directory, readAhead: readAhead ? {} : nil)
            #expect(actions[3] == .write && actions.filter { $0 == .write }.count == 1, "\(actions)")
            #expect(try text("public/people/b.html", directory) == "b")
        }
    }
}
