import Foundation
import GalgenCore
import Testing

/// The text form of ``InputStamps``: what a build writes, the next one reads back byte for byte (the
/// no-op reads thousands of these lines before anything else), and anything else is refused.
struct InputStampsTests {
    static let skip = InputStamps.Skip(folders: ["/site/public"])

    static func lines(_ text: String) -> [ArraySlice<UInt8>] {
        Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    static let sample: [String: InputStamps.Entry] = [
        "/site/config.json": .file(FileStamp(inode: 12, size: 345, modified: 1_796_291_488_677_908_898)),
        "/site/photos/a b/ünï code.jpg": .file(FileStamp(inode: UInt64.max, size: 0, modified: -1_000_000_007)),
        "/site/photos": .folder(["a b", "z.jpg"]),
        "/site/photos/a b": .directory,
        "/site/templates": .absent,
        "/site/public/index.html": .file(FileStamp(inode: 1, size: 1, modified: 1)),   // skipped
    ]

    @Test func itsLinesReadBackAsTheSameStamps() throws {
        let stamps = try #require(InputStamps(Self.sample, skip: Self.skip))
        #expect(stamps.entries.count == 5, "the output folder's file is no input")
        let text = stamps.lines.joined(separator: "\n")
        let read = try #require(InputStamps(lines: Self.lines(text), skip: Self.skip))
        #expect(read == stamps)
        #expect(read.lines == stamps.lines)
        #expect(read.entries.first { $0.path == "/site/photos/a b/ünï code.jpg" }?.noted
                == .file(FileStamp(inode: UInt64.max, size: 0, modified: -1_000_000_007)))
        #expect(stamps.entries.map(\.path) == stamps.entries.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test(arguments: [
        "f 1 2 PATH",                       // a field missing: the time is taken as the path's start, nothing left
        "f 1 2 3",                          // no path
        "f x 2 3 /p",                       // not a number
        "f 1 2 3.5 /p",
        "f 18446744073709551616 2 3 /p",    // over 64 bits
        "f 1 2 9223372036854775808 /p",     // a time over Int64
        "d  /p",                            // an empty digest
        "q /p",                             // an unknown kind
        "a",                                // no path
        "f1 2 3 /p",                        // no space after the kind
        "",                                 // an empty line
    ])
    func aBadLineIsRefused(_ line: String) {
        #expect(InputStamps(lines: Self.lines("a /ok\n" + line), skip: Self.skip) == nil, "\(line)")
    }

    @Test func linesOutOfOrderOrTwiceAreRefused() {
        #expect(InputStamps(lines: Self.lines("a /b\na /a"), skip: Self.skip) == nil)
        #expect(InputStamps(lines: Self.lines("a /a\nk /a"), skip: Self.skip) == nil)
        #expect(InputStamps(lines: Self.lines("a /a\nk /b"), skip: Self.skip) != nil)
    }

    @Test func theFirstChangeIsFoundInOrder() throws {
        let root = NSTemporaryDirectory() + "galgen-input-stamps-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fs = LocalFileSystem()
        try Data("one".utf8).write(to: URL(fileURLWithPath: root + "/a"))
        try Data("two".utf8).write(to: URL(fileURLWithPath: root + "/b"))
        let log: [String: InputStamps.Entry] = [root + "/a": .now(root + "/a", fs), root + "/b": .now(root + "/b", fs),
                                                root + "/c": .now(root + "/c", fs)]
        let text = try #require(InputStamps(log, skip: Self.skip)).lines.joined(separator: "\n")
        let stamps = try #require(InputStamps(lines: Self.lines(text), skip: Self.skip))
        #expect(stamps.firstChange(in: fs) == nil)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: root + "/b"))
        try Data("new".utf8).write(to: URL(fileURLWithPath: root + "/c"))
        #expect(stamps.firstChange(in: fs) == root + "/b")
    }

    /// Stamps looked up from a folder are the ones looked up one path at a time, a missing file and a
    /// link (not followed) included; a folder that is not there gives what each path gives.
    @Test func stampsUnderAFolderAreTheStampsOfEachPath() throws {
        let root = NSTemporaryDirectory() + "galgen-stamps-under-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/a b/c", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/one"))
        try Data("yy".utf8).write(to: URL(fileURLWithPath: root + "/a b/c/two.html"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "one")
        let fs = LocalFileSystem()
        let paths = ["one", "a b/c/two.html", "missing", "link", "a b"]
        let each = paths.map { fs.stamp(at: root + "/" + $0) }
        #expect(fs.stamps(under: root, paths) == each)
        #expect(each[0] != nil && each[1] != nil && each[2] == nil && each[3] != each[0])
        #expect(fs.stamps(under: root + "/gone", paths) == paths.map { _ in nil })
    }
}
