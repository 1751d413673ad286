import Foundation
import GalgenCache
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRemoteCache
import GalgenImageWork

/// Loads every source's records, each through the reader its type is registered with
/// (``RecordSources``): local files directly, remote sources page by page through the cache
/// (``RemotePages``), folders through ``FolderLoader``.
struct RecordLoader: Sendable {
    let config: SiteConfig
    let fileSystem: any FileSystem
    let remote: RemoteFetch
    /// Pages shared through the remote cache, when one is set.
    var shared: RemoteResponses? = nil
    /// Upload every page used, not only those fetched in this build (`galgen cache push`).
    var pushAll = false
    /// Reads folder sources (set by the records step).
    var folders: FolderLoader? = nil

    struct Output {
        var sets: [RecordSet] = []
        /// Cache files used (for the build's ledger).
        var cacheEntries: [String] = []
        /// What each folder source read, by source name.
        var folders: [String: FolderSummary] = [:]
    }

    func run() async throws(BuildError) -> Output {
        var output = Output()
        var missing: [String] = []
        for source in config.sources {
            let loaded = try await RecordSources.reader(for: source.kind).load(source, with: self)
            missing += loaded.missing
            output.cacheEntries += loaded.cacheEntries
            if let folder = loaded.folder { output.folders[source.name] = folder }
            output.sets.append(loaded.set)
        }
        if !missing.isEmpty {
            throw BuildError(.failed(Self.offlineMessage(missing, what: "record page")))
        }
        return output
    }

    static func offlineMessage(_ urls: [String], what: String) -> String {
        let list = urls.prefix(50).map { "  \($0)" }.joined(separator: "\n")
        let more = urls.count > 50 ? "\n  … and \(urls.count - 50) more" : ""
        return "--offline: \(urls.count) \(what)\(urls.count == 1 ? " is" : "s are") not in the cache; "
            + "run one build online first, or check that this is the same cache folder:\n\(list)\(more)"
    }
}
