import GalgenConfig
import GalgenCore
import GalgenRemoteCache

/// Reads `config.json`, resolves the output and cache folders, records the inputs in the report,
/// and makes the remote cache client (a shard, a push or a pull cannot run without one).
struct ConfigStep: BuildStep {
    var name: StepName { .config }
    /// The command that cannot run without a remote cache, as messages name it (a shard's, a push's,
    /// a pull's); nil when the build can do without one.
    var remoteFor: String? = nil
    /// The shard the build does, for the report.
    var shard: Shard? = nil

    func run(_ state: inout BuildState) async throws(BuildError) {
        let options = state.options
        let loaded: (config: SiteConfig, digest: OutputKey)
        do { loaded = try ConfigLoader(fileSystem: state.fileSystem).loadDigested(path: options.configPath) } catch { throw BuildError(.config(error)) }
        let config = loaded.config
        state.config = config
        state.configDigest = loaded.digest
        state.cacheDirectory = options.cacheDirectory ?? config.cacheDirectory ?? config.baseDirectory + "/" + SiteConfig.Defaults.cache
        state.outputDirectory = options.outputDirectory(for: config)
        state.report.inputs.baseURL = config.baseURL
        state.report.inputs.templates = config.templatesDirectory
        state.report.inputs.output = state.outputDirectory
        state.report.inputs.cache = state.cacheDirectory
        state.report.inputs.sources = config.sources.map(Self.input)
        state.remoteCache = Network.remoteCache(options: options, config: config, environment: state.environment)
        if let remoteFor, state.remoteCache == nil {
            throw BuildError(.usage("\(remoteFor) needs a remote cache: set \"cache\": {\"remote\": \"https://…/\"} in \(config.configPath) or pass --remote-cache URL"))
        }
        state.report.shard = shard.map { BuildReport.ShardCounts(index: $0.index, count: $0.count) }
    }

    /// A source as the report lists it.
    static func input(_ source: SourceConfig) -> BuildReport.Inputs.Source {
        var input = BuildReport.Inputs.Source(name: source.name, type: source.kind.rawValue)
        switch source.origin {
        case .file(let path): input.path = path
        case .url(let url, _): input.url = url
        case .randomUser(let query): input.url = query.url
        case .iTunes(let query): input.url = query.url
        case .folder(let query): input.path = query.path
        }
        return input
    }
}
