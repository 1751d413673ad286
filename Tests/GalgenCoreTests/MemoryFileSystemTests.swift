import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The file systems every behavioural check runs on, so the in-memory one cannot drift from the live one.
enum FileSystemSubject: String, CaseIterable, CustomTestStringConvertible {
    case local, memory
    var testDescription: String { rawValue }
}

/// One check's file system and the folder it works in (a temporary folder on the disk, or a folder
/// of a fresh ``MemoryFileSystem``).
final class Sandbox {
    let fileSystem: any FileSystem
    let root: String
    private let memory: MemoryFileSystem?
    private let temporary: TemporaryDirectory?

    init(_ subject: FileSystemSubject) throws {
        switch subject {
        case .local:
            let folder = try TemporaryDirectory(prefix: "galgen-fs")
            fileSystem = LocalFileSystem()
            root = folder.path
            memory = nil
            temporary = folder
        case .memory:
            let inMemory = MemoryFileSystem()
            try inMemory.createDirectory(at: "/tmp/sandbox")
            fileSystem = inMemory
            root = "/tmp/sandbox"
            memory = inMemory
            temporary = nil
        }
    }

    deinit { temporary?.remove() }

    /// The absolute path of `relative`.
    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String) throws { try fileSystem.writeFile(Data(text.utf8), to: path(relative)) }

    /// Writes text files, creating their folders.
    func seed(_ files: [String: String]) throws {
        for (relative, text) in files {
            try fileSystem.createDirectory(at: (path(relative) as NSString).deletingLastPathComponent)
            try write(relative, text)
        }
    }

    func read(_ relative: String) -> String? {
        (try? fileSystem.readFile(at: path(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Makes the symbolic link `relative` with the text `destination`.
    func symlink(_ relative: String, to destination: String) throws {
        if let memory { return try memory.createSymbolicLink(at: path(relative), to: destination) }
        guard Glibc.symlink(destination, path(relative)) == 0 else { throw FileSystemError(.ioError, operation: "link", path: relative, reason: "") }
    }

    /// How many names the file `relative` has.
    func linkCount(_ relative: String) -> Int? {
        if let memory { return memory.linkCount(at: path(relative)) }
        var st = stat()
        return lstat(path(relative), &st) == 0 ? Int(st.st_nlink) : nil
    }

    /// How `body` failed, as `code: message` with the folder's path written `ROOT`, or nil when it did not.
    func failure(_ body: () throws -> Void) -> String? {
        do { try body() } catch let error as FileSystemError {
            return "\(error.code): \(error)".replacingOccurrences(of: root, with: "ROOT")
        } catch { return "not a FileSystemError: \(error)" }
        return nil
    }
}

@Suite struct FileSystemBehaviourTests {
    @Test(arguments: FileSystemSubject.allCases)
    func writesAndReadsBack(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try fs.writeFile(Data("one".utf8), to: box.path("a.txt"))
        try fs.writeFileAtomically(Data("two".utf8), to: box.path("b.txt"))
        try fs.writeNewFile(Data("three".utf8), to: box.path("c.txt"))
        #expect([box.read("a.txt"), box.read("b.txt"), box.read("c.txt")] == ["one", "two", "three"])
        try fs.writeFile(Data("1".utf8), to: box.path("a.txt"))
        try fs.writeFileAtomically(Data("2".utf8), to: box.path("b.txt"))
        try fs.writeNewFile(Data("3".utf8), to: box.path("c.txt"))
        #expect([box.read("a.txt"), box.read("b.txt"), box.read("c.txt")] == ["1", "2", "3"])
        #expect(try fs.fileSize(at: box.path("c.txt")) == 1)
        // No temporary file is left beside an atomic write.
        #expect(try fs.listDirectory(at: box.root) == ["a.txt", "b.txt", "c.txt"])
        try fs.writeFile(Data(), to: box.path("empty"))
        #expect(try fs.readFile(at: box.path("empty")).isEmpty)
    }

    @Test(arguments: FileSystemSubject.allCases)
    func failsAsTheSystemCallsDo(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try box.write("f", "x")
        try fs.createDirectory(at: box.path("d"))
        let (f, d, missing) = (box.path("f"), box.path("d"), box.path("missing"))
        let failures: [String?] = [
            box.failure { _ = try fs.readFile(at: missing) },
            box.failure { _ = try fs.readFile(at: d) },
            box.failure { _ = try fs.readFile(at: f + "/x") },
            box.failure { try fs.writeFile(Data(), to: missing + "/x") },
            box.failure { try fs.writeFile(Data(), to: d) },
            box.failure { try fs.writeFileAtomically(Data(), to: missing + "/x") },
            box.failure { try fs.writeFileAtomically(Data(), to: d) },
            box.failure { try fs.writeNewFile(Data(), to: d) },
            box.failure { try fs.createDirectory(at: f) },
            box.failure { try fs.createDirectory(at: f + "/x/y") },
            box.failure { _ = try fs.listDirectory(at: f) },
            box.failure { _ = try fs.listFilesRecursively(at: missing) },
            box.failure { _ = try fs.fileSize(at: missing) },
            box.failure { try fs.rename(missing, to: f) },
            box.failure { try fs.rename(d, to: f) },
            box.failure { try fs.rename(f, to: d) },
            box.failure { try fs.rename(d, to: d + "/inside") },
            box.failure { try fs.hardLink(missing, to: box.path("x")) },
            box.failure { try fs.hardLink(d, to: box.path("x")) },
            box.failure { _ = try fs.exchange(f, missing) },
            box.failure { try fs.remove(at: missing) },
            box.failure { try fs.remove(at: f + "/x") },
            box.failure { try fs.createDirectory(at: d) },
        ]
        #expect(failures == [
            "notFound: cannot read ROOT/missing: No such file or directory",
            "isADirectory: cannot read ROOT/d: Is a directory",
            "notADirectory: cannot read ROOT/f/x: Not a directory",
            "notFound: cannot write ROOT/missing/x: No such file or directory",
            "isADirectory: cannot write ROOT/d: Is a directory",
            "notFound: cannot write ROOT/missing/x: No such file or directory",
            "isADirectory: cannot write ROOT/d: Is a directory",
            "isADirectory: cannot replace ROOT/d: Is a directory",
            "ioError: cannot create folder ROOT/f: File exists",
            "notADirectory: cannot create folder ROOT/f/x/y: Not a directory",
            "notADirectory: cannot list ROOT/f: Not a directory",
            "notFound: cannot list ROOT/missing: No such file or directory",
            "notFound: cannot stat ROOT/missing: No such file or directory",
            "notFound: cannot rename ROOT/missing to ROOT/f: No such file or directory",
            "notADirectory: cannot rename ROOT/d to ROOT/f: Not a directory",
            "isADirectory: cannot rename ROOT/f to ROOT/d: Is a directory",
            "ioError: cannot rename ROOT/d to ROOT/d/inside: Invalid argument",
            "notFound: cannot link ROOT/missing to ROOT/x: No such file or directory",
            "permissionDenied: cannot link ROOT/d to ROOT/x: Operation not permitted",
            "notFound: cannot exchange ROOT/f and ROOT/missing: No such file or directory",
            nil, nil, nil,
        ])
        #expect(box.read("f") == "x" && fs.kind(at: d) == .directory && fs.kind(at: box.path("x")) == nil)
    }

    @Test(arguments: FileSystemSubject.allCases)
    func createsFoldersWithTheirParents(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try fs.createDirectory(at: box.path("a/b/c"))
        try fs.createDirectory(at: box.path("a/b"))
        try fs.createDirectory(at: box.path("x//y/"))
        #expect(fs.kind(at: box.path("a/b/c")) == .directory)
        #expect(fs.kind(at: box.path("x/y")) == .directory)
        #expect(try fs.listDirectory(at: box.root) == ["a", "x"])
        // Through a link to a folder.
        try box.symlink("la", to: "a")
        try fs.createDirectory(at: box.path("la"))
        try fs.createDirectory(at: box.path("la/new"))
        #expect(fs.kind(at: box.path("a/new")) == .directory)
        // A link to nothing is not a folder.
        try box.symlink("dangling", to: "nowhere")
        #expect(box.failure { try fs.createDirectory(at: box.path("dangling/x")) } == "ioError: cannot create folder ROOT/dangling: File exists")
    }

    @Test(arguments: FileSystemSubject.allCases)
    func seesThroughSymbolicLinks(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try box.seed(["d/inner.txt": "inner", "f": "file"])
        try box.symlink("lf", to: "f")
        try box.symlink("ld", to: "d")
        try box.symlink("abs", to: box.path("d/inner.txt"))
        try box.symlink("d/up", to: "..")
        try box.symlink("dangling", to: "nowhere")
        try box.symlink("loop1", to: "loop2")
        try box.symlink("loop2", to: "loop1")
        #expect(fs.kind(at: box.path("lf")) == .symbolicLink && fs.targetKind(at: box.path("lf")) == .file)
        #expect(fs.kind(at: box.path("ld")) == .symbolicLink && fs.targetKind(at: box.path("ld")) == .directory)
        #expect(fs.kind(at: box.path("dangling")) == .symbolicLink && fs.targetKind(at: box.path("dangling")) == nil)
        #expect(fs.kind(at: box.path("loop1")) == .symbolicLink && fs.targetKind(at: box.path("loop1")) == nil)
        #expect(fs.kind(at: box.path("missing")) == nil && fs.targetKind(at: box.path("missing")) == nil)
        #expect(fs.linkDestination(at: box.path("lf")) == "f" && fs.linkDestination(at: box.path("f")) == nil)
        #expect(box.read("ld/inner.txt") == "inner" && box.read("abs") == "inner" && box.read("d/up/f") == "file")
        #expect(box.read("ld/up/ld/up/lf") == "file" && box.read("d/../f") == "file")
        #expect(box.failure { _ = try fs.readFile(at: box.path("loop1")) }
            == "ioError: cannot read ROOT/loop1: Too many levels of symbolic links")
        #expect(fs.whyMissing(box.path("dangling/x")).replacingOccurrences(of: box.root, with: "ROOT")
            == "ROOT/dangling is a symbolic link to nowhere, which leads nowhere (missing, or a loop of links)")
        #expect(try fs.listDirectory(at: box.root) == ["abs", "d", "dangling", "f", "ld", "lf", "loop1", "loop2"])
        #expect(try fs.listFilesRecursively(at: box.root) == ["d/inner.txt", "f"])
        // Followed, each link counts as what it leads to; a link back up is not entered.
        #expect(try fs.listFilesRecursively(at: box.root, followingLinks: true) == ["abs", "d/inner.txt", "f", "ld/inner.txt", "lf"])
        #expect(try fs.listFilesRecursively(at: box.path("ld"), followingLinks: true) == ["inner.txt", "up/abs", "up/f", "up/lf"])
        #expect(try fs.fileSize(at: box.path("lf")) == 4)
    }

    @Test(arguments: FileSystemSubject.allCases)
    func writesThroughLinksAsTheCallsDo(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try box.write("f", "old")
        try box.symlink("lf", to: "f")
        try box.symlink("dangling", to: "made")
        // An in-place write follows the link, even to nothing (the file is made).
        try fs.writeFile(Data("in place".utf8), to: box.path("lf"))
        try fs.writeFile(Data("made".utf8), to: box.path("dangling"))
        #expect(box.read("f") == "in place" && box.read("made") == "made")
        // An atomic write renames a new file over the name: the link goes, its file stays.
        try fs.writeFileAtomically(Data("new".utf8), to: box.path("lf"))
        #expect(fs.kind(at: box.path("lf")) == .file && box.read("lf") == "new" && box.read("f") == "in place")
        // So does a new file.
        try box.symlink("lf2", to: "f")
        try fs.writeNewFile(Data("fresh".utf8), to: box.path("lf2"))
        #expect(fs.kind(at: box.path("lf2")) == .file && box.read("f") == "in place")
    }

    @Test(arguments: FileSystemSubject.allCases)
    func listsInOrder(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        for name in ["b.txt", "é.txt", "a/z.txt", "B.txt", "a.txt", "a/b/c.txt", "e\u{301}.txt", "_"] { try box.seed([name: name]) }
        // "é" composed and decomposed are two names on the disk.
        #expect(try fs.listDirectory(at: box.root).count == 7)
        #expect(try fs.listDirectory(at: box.root) == ["B.txt", "_", "a", "a.txt", "b.txt", "é.txt", "e\u{301}.txt"])
        #expect(try fs.listFilesRecursively(at: box.root)
            == ["B.txt", "_", "a.txt", "a/b/c.txt", "a/z.txt", "b.txt", "e\u{301}.txt", "é.txt"])
        #expect(try fs.listFilesRecursively(at: box.path("a")) == ["b/c.txt", "z.txt"])
        #expect(try fs.listFilesRecursively(at: box.path("a/b/")) == ["c.txt"])
    }

    @Test(arguments: FileSystemSubject.allCases)
    func removesFilesFoldersAndLinks(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try box.seed(["d/e/f/g": "g", "d/h": "h", "kept/k": "k"])
        try box.symlink("d/link", to: "../kept")
        try box.symlink("lk", to: "kept")
        try fs.remove(at: box.path("lk"))
        #expect(fs.kind(at: box.path("lk")) == nil && box.read("kept/k") == "k")
        try fs.remove(at: box.path("d"))
        try fs.remove(at: box.path("d"))
        #expect(fs.kind(at: box.path("d")) == nil && box.read("kept/k") == "k")
        try fs.remove(at: box.path("kept/k"))
        #expect(try fs.listDirectory(at: box.root) == ["kept"] && fs.listDirectory(at: box.path("kept")).isEmpty)
    }

    @Test(arguments: FileSystemSubject.allCases)
    func renamesAndExchanges(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        try fs.createDirectory(at: box.path("a"))
        try box.write("a/x", "in a")
        try fs.createDirectory(at: box.path("empty"))
        let folder = try #require(fs.identity(at: box.path("a")))
        try fs.rename(box.path("a"), to: box.path("b"))
        #expect(fs.identity(at: box.path("b")) == folder && box.read("b/x") == "in a" && fs.kind(at: box.path("a")) == nil)
        // A folder may replace an empty folder; a file replaces a file.
        try fs.rename(box.path("b"), to: box.path("empty"))
        #expect(box.read("empty/x") == "in a")
        try box.write("one", "1")
        try box.write("two", "2")
        try fs.rename(box.path("one"), to: box.path("two"))
        #expect(box.read("two") == "1" && fs.kind(at: box.path("one")) == nil)
        // Exchange swaps two names, of any kinds.
        #expect(try fs.exchange(box.path("two"), box.path("empty")))
        #expect(box.read("empty") == "1" && box.read("two/x") == "in a" && fs.identity(at: box.path("two")) == folder)
        try fs.rename(box.path("two"), to: box.path("two"))
        #expect(box.read("two/x") == "in a")
        #expect(box.failure { try fs.rename(box.path("empty"), to: box.root + "/nowhere/x") }
            == "notFound: cannot rename ROOT/empty to ROOT/nowhere/x: No such file or directory")
    }

    @Test(arguments: FileSystemSubject.allCases)
    func identitiesAndStampsFollowTheObject(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        let f = box.path("f")
        try box.write("f", "one")
        let first = try #require(fs.identity(at: f))
        let stamp = try #require(fs.stamp(at: f))
        #expect(fs.identity(at: f) == first && fs.stamp(at: f) == stamp && stamp.size == 3 && stamp.inode == first.inode)
        // In place: the same object, a new size.
        try box.write("f", "three")
        #expect(fs.identity(at: f) == first && fs.stamp(at: f)?.inode == stamp.inode && fs.stamp(at: f)?.size == 5)
        #expect(try #require(fs.stamp(at: f)).modified >= stamp.modified)
        // Atomically or as a new file: a new object.
        try fs.writeFileAtomically(Data("two".utf8), to: f)
        let second = try #require(fs.identity(at: f))
        #expect(second != first && fs.stamp(at: f)?.inode == second.inode)
        try fs.writeNewFile(Data("two".utf8), to: f)
        #expect(fs.identity(at: f) != second)
        // A link has its own identity and stamp.
        try box.symlink("lf", to: "f")
        #expect(fs.identity(at: box.path("lf")) != fs.identity(at: f) && fs.stamp(at: box.path("lf"))?.size == 1)
        #expect(fs.identity(at: box.path("missing")) == nil && fs.stamp(at: box.path("missing")) == nil)
        #expect(fs.modificationTime(at: box.path("missing")) == nil)
        let modified = try #require(fs.modificationTime(at: f)), nanoseconds = try #require(fs.stamp(at: f)).modified
        #expect(abs(modified * 1e9 - Double(nanoseconds)) < 1e3)
        #expect(fs.modificationTime(at: box.root) != nil && fs.identity(at: box.root) != nil)
    }

    @Test(arguments: FileSystemSubject.allCases)
    func hardLinksShareTheirBytes(_ subject: FileSystemSubject) throws {
        let box = try Sandbox(subject), fs = box.fileSystem
        let (a, b) = (box.path("a"), box.path("b"))
        try box.write("a", "one")
        try fs.hardLink(a, to: b)
        #expect(box.read("b") == "one" && fs.identity(at: a) == fs.identity(at: b) && box.linkCount("a") == 2)
        try box.write("a", "two")
        #expect(box.read("b") == "two")
        // A new file leaves the other name its bytes.
        try fs.writeNewFile(Data("new".utf8), to: a)
        #expect(box.read("a") == "new" && box.read("b") == "two" && box.linkCount("b") == 1)
        // Linking over an existing name replaces it.
        try fs.hardLink(a, to: b)
        #expect(box.read("b") == "new" && box.linkCount("a") == 2)
        try fs.writeFileAtomically(Data("atomic".utf8), to: b)
        #expect(box.read("a") == "new" && box.linkCount("a") == 1)
        try fs.hardLink(a, to: b)
        try fs.remove(at: a)
        #expect(box.read("b") == "new" && box.linkCount("b") == 1)
    }
}

