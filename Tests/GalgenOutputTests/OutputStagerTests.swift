import Foundation
import GalgenCore
import GalgenOutput
import GalgenTestSupport
import Testing

/// The output stager alone, on disk: a first site written and swapped in, then a second in which only
/// what changed is written, what is gone is removed, and the rest comes from the published site.
struct OutputStagerTests {
    /// A stager for `public/` in `directory`, its records of outputs in `cache/` (which a build makes first).
    private func stager(_ directory: TemporaryDirectory) throws -> OutputStager {
        try FileManager.default.createDirectory(atPath: directory.path + "/cache", withIntermediateDirectories: true)
        return try OutputStager(output: directory.path + "/public", protecting: [], cache: directory.path + "/cache", clean: false,
                         fileSystem: LocalFileSystem(), processID: 7, isProcessAlive: { _ in false })
    }

    private func text(_ relative: String, _ directory: TemporaryDirectory) throws -> String {
        String(decoding: try directory.read(relative), as: UTF8.self)
    }

    /// Builds `files` (path → text) and the folder's marker, as the pages step does, into the output folder; the
    /// actions `prepare` chose, in path order (as `prepare` takes them: the marker first), and what changed. The stager goes at the end, and with it
    /// its lock on the output folder.
    private func build(_ site: [(String, String)], in directory: TemporaryDirectory) throws -> (OutputChanges, [OutputAction]) {
        let files = (site + [(OutputStager.markerName, OutputStager.markerText)]).sorted { $0.0 < $1.0 }
        let stager = try stager(directory)
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
}
