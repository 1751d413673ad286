import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenTestSupport
import Testing

struct CSVRecordSourceTests {
    static let fields = FieldMapping(id: FieldPath("Id")!, title: [FieldPath("name.first")!, FieldPath("name.last")!],
                                     subtitle: [FieldPath("City")!], image: FieldPath("Photo")!, link: nil,
                                     extra: [FieldSpec(name: "age", path: FieldPath("Age")!, type: .number)])

    static func load(_ text: String, fileSystem: (any FileSystem)? = nil) throws(RecordError) -> RecordSet {
        let memory = MemoryFileSystem()
        try? memory.createDirectory(at: "/site")
        try? memory.writeFile(Data(text.utf8), to: "/site/people.csv")
        let config = SourceConfig(name: "people", title: "People", kind: .csv, origin: .file("/site/people.csv"),
                                  items: FieldPath("")!, fields: fields)
        return try CSVRecordSource(config: config, baseDirectory: "/site", fileSystem: fileSystem ?? memory).load()
    }

    static let header = "Id,name.first,name.last,City,Photo,Age\n"

    @Test("a header's names are the field paths; dotted names nest; values are typed by the mapping")
    func mapsRows() throws {
        let set = try Self.load("\u{FEFF}" + Self.header + "a1,Ann,Lee,\"Oslo, NO\",img/a.jpg,41\na2,Bo,,,,\n")
        #expect(set.diagnostics.map(\.code) == ["record.missing-image"], "an empty cell is no value: \(set.diagnostics)")
        #expect(set.records.map(\.title) == ["Ann Lee", "Bo"])
        #expect(set.records[0].subtitle == "Oslo, NO" && set.records[0].image == .file("/site/img/a.jpg"))
        #expect(set.records[0].fields.first??.number == 41)
        #expect(set.records[1].image == nil && set.records[1].origin.description == "people.csv:3:1 (rows[1])")
    }

    @Test("ragged rows and bad quoting are skipped and named by line; the good rows stay")
    func hostileRows() throws {
        let set = try Self.load(Self.header + "a1,Ann,Lee,Oslo,a.jpg,1\na2,Bo\na3,C,D,E,F,3,extra\na4,x\"y,L,C,P,4\n"
                                + "a5,Eve,Ng,Rome,e.jpg,5\na6,\"open,L,C,P,6\n")
        #expect(set.records.map(\.id) == ["a1", "a5"])
        let named = set.diagnostics.map { "\($0.code) \($0.subject)" }
        #expect(named == ["csv.ragged people: people.csv:3", "csv.ragged people: people.csv:4",
                          "csv.syntax people: people.csv:5", "csv.syntax people: people.csv:7"], "\(named)")
        #expect(set.diagnostics.allSatisfy { $0.severity == .error && $0.message.hasSuffix("row skipped") })
        #expect(set.diagnostics[0].message.hasPrefix("2 cells, but the header names 6 columns"))
    }

    @Test("an empty file and a bad header are errors; a header alone is a warning")
    func emptyAndHeaderOnly() throws {
        #expect(throws: RecordError.self) { try Self.load("") }
        do { _ = try Self.load("Id,Id\n1,2\n"); Issue.record("a column named twice") } catch {
            #expect(error.description.contains("people.csv:1") && error.description.contains("columns 1 and 2"))
        }
        do { _ = try Self.load("a,a.b\n") ; Issue.record("a and a.b") } catch { #expect(error.description.contains("\"a\"")) }
        do { _ = try Self.load("ID,Name\n1,A\n"); Issue.record("no id column") } catch {
            #expect(error.description.contains("no column \"Id\" for fields.id (the columns are \"ID\", \"Name\")"), "\(error)")
        }
        let headerOnly = try Self.load(Self.header)
        #expect(headerOnly.records.isEmpty && headerOnly.diagnostics.map(\.code) == ["csv.no-rows"])
    }

    @Test("the file is read in pieces, never whole: 2 MB of rows through a file system that refuses whole reads")
    func streams() throws {
        let pieces = PieceCounter()
        let set = try Self.load("", fileSystem: GeneratedCSV(rows: 40_000, pieces: pieces))
        #expect(set.records.count == 40_000 && set.diagnostics.isEmpty)
        #expect(pieces.largest <= CSVRecordSource.chunkSize && pieces.count > 20)
    }

    @Test("the live file system hands a file out in pieces of at most the size asked")
    func liveChunks() throws {
        let dir = try TemporaryDirectory(prefix: "galgen-chunks")
        defer { dir.remove() }
        let bytes = Data((0..<200_000).map { UInt8($0 % 251) })
        try dir.write(bytes, to: "f.bin")
        var read = Data()
        var largest = 0
        try LocalFileSystem().readChunks(at: dir.path + "/f.bin", chunkSize: 4096) { piece in
            largest = max(largest, piece.count)
            read.append(piece)
            return true
        }
        #expect(read == bytes && largest == 4096)
    }
}

/// Counts the pieces a reader asked for.
final class PieceCounter: @unchecked Sendable {
    var count = 0
    var largest = 0
}

/// A file system holding one CSV file that exists only piece by piece: `readFile` fails.
struct GeneratedCSV: FileSystem {
    let rows: Int
    let pieces: PieceCounter

    func readChunks(at path: String, chunkSize: Int, _ each: (Data) -> Bool) throws(FileSystemError) {
        var pending = Data(CSVRecordSourceTests.header.utf8)
        func send(_ piece: Data) -> Bool {
            pieces.count += 1
            pieces.largest = max(pieces.largest, piece.count)
            return each(piece)
        }
        for i in 0..<rows {
            pending.append(contentsOf: "id\(i),First \(i),Last,Town,img/\(i % 7).jpg,\(i % 90)\n".utf8)
            while pending.count >= chunkSize {
                guard send(Data(pending.prefix(chunkSize))) else { return }
                pending = Data(pending.dropFirst(chunkSize))
            }
        }
        if !pending.isEmpty { _ = send(pending) }
    }

    func readFile(at path: String) throws(FileSystemError) -> Data { throw FileSystemError(.ioError, operation: "read", path: path, reason: "whole reads refused") }
    func writeFileAtomically(_ data: Data, to path: String) throws(FileSystemError) {}
    func writeFile(_ data: Data, to path: String) throws(FileSystemError) {}
    func createDirectory(at path: String) throws(FileSystemError) {}
    func kind(at path: String) -> FileKind? { .file }
    func targetKind(at path: String) -> FileKind? { .file }
    func linkDestination(at path: String) -> String? { nil }
    func listFilesRecursively(at path: String, followingLinks: Bool) throws(FileSystemError) -> [String] { [] }
    func listDirectory(at path: String) throws(FileSystemError) -> [String] { [] }
    func remove(at path: String) throws(FileSystemError) {}
    func rename(_ source: String, to destination: String) throws(FileSystemError) {}
    func exchange(_ a: String, _ b: String) throws(FileSystemError) -> Bool { false }
    func modificationTime(at path: String) -> Double? { nil }
    func fileSize(at path: String) throws(FileSystemError) -> Int { 0 }
    func identity(at path: String) -> FileIdentity? { nil }
    func stamp(at path: String) -> FileStamp? { nil }
    func hardLink(_ source: String, to destination: String) throws(FileSystemError) {}
    func writeNewFile(_ data: Data, to path: String) throws(FileSystemError) {}
    func lockExclusively(at path: String) throws(FileSystemError) -> FileLock { FileLock {} }
}
