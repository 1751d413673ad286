public import GalgenCore
public import GalgenConfig

/// `"type": "csv"`: records from a local CSV file (``CSVReader``), read in pieces. The header row
/// names the columns, and those names are the field paths (`Name`, or `name.first` beside
/// `name.last` for a nested field); an empty cell is no value. A row with bad quoting or a wrong
/// number of cells is skipped and named by its line; an empty file, or a header that names a column
/// twice, is an error.
public struct CSVRecordSource: LocalRecordReading {
    /// How much of the file is read at a time.
    public static let chunkSize = 1 << 16

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
        var rows = Rows(config: config, baseDirectory: baseDirectory, shown: shown)
        var reader = CSVReader()
        do {
            try fileSystem.readChunks(at: path, chunkSize: Self.chunkSize) { chunk in
                reader.feed(chunk) { rows.take($0) }
                return rows.failure == nil
            }
        } catch {
            let reason = error.code == .notFound ? fileSystem.whyMissing(path) : error.reason
            throw RecordError(code: .unreadable, source: config.name, location: shown, message: "\(reason); check sources[].path in the config")
        }
        if rows.failure == nil { reader.finish { rows.take($0) } }
        if let failure = rows.failure { throw failure }
        guard rows.layout != nil else {
            throw RecordError(code: .unreadable, source: config.name, location: shown,
                              message: "the file is empty; a csv source needs a header row naming its columns")
        }
        if rows.count == 0 {
            rows.notes.append(Diagnostic(.warning, code: "csv.no-rows", subject: "\(config.name): \(shown):1",
                                         message: "the file has a header row and no records"))
        }
        return RecordSet(source: config.name, records: rows.mapper.records, diagnostics: rows.notes + rows.mapper.diagnostics)
    }
}

/// The rows of one file: the header, then each row mapped to a record or named as a problem.
private struct Rows {
    let config: SourceConfig
    let shown: String
    var mapper: RecordMapper
    let origins: RecordOrigin.Source
    var layout: [CSVColumn]?
    var width = 0
    var count = 0
    var notes: [Diagnostic] = []
    var failure: RecordError?

    init(config: SourceConfig, baseDirectory: String, shown: String) {
        self.config = config
        self.shown = shown
        mapper = RecordMapper(config: config, baseDirectory: baseDirectory)
        origins = RecordOrigin.Source(name: shown, items: "rows")
    }

    mutating func take(_ event: CSVReader.Event) {
        guard failure == nil else { return }
        switch event {
        case .problem(let message, let line) where layout == nil:
            failure = RecordError(code: .unreadable, source: config.name, location: "\(shown):\(line)", message: "the header row: \(message)")
        case .problem(let message, let line):
            notes.append(Diagnostic(.error, code: "csv.syntax", subject: "\(config.name): \(shown):\(line)", message: "\(message); row skipped"))
        case .row(let cells, let line) where layout == nil:
            do throws(CSVColumn.Conflict) {
                let columns = try CSVColumn.layout(cells)
                if let id = config.fields.id.segments.first, !columns.contains(where: { $0.key == id }) {
                    let named = cells.filter { !$0.isEmpty }.map { "\"\($0)\"" }.joined(separator: ", ")
                    throw CSVColumn.Conflict(message: "no column \"\(config.fields.id)\" for fields.id (the columns are \(named))")
                }
                layout = columns
                width = cells.count
            } catch {
                failure = RecordError(code: .unreadable, source: config.name, location: "\(shown):\(line)", message: "the header row: \(error.message)")
            }
        case .row(let cells, let line):
            guard cells.count == width else {
                notes.append(Diagnostic(.error, code: "csv.ragged", subject: "\(config.name): \(shown):\(line)",
                                        message: "\(cells.count) \(cells.count == 1 ? "cell" : "cells"), but the header names \(width) columns; row skipped"))
                return
            }
            let node = JSONNode(CSVColumn.value(layout ?? [], cells), offset: 0)
            mapper.add(node, origin: RecordOrigin(origins, line: line, column: 1, index: count))
            count += 1
        }
    }
}

/// Where a header's columns go in a record: `name` is a field, `name.first` a field of the object `name`.
enum CSVColumn {
    case cell(String, Int)
    case group(String, [CSVColumn])

    /// Two header names that cannot both be fields (the same name twice, or `a` beside `a.b`).
    struct Conflict: Error { let message: String }

    var key: String {
        switch self {
        case .cell(let key, _), .group(let key, _): key
        }
    }

    /// The columns of a header row; empty names are left out.
    static func layout(_ names: [String]) throws(Conflict) -> [CSVColumn] {
        try group(names.enumerated().filter { !$0.element.isEmpty }.map { ($0.element.split(separator: ".", omittingEmptySubsequences: false)[...], $0.offset) }, prefix: "")
    }

    private static func group(_ columns: [(path: ArraySlice<Substring>, index: Int)], prefix: String) throws(Conflict) -> [CSVColumn] {
        var result: [CSVColumn] = []
        var seen: [String: Int] = [:]
        var nested: [String: [(path: ArraySlice<Substring>, index: Int)]] = [:]
        for (path, index) in columns {
            let key = String(path.first ?? "")
            let rest = path.dropFirst()
            if let first = seen[key], rest.isEmpty || nested[key] == nil {
                throw Conflict(message: "\"\(prefix)\(key)\" is named by columns \(first + 1) and \(index + 1)")
            }
            if seen[key] == nil { seen[key] = index }
            if rest.isEmpty {
                result.append(.cell(key, index))
            } else {
                if nested[key] == nil { result.append(.group(key, [])) }
                nested[key, default: []].append((rest, index))
            }
        }
        for (i, column) in result.enumerated() {
            if case .group(let key, _) = column { result[i] = .group(key, try group(nested[key] ?? [], prefix: prefix + key + ".")) }
        }
        return result
    }

    /// A row as a JSON object laid out by `layout`.
    static func value(_ layout: [CSVColumn], _ cells: [String]) -> JSONValue {
        .object(layout.map { column in
            let value: JSONValue = switch column {
            case .cell(_, let index): cells[index].isEmpty ? .null : .string(cells[index])
            case .group(_, let inner): Self.value(inner, cells)
            }
            return JSONMember(key: column.key, keyOffset: 0, node: JSONNode(value, offset: 0))
        })
    }
}
