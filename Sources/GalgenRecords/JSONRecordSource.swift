public import GalgenCore
public import GalgenConfig
import Foundation

/// Reads records from a local JSON file through a source's field mapping.
public struct JSONRecordSource: Sendable {
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
        guard let path = config.localPath else {
            throw RecordError(code: .unreadable, source: config.name, location: "config", message: "not a local file source")
        }
        let displayPath = Paths.relative(path, to: baseDirectory)
        let data: Data
        do {
            data = try fileSystem.readFile(at: path)
        } catch {
            let reason = error.code == .notFound ? fileSystem.whyMissing(path) : error.reason
            throw RecordError(code: .unreadable, source: config.name, location: displayPath,
                              message: "\(reason); check sources[].path in the config")
        }
        // Records are mapped as they are parsed: the file never exists as one tree.
        var mapper = RecordMapper(config: config, baseDirectory: baseDirectory)
        let origins = mapper.origins(in: displayPath)
        var cursor: JSONLocator.Cursor?
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, sourceName: displayPath, streaming: config.items.segments) { node, index, locator in
                if cursor == nil { cursor = JSONLocator.Cursor(locator) }
                mapper.add(node, index: index, in: origins, cursor: &cursor!)
            }
        } catch {
            throw RecordError(code: .malformedJSON, source: config.name, location: "\(displayPath):\(error.line):\(error.column)",
                              message: "malformed JSON: \(error.message)")
        }
        guard document.streamed else { return try map(document) }
        return RecordSet(source: config.name, records: mapper.records, diagnostics: mapper.diagnostics)
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
