import Foundation
import GalgenArchive
import GalgenTestSupport
import Testing

/// Album ZIPs written through libarchive, checked with Python's `zipfile`.
struct ZipWriterTests {
    private let modified = Date(timeIntervalSince1970: 1_714_566_896)  // 2024-05-01 12:34:56 UTC

    /// Runs `script` with python3 and the arguments; returns its standard output.
    private func python(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// An album of a few files in `folder`.
    private func album(_ folder: TemporaryDirectory) throws -> [ArchiveEntry] {
        try folder.write(Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }), to: "src/IMG_0001.jpg")
        try folder.write("Café au lait ☕\n", to: "src/café.txt")
        try folder.write(Data(), to: "src/empty.bin")
        try folder.write("spaces", to: "src/with space.txt")
        return [
            ArchiveEntry(name: "IMG_0001.jpg", file: folder.path + "/src/IMG_0001.jpg"),
            ArchiveEntry(name: "Sommer 2024/café ☕.txt", file: folder.path + "/src/café.txt"),
            ArchiveEntry(name: "with space.txt", file: folder.path + "/src/with space.txt"),
            ArchiveEntry(name: "empty.bin", file: folder.path + "/src/empty.bin"),
        ]
    }

    @Test func pythonReadsTheNamesAndBytes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let entries = try album(folder)
        let zip = folder.path + "/album.zip"
        let size = try ZipWriter.write(entries, to: zip, modified: modified)
        #expect(size == (try FileManager.default.attributesOfItem(atPath: zip)[.size] as? Int))
        let script = """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            pairs = sys.argv[2:]
            assert [i.filename for i in z.infolist()] == pairs[0::2], [i.filename for i in z.infolist()]
            for info, path in zip(z.infolist(), pairs[1::2]):
                assert z.read(info) == open(path, 'rb').read(), info.filename
                assert info.compress_type == zipfile.ZIP_STORED
                assert info.date_time == (2024, 5, 1, 12, 34, 56), info.date_time
                assert info.external_attr >> 16 == 0o100644, oct(info.external_attr >> 16)
                assert bool(info.flag_bits & 0x800) == (not info.filename.isascii()), info.flag_bits
            print(len(z.infolist()))
            """
        let output = try python(script, [zip] + entries.flatMap { [$0.name, $0.file] })
        #expect(output == "4\n")
    }

    @Test func twoWritesAreByteIdentical() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let entries = try album(folder)
        try ZipWriter.write(entries, to: folder.path + "/one.zip", modified: modified)
        // The sources' own times and modes do not reach the archive.
        let source = entries[0].file
        try FileManager.default.setAttributes([.modificationDate: Date(), .posixPermissions: 0o600], ofItemAtPath: source)
        try ZipWriter.write(entries, to: folder.path + "/two.zip", modified: modified)
        let one = try folder.read("one.zip")
        #expect(one == (try folder.read("two.zip")))
        try ZipWriter.write(entries, to: folder.path + "/later.zip", modified: modified.addingTimeInterval(3600))
        #expect(one != (try folder.read("later.zip")))
    }

    @Test func emptyAlbumIsAnEmptyZip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(try ZipWriter.write([], to: folder.path + "/empty.zip", modified: modified) == 22)
        #expect(try python("import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).namelist()))", [folder.path + "/empty.zip"]) == "0\n")
    }

    @Test func missingSourceThrowsNamingIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let entries = try album(folder) + [ArchiveEntry(name: "gone.jpg", file: folder.path + "/src/gone.jpg")]
        #expect {
            try ZipWriter.write(entries, to: folder.path + "/album.zip", modified: modified)
        } throws: { error in
            let message = (error as? ArchiveError)?.message ?? ""
            return message.contains("'gone.jpg'") && message.contains("src/gone.jpg") && message.contains("No such file")
        }
        #expect(!folder.exists("album.zip"))
        let folderEntry = [ArchiveEntry(name: "dir", file: folder.path + "/src")]
        #expect(throws: ArchiveError.self) { try ZipWriter.write(folderEntry, to: folder.path + "/album.zip", modified: modified) }
    }

    @Test(arguments: ["../x", "a/../../x", "/etc/passwd", "a\\b.jpg", "", "a//b", "a/", "./a", "a\nb"])
    func badNamesAreRefused(_ name: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("x", to: "x")
        #expect(ZipWriter.nameProblem(name) != nil)
        #expect {
            try ZipWriter.write([ArchiveEntry(name: name, file: folder.path + "/x")], to: folder.path + "/a.zip", modified: modified)
        } throws: { error in
            (error as? ArchiveError)?.message.hasPrefix("album archive entry '\(name)': ") == true
        }
        #expect(!folder.exists("a.zip"))
    }

    @Test func duplicateNamesAndUnwritableDestinationsThrow() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("x", to: "x")
        let entry = ArchiveEntry(name: "x", file: folder.path + "/x")
        #expect(throws: ArchiveError("album archive entry 'x': the name is used twice")) {
            try ZipWriter.write([entry, entry], to: folder.path + "/a.zip", modified: modified)
        }
        #expect {
            try ZipWriter.write([entry], to: folder.path + "/no/such/folder/a.zip", modified: modified)
        } throws: { error in
            (error as? ArchiveError)?.message.contains("no/such/folder/a.zip") == true
        }
    }

    @Test func largeFileStreamsInBoundedMemory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = folder.path + "/big.bin"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 200 << 20) == 0)  // sparse: reads as zeros, takes no disk
        var size = 0
        let growth = try ResidentSampler.growth {
            size = try ZipWriter.write([ArchiveEntry(name: "big.bin", file: big)], to: folder.path + "/big.zip", modified: modified)
        }
        #expect(size > 200 << 20 && size < (200 << 20) + 1024)
        // Other tests run in parallel in this process, so the figure is an upper bound on the writer's share.
        #expect(growth < 64 << 20, "resident memory grew by \(growth >> 20) MiB")
        let script = "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip(), z.infolist()[0].file_size)"
        #expect(try python(script, [folder.path + "/big.zip"]) == "None \(200 << 20)\n")
    }
}
