import GalgenCache
import GalgenConfig

/// Opens the local cache and the network, then loads every source's records (``RecordLoader``).
struct RecordsStep: BuildStep {
    var name: StepName { .records }
    /// Whether records and images may be fetched from their origins (not for a push, which sends
    /// what the local cache holds).
    var origins = true
    /// Upload every record page used to the remote cache, not only those fetched in this build (a push).
    var uploadAllPages = false

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        // The output folders' records are checked file by file while the records are read and mapped.
        state.stager?.prefetchRecords(width: state.options.jobs)
        let cache: DiskCache
        do { cache = try DiskCache(directory: state.cacheDirectory, fileSystem: state.fileSystem) } catch {
            throw BuildError(.failed("cannot open the cache: \(error)"))
        }
        state.cache = cache
        let network = Network(for: state, config: config, cache: cache, origins: origins)
        state.network = network
        var loader = RecordLoader(config: config, fileSystem: state.fileSystem, remote: network.fetch)
        loader.shared = network.pages
        loader.pushAll = uploadAllPages
        loader.folders = FolderLoader(config: config, fileSystem: state.fileSystem, cacheDirectory: state.cacheDirectory,
                                      outputDirectory: state.outputDirectory, reader: MediaReader())
        let loaded = try await loader.run()
        state.folders = loaded.folders
        for (name, summary) in loaded.folders {
            state.knownHashes.merge(summary.hashes) { a, _ in a }
            guard !summary.sidecarFields.isEmpty, let i = state.config?.sources.firstIndex(where: { $0.name == name }) else { continue }
            for key in summary.sidecarFields {
                state.config?.sources[i].fields.extra.append(FieldSpec(name: key, path: FieldPath(key) ?? FieldPath("file")!))
            }
        }
        state.report.folders = loaded.folders.keys.sorted().map { BuildReport.FolderCounts(source: $0, loaded.folders[$0]!) }
        for set in loaded.sets { state.report.diagnostics += set.diagnostics }
        state.report.sources = config.sources.count
        state.report.records = loaded.sets.reduce(0) { $0 + $1.records.count }
        state.records = loaded.sets
        state.recordEntries = loaded.cacheEntries
    }
}
