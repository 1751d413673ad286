import Foundation
import GalgenCache
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRemoteCache

/// Reads a remote source (json's `url`, randomuser, itunes) page by page through the cache. A page that
/// fails is reported and its records are missing; a source of which no page could be read stops the
/// build (publishing an empty collection over a good site helps nobody).
struct RemotePages: RecordSource {
    func load(_ source: SourceConfig, with loader: RecordLoader) async throws(BuildError) -> LoadedRecords {
        let loaded = await pages(source, with: loader)
        if loaded.missing.isEmpty, !loaded.usable {
            let reasons = loaded.set.diagnostics.filter { $0.severity == .error }.prefix(5).map { "  \($0.subject): \($0.message)" }
            throw BuildError(.failed("source \"\(source.name)\": no page could be read, so nothing was published:\n"
                                                      + reasons.joined(separator: "\n")))
        }
        return LoadedRecords(set: loaded.set, cacheEntries: loaded.entries, missing: loaded.missing)
    }

    private func pages(_ source: SourceConfig, with loader: RecordLoader) async -> (set: RecordSet, entries: [String], missing: [String], usable: Bool) {
        let config = loader.config, remote = loader.remote, shared = loader.shared, pushAll = loader.pushAll
        var reader = RemoteRecordReader(config: source, baseDirectory: config.baseDirectory,
                                        largestImageWidth: config.imageWidths.max() ?? 640)
        var entries: [String] = []
        var missing: [String] = []
        var notes: [Diagnostic] = []
        var next: String? = reader.firstURL
        while let url = next {
            let subject = "\(source.name): page \(url)"
            if let shared, !remote.refresh { await shared.prefetch(url, maxAge: source.maxAge) }
            let fetched = await remote.get(url, expecting: .json, maxBytes: config.fetch.maxResponseBytes, maxAge: source.maxAge, needBytes: true)
            guard case .success(var body) = fetched, let data = body.data else {
                if case .failure(let failure) = fetched {
                    if failure.notCached { missing.append(url) }
                    next = reader.read(.failed(failure.message), from: url)
                } else {
                    next = reader.read(.failed("\(url): no body"), from: url)
                }
                continue
            }
            var page: RemoteRecordReader.Page
            switch parse(data, url: url) {
            case .success(let document): page = .document(document)
            case .failure(let reason): page = .failed(reason.description)
            }
            // A bad answer from the network never replaces a good cached copy.
            if case .network = body.source {
                let problem: String? = switch page {
                case .document(let document): reader.problem(in: document)
                case .failed(let reason): reason
                }
                if let problem, let stale = remote.cachedCopy(url) {
                    body = stale
                    body.source = .stale(problem)
                    if case .success(let document) = parse(stale.data ?? Data(), url: url) { page = .document(document) }
                } else if problem == nil {
                    do { body.entry = try remote.commit(body) } catch {
                        notes.append(Diagnostic(.warning, code: "cache.write", subject: subject, message: "cannot cache the page: \(error)"))
                    }
                }
            }
            if case .stale(let reason) = body.source, let entry = body.entry {
                notes.append(Diagnostic(.warning, code: "network.stale", subject: subject,
                                        message: "\(reason); using the copy cached \(Self.age(now: remote.now(), then: entry.fetchedAt)) ago"))
            }
            if let entry = body.entry {
                entries += entry.cachePaths
                let fresh = switch body.source {
                case .network, .revalidated: true
                case .cache, .stale: false
                }
                if let shared, fresh || pushAll { await shared.upload(entry) }
            }
            next = reader.read(page, from: url)
        }
        var set = reader.recordSet
        set.diagnostics += notes
        return (set, entries, missing, reader.hasUsablePage)
    }

    private func parse(_ data: Data, url: String) -> Result<JSONDocument, ParseFailure> {
        do {
            return .success(try JSONDocument(data: data, sourceName: url))
        } catch {
            return .failure(ParseFailure("\(url):\(error.line):\(error.column): malformed JSON: \(error.message)"))
        }
    }

    private struct ParseFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func age(now: Double, then: Double) -> String {
        let seconds = max(0, Int(now - then))
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min" }
        if seconds < 172_800 { return "\(seconds / 3600) h" }
        return "\(seconds / 86_400) days"
    }
}
