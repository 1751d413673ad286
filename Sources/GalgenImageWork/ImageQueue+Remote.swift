public import GalgenCache
public import GalgenCore
public import GalgenFetch
public import GalgenRemoteCache

/// The remote cache's part of the image work: image URLs' entries taken before a fetch and
/// written after it, and the uploads after a source was processed.
extension ImageQueue {
    /// After a source was processed: uploads what the remote should hold (its work, then the
    /// entries of the URL it came from) and counts whether the remote supplied it.
    public func share(_ result: ImageResult, plan: RemoteImageCache.Plan?, known: String?, _ remoteCache: RemoteImageCache,
               _ outcome: inout Outcome) async {
        let entries = outcome.share
        let remoteURLs = self.remoteURLs
        let writeAll: @Sendable () async -> Void = { await remoteURLs?.write(entries) }
        if let plan, plan.sourceHash == known {
            if !plan.needed, result.failure == nil { outcome.localWork = plan.sourceHash }
            if plan.promote, !result.decoded, result.failure == nil {
                // Found in the previous bucket only: written to the current one, so pruning the old bucket loses nothing used.
                await remoteCache.upload(plan, entries: result.cacheEntries, then: writeAll)
            } else {
                await remoteCache.upload(plan, after: result, then: writeAll)
            }
            if plan.needed { outcome.remoteHit = plan.hit && !result.decoded }
        } else if let known, result.failure == nil {
            // Downloaded after the plan was made: upload the new source's work.
            await remoteCache.upload(remoteCache.plan(sourceHash: known), after: result, then: writeAll)
            outcome.remoteHit = false
        }
    }

    /// Downloads the body of a URL known only by the remote's entry (an unconditional request);
    /// nil when the download failed (the entry stays; the step reports why it could not decode).
    public func download(_ entry: RemoteEntry, network: KeyedGate, outcome: inout Outcome) async -> ImageInput? {
        await network.enter("net")
        let got = await remote.get(entry.url, expecting: .image, maxBytes: maxSourceBytes, maxAge: imageMaxAge, needBytes: false, force: true)
        await network.leave("net")
        guard case .success(let body) = got, let committed = try? remote.commit(body) else { return nil }
        if committed.body != entry.body, committed.etag != nil, committed.etag == entry.etag {
            let note = "the bytes behind \(entry.url) changed under the same ETag; the new ones are used and shared"
            outcome.fetchNote = [outcome.fetchNote, note].compactMap { $0 }.joined(separator: "; ")
        }
        outcome.cacheEntries = outcome.cacheEntries.filter { $0 != CacheKey.remote(url: entry.url).relativePath } + committed.cachePaths
        outcome.share = outcome.share.filter { $0.url != entry.url } + [committed]
        return .stored(committed)
    }

    /// Gets an image URL through the cache, taking the remote cache's entry for it first when the
    /// local one is missing or stale (never with `--refresh`, nor for a push); what it learnt that
    /// other runners should know is added to `share`, the entries the local cache answered with to `local`.
    public func fetch(_ url: String, share: inout [RemoteEntry], local answered: inout [RemoteEntry]) async
        -> Result<RemoteFetch.Body, RemoteFetch.Failure> {
        var local: RemoteEntry?
        if case .hit(let entry) = remote.cache.remoteEntry(for: url) { local = entry }
        let fresh = local.map { remote.isFresh($0, maxAge: imageMaxAge, expecting: .image) } ?? false
        if let remoteURLs, !remote.refresh, transfer?.takesURLEntries ?? true, !fresh { await remoteURLs.prefetch(url, local: local) }
        let got = await remote.get(url, expecting: .image, maxBytes: maxSourceBytes, maxAge: imageMaxAge, needBytes: false)
        guard remoteURLs != nil else { return got }
        switch got {
        case .success(let body):
            switch body.source {
            case .network, .stale: break  // shared once committed (a new body), or not at all (a stale copy)
            case .revalidated:
                if let entry = body.entry { share.append(entry) }
            case .cache:
                if let entry = body.entry { answered.append(entry) }
            }
        case .failure(let failure):
            if let entry = failure.remembered {
                share.append(entry)
            } else if !failure.notCached, case .hit(let entry) = remote.cache.remoteEntry(for: url), entry.failure != nil {
                answered.append(entry)
            }
        }
        return got
    }

}
