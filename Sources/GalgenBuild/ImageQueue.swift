import Foundation
import GalgenCache
import GalgenConfig
import GalgenCore
import GalgenFetch
import GalgenRecords
import GalgenRemoteCache

/// Obtains and processes every distinct image: local files are read, remote ones downloaded (or
/// revalidated) through the cache, and each image goes to a CPU worker as soon as its bytes are
/// there, so processing overlaps the downloads still in flight. Image work runs on its own queue,
/// never blocking the threads that drive the network.
struct ImageQueue: Sendable {
    let maker: ImageMaker
    let remote: RemoteFetch
    /// The shared remote cache, when one is set.
    var remoteCache: RemoteImageCache? = nil
    /// Image URLs shared through it.
    var remoteURLs: RemoteURLs? = nil
    /// The site (process every source), a shard (process only its own), or a push or pull (process none).
    var mode: BuildMode = .site
    /// Content hashes of local files already read in this build (a folder source's): not read again.
    var knownHashes: [String: String] = [:]
    let jobs: Int
    let maxSourceBytes: Int
    let imageMaxAge: Double
    /// Downloads in flight at once, over all hosts (each host is also limited by the fetcher).
    let maxDownloads: Int
    /// Seconds since the stage started, for the overlap figures.
    let elapsed: @Sendable () -> Double
    /// Whether the build is stopping (its disk is full or read-only): images not started yet are skipped.
    var stopping: @Sendable () -> Bool = { false }

    struct Work: Sendable {
        var reference: Record.ImageReference
        var fallback: String?
    }

    struct Outcome: Sendable {
        var reference: Record.ImageReference
        var result: ImageResult
        /// Something worth telling about how the image was fetched (stale copy, fallback URL).
        var fetchNote: String?
        /// `--offline` and not cached.
        var notCached = false
        var cacheEntries: [String] = []
        var download: ClosedRange<Double>?
        var process: ClosedRange<Double>?
        /// Whether the remote cache supplied this source's work: nil when it was not needed (or not set).
        var remoteHit: Bool?
        /// Another shard's work: not fetched, not processed, not counted.
        var outOfShard = false
        /// What a push (or a shard, for a source the local cache held in full) sent.
        var push: RemoteImageCache.PushOutcome?
        /// Local entries of image URLs to write to the remote cache (new downloads, revalidations,
        /// remembered failures; for shards and pushes also those the remote lacks).
        var share: [RemoteEntry] = []
    }

    /// The gates and the queue one run's images share.
    struct Lanes: Sendable {
        let cpu: KeyedGate
        let network: KeyedGate
        /// Image work runs here, never on the threads that drive the network.
        let queue: DispatchQueue
    }

