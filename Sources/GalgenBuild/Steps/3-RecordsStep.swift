import GalgenCache

/// Opens the local cache and the network, then loads every source's records (``RecordLoader``).
struct RecordsStep: BuildStep {
    var name: StepName { .records }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        let cache: DiskCache
        do { cache = try DiskCache(directory: state.cacheDirectory, fileSystem: state.fileSystem) } catch {
            throw BuildError(.failed("cannot open the cache: \(error)"))
        }
        state.cache = cache
        let network = Network(for: state, config: config, cache: cache)
        state.network = network
        var loader = RecordLoader(config: config, fileSystem: state.fileSystem, remote: network.fetch)
        loader.shared = network.pages
        loader.pushAll = state.mode == .push
        let loaded = try await loader.run()
        for set in loaded.sets { state.report.diagnostics += set.diagnostics }
        state.report.sources = config.sources.count
        state.report.records = loaded.sets.reduce(0) { $0 + $1.records.count }
        state.records = loaded.sets
        state.recordEntries = loaded.cacheEntries
    }
}
