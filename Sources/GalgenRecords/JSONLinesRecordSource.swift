public import GalgenCore
public import GalgenConfig
import Foundation

/// `"type": "jsonl"`: records from a local JSON Lines file, one JSON object per line, mapped like
/// `json`'s records, read in pieces. Blank lines are skipped; a line that is not JSON, or not an
/// object, is skipped and named by its line.
public struct JSONLinesRecordSource: LocalRecordReading {
    /// The longest line read (a longer one is skipped and named).
    public static let maxLineBytes = 16 << 20

    private let fileSystem: any FileSystem
    private let config: SourceConfig
    private let baseDirectory: String

    public init(config: SourceConfig, baseDirectory: String, fileSystem: any FileSystem) {
        self.config = config
        self.baseDirectory = baseDirectory
        self.fileSystem = fileSystem
    }

    public func load() throws(RecordError) -> RecordSet {
        let (path, shown) = try Self.file(of: config, baseDirectory: baseDirectory)
        var lines = Lines(config: config, baseDirectory: baseDirectory, shown: shown)
        do {
            try fileSystem.readChunks(at: path, chunkSize: CSVRecordSource.chunkSize) { chunk in
                lines.feed(chunk)
                return true
            }
        } catch {
            let reason = error.code == .notFound ? fileSystem.whyMissing(path) : error.reason
            throw RecordError(code: .unreadable, source: config.name, location: shown, message: "\(reason); check sources[].path in the config")
        }
        lines.finish()
        if lines.count == 0 {
            lines.notes.append(Diagnostic(.warning, code: "jsonl.no-records", subject: "\(config.name): \(shown)",
                                          message: "the file holds no records"))
        }
        return RecordSet(source: config.name, records: lines.mapper.records, diagnostics: lines.notes + lines.mapper.diagnostics)
    }
}

/// Splits the file into lines (LF or CRLF) and maps each one.
private struct Lines {
    let config: SourceConfig
    let shown: String
    var mapper: RecordMapper
    let origins: RecordOrigin.Source
    var pending: [UInt8] = []
    var tooLong = false
    var line = 1
    var count = 0
    var notes: [Diagnostic] = []

    init(config: SourceConfig, baseDirectory: String, shown: String) {
        self.config = config
        self.shown = shown
        mapper = RecordMapper(config: config, baseDirectory: baseDirectory)
        origins = RecordOrigin.Source(name: shown, items: "lines")
    }

    mutating func feed(_ chunk: Data) {
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: 0x0A) {
            add(chunk[start..<end])
            take()
            start = end + 1
        }
        add(chunk[start...])
    }

    mutating func finish() {
        if !pending.isEmpty || tooLong { take() }
    }

    private mutating func add(_ bytes: Data) {
        if pending.count + bytes.count > JSONLinesRecordSource.maxLineBytes {
            tooLong = true
            pending = []
        } else if !tooLong {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func take() {
        defer {
            pending.removeAll(keepingCapacity: true)
            tooLong = false
            line += 1
        }
        let subject = "\(config.name): \(shown):\(line)"
        if tooLong {
            notes.append(Diagnostic(.error, code: "jsonl.too-long", subject: subject,
                                    message: "the line is longer than \(JSONLinesRecordSource.maxLineBytes >> 20) MB; line skipped"))
            return
        }
        if pending.last == 0x0D { pending.removeLast() }
        guard pending.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }  // a blank line
        let document: JSONDocument
        do {
            document = try JSONDocument(data: Data(pending), sourceName: shown)
        } catch {
            notes.append(Diagnostic(.error, code: "jsonl.malformed", subject: "\(subject):\(error.column)",
                                    message: "malformed JSON: \(error.message); line skipped"))
            return
        }
        guard case .object = document.root.value else {
            notes.append(Diagnostic(.error, code: "jsonl.not-object", subject: subject,
                                    message: "a record is a JSON object, this line holds \(document.root.value.kindName); line skipped"))
            return
        }
        mapper.add(document.root, origin: RecordOrigin(origins, line: line, column: 1, index: count))
        count += 1
    }
}
