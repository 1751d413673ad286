import GalgenConfig
import GalgenRecords

/// A source read from one local file by a ``LocalRecordReading`` reader of GalgenRecords (json's `path`, csv, jsonl).
struct LocalFileSource<Reader: LocalRecordReading>: RecordSource {
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords {
        do {
            let reader = Reader(config: source, baseDirectory: loader.config.baseDirectory, fileSystem: loader.fileSystem)
            return LoadedRecords(set: try reader.load())
        } catch {
            throw BuildError(.failed(error.description))
        }
    }
}
