import GalgenConfig
import GalgenRecords

/// One type of record source (`sources[].type`): how ``RecordLoader`` reads a source of that type.
/// Each type is one file in `RecordSources/`, chosen in one place, ``RecordSources/reader(for:)``.
protocol RecordSource: Sendable {
    /// Reads one source's records.
    /// - Parameters:
    ///   - source: The source's config.
    ///   - loader: The build's loader: the site config, the file system, the network and the folder reader.
    /// - Throws: ``BuildError`` when the source cannot give a collection at all.
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords
}

/// What one source gave.
struct LoadedRecords {
    /// The records and what was wrong with the others.
    var set: RecordSet
    /// Cache files used (for the build's ledger).
    var cacheEntries: [String] = []
    /// Pages not in the cache under `--offline`.
    var missing: [String] = []
    /// What a folder source read.
    var folder: FolderSummary? = nil
}

/// The registry of record sources: the one place a source type is chosen.
enum RecordSources {
    /// The reader of a source type. A new ``SourceConfig/Kind`` does not compile until it has its line here.
    /// - Parameter kind: The config's `type`.
    static func reader(for kind: SourceConfig.Kind) -> any RecordSource {
        switch kind {
        case .json: JSONSource()
        case .randomuser: RandomUserSource()
        case .itunes: ITunesSource()
        case .folder: FolderSource()
        case .csv: LocalFileSource<CSVRecordSource>()
        case .jsonl: LocalFileSource<JSONLinesRecordSource>()
        }
    }
}