    /// Obtains and processes every image; `completed` is called with the number done after each one.
    func run(_ works: [Work], completed: (Int) -> Void = { _ in }) async -> [Outcome] {
        let lanes = Lanes(cpu: KeyedGate(limit: jobs), network: KeyedGate(limit: maxDownloads),
                          queue: DispatchQueue(label: "galgen.images", attributes: .concurrent))
        return await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, work) in works.enumerated() {
                group.addTask { (index, await handle(work, lanes)) }
            }
            var outcomes = [Outcome?](repeating: nil, count: works.count)
            var done = 0
            for await (index, outcome) in group {
                outcomes[index] = outcome
                done += 1
                completed(done)
            }
            await remoteCache?.finish()
            return outcomes.map { $0! }
        }
    }

    /// Obtains and processes one image (or, for a shard, skips another shard's; for a push or a
    /// pull, only moves its work).
    private func handle(_ work: Work, _ lanes: Lanes) async -> Outcome {
        if case .shard(let shard) = mode, case .url(let url) = work.reference, !shard.contains(url: url) {
            var skipped = Outcome(reference: work.reference, result: ImageResult())
            skipped.outOfShard = true
            return skipped
        }
        let obtained = await obtain(work, network: lanes.network)
        var outcome = obtained.outcome
        guard var input = obtained.input else {
            if let remoteURLs { for entry in outcome.share { await remoteURLs.upload(entry) } }
            return outcome
        }
        var hash: String?
        if case .file(let path) = input { hash = knownHashes[path] }
        if hash == nil, remoteCache != nil || mode != .site {
            // A local file is read and hashed on the image queue, off the cooperative threads.
            let first = input
            hash = await withCheckedContinuation { continuation in
                lanes.queue.async { continuation.resume(returning: maker.sourceHash(first)) }
            }
        }
        if case .shard(let shard) = mode, case .file(let path) = input,
           !shard.contains(hash: hash ?? ContentHash.sha256Hex("galgen-shard|file:" + path)) {
            outcome.outOfShard = true
            return outcome
        }
        if let remoteCache, let hash, mode == .push || mode == .pull {
            await transfer(hash, remoteCache, &outcome)
            return outcome
        }
        var known = hash
        var plan: RemoteImageCache.Plan?
        if let remoteCache, let known { plan = await remoteCache.prefetch(sourceHash: known) }
        // A URL known only by the remote's entry, whose work the remote lacks: its body is needed.
        if case .stored(let entry) = input, entry.held == false, let plan, plan.needed, !plan.hit,
           let downloaded = await download(entry, network: lanes.network, outcome: &outcome) {
            input = downloaded
            known = maker.sourceHash(downloaded)
        }
        await lanes.cpu.enter("cpu")
        let start = elapsed()
        var result = await process(input, known, on: lanes.queue)
        if result.failure != nil, case .stored(let entry) = input, entry.held == false,
           let downloaded = await download(entry, network: lanes.network, outcome: &outcome) {
            // The cache held less than the entry promised (a damaged variant): decode the body after all.
            input = downloaded
            known = maker.sourceHash(downloaded)
            result = await process(input, known, on: lanes.queue)
        }
        outcome.process = start...max(start, elapsed())
        await lanes.cpu.leave("cpu")
        outcome.result = result
        if let remoteCache { await share(result, plan: plan, known: known, remoteCache, &outcome) }
        return outcome
    }

    /// Makes a source's variants on the image queue.
    private func process(_ input: ImageInput, _ known: String?, on queue: DispatchQueue) async -> ImageResult {
        if stopping() {
            var skipped = ImageResult()
            skipped.failure = "not made: the build is stopping"
            return skipped
        }
        let maker = self.maker
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: maker.run(input, sourceHash: known)) }
        }
    }

    private func obtain(_ work: Work, network: KeyedGate) async -> (outcome: Outcome, input: ImageInput?) {
        switch work.reference {
        case .file(let path):
            return (Outcome(reference: work.reference, result: ImageResult()), .file(path))
        case .url(let url):
            await network.enter("net")
            let start = elapsed()
            var outcome = Outcome(reference: work.reference, result: ImageResult())
            var got = await fetch(url, share: &outcome.share)
            // A failure may be remembered in the cache (see RemoteFetch): keep its entry when pruning.
            var remembered: [String] = []
            if case .failure(let failure) = got, !failure.notCached { remembered = [CacheKey.remote(url: url).relativePath] }
            if case .failure(let failure) = got, !failure.notCached, let fallback = work.fallback {
                let second = await fetch(fallback, share: &outcome.share)
                if case .success = second {
                    outcome.fetchNote = "\(failure.message); used the fallback URL \(fallback)"
                    got = second
                }
            }
            outcome.download = start...max(start, elapsed())
            await network.leave("net")
            switch got {
            case .failure(let failure):
                outcome.result.failure = failure.message
                outcome.notCached = failure.notCached
                outcome.cacheEntries = remembered
                return (outcome, nil)
            case .success(let body):
                if case .stale(let reason) = body.source {
                    outcome.fetchNote = "\(reason); using the cached copy"
                }
                let entry: RemoteEntry?
                do { entry = try remote.commit(body) } catch {
                    outcome.result.failure = "cannot cache the download: \(error)"
                    return (outcome, nil)
                }
                guard let entry else {
                    outcome.result.failure = "the download was not kept"
                    return (outcome, nil)
                }
                outcome.cacheEntries = remembered + entry.cachePaths
                if case .network = body.source, remoteURLs != nil { outcome.share.append(entry) }
                return (outcome, .stored(entry))
            }
        }
    }
}

/// Lengths of unions and intersections of time intervals, for the overlap figures.
enum Intervals {
    /// Merged, sorted, non-overlapping intervals.
    static func merge(_ intervals: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var merged: [ClosedRange<Double>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, interval.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, interval.upperBound)
            } else {
                merged.append(interval)
            }
        }
        return merged
    }

    static func length(_ intervals: [ClosedRange<Double>]) -> Double {
        merge(intervals).reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
    }

    /// Time covered by both sets.
    static func overlap(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> Double {
        let x = merge(a)
        let y = merge(b)
        var i = 0
        var j = 0
        var total = 0.0
        while i < x.count, j < y.count {
            let low = max(x[i].lowerBound, y[j].lowerBound)
            let high = min(x[i].upperBound, y[j].upperBound)
            if high > low { total += high - low }
            if x[i].upperBound < y[j].upperBound { i += 1 } else { j += 1 }
        }
        return total
    }
}
