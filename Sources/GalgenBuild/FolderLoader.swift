import Foundation
import GalgenConfig
import GalgenCore
import GalgenOutput
import GalgenRecords

/// Loads a `folder` source (``FolderRecordSource``) with the facts of the last build, and keeps this
/// build's facts in the cache (`folders/<source>.json`) so that a warm build reads only changed files.
struct FolderLoader {
    let config: SiteConfig
    let fileSystem: any FileSystem
    let cacheDirectory: String
    let outputDirectory: String
    let reader: any MediaReading

    func load(_ source: SourceConfig) throws(BuildError) -> (set: RecordSet, summary: FolderSummary) {
        let factsPath = cacheDirectory + "/folders/" + source.name + ".json"
        var facts = (try? fileSystem.readFile(at: factsPath)).flatMap { try? JSONDecoder().decode(FolderFactsCache.self, from: $0) }
            ?? FolderFactsCache()
        var reading = FolderRecordSource(config: source, language: config.language, fileSystem: fileSystem, reader: reader,
                                         posters: cacheDirectory + "/posters",
                                         protecting: [outputDirectory, cacheDirectory, config.configPath])
        reading.siteMarker = OutputStager.markerName
        let loaded: (set: RecordSet, summary: FolderSummary)
        do { loaded = try reading.load(cache: &facts) } catch { throw BuildError(.failed(error.description)) }
        if loaded.summary.read > 0 || facts.entries.count != loaded.summary.photos + loaded.summary.videoCount {
            do {
                try fileSystem.createDirectory(at: cacheDirectory + "/folders")
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                try fileSystem.writeFileAtomically(try encoder.encode(facts), to: factsPath)
            } catch {
                var set = loaded.set
                set.diagnostics.append(Diagnostic(.warning, code: "cache.write", subject: "\(source.name): \(factsPath)",
                                                  message: "cannot keep the files' facts for the next build: \(error)"))
                return (set, loaded.summary)
            }
        }
        return loaded
    }
}
