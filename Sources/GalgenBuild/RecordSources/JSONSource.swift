import GalgenConfig
import GalgenRecords

/// `"type": "json"`: a local JSON file (``JSONRecordSource``) or a JSON document on the web, page by page.
struct JSONSource: RecordSource {
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords {
        if source.localPath != nil {
            return try await LocalFileSource<JSONRecordSource>().load(source, with: loader)
        }
        return try await RemotePages().load(source, with: loader)
    }
}
