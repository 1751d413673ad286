import GalgenConfig

/// `"type": "itunes"`: the iTunes Search API, one page through the cache (``RemotePages``).
struct ITunesSource: RecordSource {
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords {
        try await RemotePages().load(source, with: loader)
    }
}