/// What only the in-memory file system offers: seeding, its clock, a system without exchange, many threads.
@Suite struct MemoryFileSystemTests {
    @Test func seedsAndReadsBack() throws {
        let fs = MemoryFileSystem()
        try fs.write(path: "/site/records/a.json", string: "{}")
        try fs.write(path: "/site/images/a.jpg", data: Data([0xFF, 0xD8]))
        try fs.createSymbolicLink(at: "/site/b.json", to: "records/a.json")
        #expect(fs.read(path: "/site/b.json") == "{}" && fs.data(path: "/site/images/a.jpg") == Data([0xFF, 0xD8]))
        #expect(fs.read(path: "/site/records") == nil && fs.read(path: "/site/missing") == nil)
        #expect(fs.files(under: "/site") == ["records/a.json": Data("{}".utf8), "images/a.jpg": Data([0xFF, 0xD8])])
        #expect(try fs.listDirectory(at: "/") == ["site"])
        #expect(fs.read(path: "site/records/../b.json") == "{}")
    }

    @Test func stampsEveryChangeWithItsClock() throws {
        let fs = MemoryFileSystem()
        try fs.write(path: "/a", string: "1")
        let first = try #require(fs.stamp(at: "/a"))
        try fs.writeFile(Data("2".utf8), to: "/a")
        #expect(try #require(fs.stamp(at: "/a")).modified > first.modified)
        try fs.setModificationTime(1_000, at: "/a")
        #expect(fs.modificationTime(at: "/a") == 1_000)

        let clock = MemoryClock(seconds: 1_800_000_000.5)
        let timed = MemoryFileSystem(now: clock.now)
        try timed.write(path: "/b", string: "b")
        #expect(timed.modificationTime(at: "/b") == 1_800_000_000.5)
        #expect(timed.identity(at: "/b")?.birth == 1_800_000_000_500_000_000)
    }

    @Test func exchangeCanBeMissing() throws {
        let fs = MemoryFileSystem(exchangeSupported: false)
        try fs.write(path: "/a", string: "a")
        try fs.write(path: "/b", string: "b")
        #expect(try fs.exchange("/a", "/b") == false)
        #expect(fs.read(path: "/a") == "a" && fs.read(path: "/b") == "b")
    }

    @Test func takesCallsFromManyThreads() async throws {
        let fs = MemoryFileSystem()
        try fs.createDirectory(at: "/out")
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    try? fs.createDirectory(at: "/out/\(i % 7)")
                    try? fs.writeFileAtomically(Data("\(i)".utf8), to: "/out/\(i % 7)/\(i)")
                    try? fs.hardLink("/out/\(i % 7)/\(i)", to: "/out/\(i % 7)/\(i).link")
                }
            }
        }
        #expect(try fs.listFilesRecursively(at: "/out").count == 400)
        #expect(fs.read(path: "/out/3/10.link") == "10" && fs.linkCount(at: "/out/3/10") == 2)
    }
}

/// A clock that stands still.
struct MemoryClock {
    let seconds: Double
    var now: @Sendable () -> Double { { [seconds] in seconds } }
}
