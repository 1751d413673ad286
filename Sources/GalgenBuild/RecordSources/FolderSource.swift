import GalgenConfig

/// `"type": "folder"`: a folder of photos and videos, read by the build's ``FolderLoader``.
struct FolderSource: RecordSource {
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords {
        guard let folders = loader.folders else { return try await RemotePages().load(source, with: loader) }
        let loaded = try folders.load(source)
        return LoadedRecords(set: loaded.set, folder: loaded.summary)
    }
}
