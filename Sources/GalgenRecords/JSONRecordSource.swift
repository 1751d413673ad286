public import GalgenCore
public import GalgenConfig
import Foundation

/// Reads records from a local JSON file through a source's field mapping.
public struct JSONRecordSource: LocalRecordReading {
    private let fileSystem: any FileSystem
    private let config: SourceConfig
    private let baseDirectory: String

    /// Creates a reader.
    /// - Parameters:
    ///   - config: The source's config.
    ///   - baseDirectory: The config file's folder; local image paths are relative to it.
    ///   - fileSystem: Where files are read from.
    public init(config: SourceConfig, baseDirectory: String, fileSystem: any FileSystem) {
        self.config = config
        self.baseDirectory = baseDirectory
        self.fileSystem = fileSystem
    }

    /// Reads the file and maps every record. Bad records become diagnostics; a file that cannot
    /// be read or parsed at all is an error.
    /// - Throws: ``RecordError``.
    public func load() throws(RecordError) -> RecordSet {
        let (path, displayPath) = try Self.file(of: config, baseDirectory: baseDirectory)
        let data: Data
        do {
            data = try fileSystem.readFile(at: path)
        } catch {
            let reason = error.code == .notFound ? fileSystem.whyMissing(path) : error.reason
            throw RecordError(code: .unreadable, source: config.name, location: displayPath,
                              message: "\(reason); check sources[].path in the config")
        }
        // Records are mapped as they are parsed, on another thread: the file never exists as one
        // tree, and parsing and mapping (each about half the step) overlap.
        let mapping = MappingPipeline(mapper: RecordMapper(config: config, baseDirectory: baseDirectory), sourceName: displayPath)
        let document: JSONDocument
        do {
            var batch: [(node: JSONNode, index: Int)] = []
            batch.reserveCapacity(MappingPipeline.batchSize)
            var locator: JSONLocator?
            document = try JSONDocument(data: data, sourceName: displayPath, streaming: config.items.segments) { node, index, at in
                if locator == nil { locator = at }
                batch.append((node, index))
                if batch.count == MappingPipeline.batchSize {
                    mapping.submit(batch, locator: at)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if let locator, !batch.isEmpty { mapping.submit(batch, locator: locator) }
        } catch {
            _ = mapping.finish()
            throw RecordError(code: .malformedJSON, source: config.name, location: "\(displayPath):\(error.line):\(error.column)",
                              message: "malformed JSON: \(error.message)")
        }
        let mapped = mapping.finish()
        guard document.streamed else { return try map(document) }
        return RecordSet(source: config.name, records: mapped.records, diagnostics: mapped.diagnostics)
    }

    /// Maps the records of an already parsed document.
    /// - Parameter document: The parsed file.
    /// - Throws: ``RecordError`` when `items` does not lead to an array.
    public func map(_ document: JSONDocument) throws(RecordError) -> RecordSet {
        guard let itemsNode = FieldLookup.node(at: config.items, in: document.root) else {
            throw RecordError(code: .itemsNotFound, source: config.name, location: document.sourceName,
                              message: "nothing at items path \"\(config.items)\"; set sources[].items to the dotted path of the records array")
        }
        guard case .array(let nodes) = itemsNode.value else {
            throw RecordError(code: .itemsNotFound, source: config.name, location: document.location(of: itemsNode.offset),
                              message: "items path \"\(config.items)\" leads to \(itemsNode.value.kindName), not an array")
        }
        var mapper = RecordMapper(config: config, baseDirectory: baseDirectory)
        let origins = mapper.origins(in: document.sourceName)
        var cursor = JSONLocator.Cursor(document.locator)
        for (index, node) in nodes.enumerated() { mapper.add(node, index: index, in: origins, cursor: &cursor) }
        return RecordSet(source: config.name, records: mapper.records, diagnostics: mapper.diagnostics)
    }
}

/// Dotted-path lookups into JSON values.
public enum FieldLookup {
    /// The node at `path` below `root`, or nil. Numeric segments index arrays.
    /// - Parameters:
    ///   - path: The dotted path.
    ///   - root: Where to start.
    public static func node(at path: FieldPath, in root: JSONNode) -> JSONNode? {
        var current = root
        for segment in path.segments {
            switch current.value {
            case .object:
                guard let next = current.value[segment] else { return nil }
                current = next
            case .array(let items):
                guard let i = Int(segment), items.indices.contains(i) else { return nil }
                current = items[i]
            default:
                return nil
            }
        }
        if case .null = current.value { return nil }
        return current
    }
}

/// Maps batches of record nodes on one background thread, in order, while the caller parses the
/// next ones; at most two batches wait, so memory stays that of a few thousand nodes.
private final class MappingPipeline: @unchecked Sendable {
    static let batchSize = 1024

    private var mapper: RecordMapper
    private let origins: RecordOrigin.Source
    private var cursor: JSONLocator.Cursor?
    private let queue = DispatchQueue(label: "galgen.records.mapping")
    private let slots = DispatchSemaphore(value: 2)

    init(mapper: RecordMapper, sourceName: String) {
        self.mapper = mapper
        self.origins = mapper.origins(in: sourceName)
    }

    /// Queues a batch (index order); waits while two are queued.
    func submit(_ batch: [(node: JSONNode, index: Int)], locator: JSONLocator) {
        slots.wait()
        queue.async { [self] in
            if cursor == nil { cursor = JSONLocator.Cursor(locator) }
            for (node, index) in batch { mapper.add(node, index: index, in: origins, cursor: &cursor!) }
            slots.signal()
        }
    }

    /// Waits for every queued batch; the records and diagnostics so far.
    func finish() -> (records: [Record], diagnostics: [Diagnostic]) {
        queue.sync { (mapper.records, mapper.diagnostics) }
    }
}
