import GalgenConfig

/// `"type": "randomuser"`: the randomuser.me API, page by page through the cache (``RemotePages``).
struct RandomUserSource: RecordSource {
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords {
        try await RemotePages().load(source, with: loader)
    }
}
