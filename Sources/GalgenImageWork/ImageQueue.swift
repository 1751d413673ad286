public import Foundation
public import GalgenCache
public import GalgenConfig
public import GalgenCore
public import GalgenFetch
public import GalgenRecords
public import GalgenRemoteCache

/// Obtains and processes every distinct image: local files are read, remote ones downloaded (or
/// revalidated) through the cache, and each image goes to a CPU worker as soon as its bytes are
/// there, so processing overlaps the downloads still in flight. Image work runs on its own queue,
/// never blocking the threads that drive the network.
public struct ImageQueue: Sendable {
    public let maker: ImageMaker
    public let remote: RemoteFetch
    /// The shared remote cache, when one is set.
    public var remoteCache: RemoteImageCache? = nil
    /// Image URLs shared through it.
    public var remoteURLs: RemoteURLs? = nil
    /// Only this shard's sources are obtained and made (a shard's images step); nil: every source.
    public var only: Shard? = nil
    /// Moves each source's work between the caches instead of making it (a push's or a pull's step).
    public var transfer: Transfer? = nil
    /// Content hashes of local files already read in this build (a folder source's): not read again.
    public var knownHashes: [String: String] = [:]
    public let jobs: Int
    public let maxSourceBytes: Int
    public let imageMaxAge: Double
    /// Downloads in flight at once, over all hosts (each host is also limited by the fetcher).
    public let maxDownloads: Int
    /// Seconds since the stage started, for the overlap figures.
    public let elapsed: @Sendable () -> Double
    /// Whether the build is stopping (its disk is full or read-only): images not started yet are skipped.
    public var stopping: @Sendable () -> Bool = { false }

    /// A queue with no remote cache, shard or transfer (set those after).
    /// - Parameters:
    ///   - maker: Makes each source's variants through the cache.
    ///   - remote: Fetches image URLs through the cache.
    ///   - jobs: Images processed at once.
    ///   - maxSourceBytes: The largest source taken.
    ///   - imageMaxAge: Seconds a cached download counts as fresh.
    ///   - maxDownloads: Downloads in flight at once.
    ///   - elapsed: Seconds since the stage started.
    public init(maker: ImageMaker, remote: RemoteFetch, jobs: Int, maxSourceBytes: Int, imageMaxAge: Double, maxDownloads: Int,
                elapsed: @escaping @Sendable () -> Double) {
        self.maker = maker
        self.remote = remote
        self.jobs = jobs
        self.maxSourceBytes = maxSourceBytes
        self.imageMaxAge = imageMaxAge
        self.maxDownloads = maxDownloads
        self.elapsed = elapsed
    }

    /// One distinct image to obtain: its reference and the URL to try when that one fails.
    public struct Work: Sendable {
        public var reference: Record.ImageReference
        public var fallback: String?

        /// The work of one image.
        public init(reference: Record.ImageReference, fallback: String?) {
            self.reference = reference
            self.fallback = fallback
        }
    }

    public struct Outcome: Sendable {
        public var reference: Record.ImageReference
        public var result: ImageResult
        /// Something worth telling about how the image was fetched (stale copy, fallback URL).
        public var fetchNote: String?
        /// `--offline` and not cached.
        public var notCached = false
        public var cacheEntries: [String] = []
        public var download: ClosedRange<Double>?
        public var process: ClosedRange<Double>?
        /// Whether the remote cache supplied this source's work: nil when it was not needed (or not set).
        public var remoteHit: Bool?
        /// Another shard's work: not fetched, not processed, not counted.
        public var outOfShard = false
        /// What a push (or a shard, for a source the local cache held in full) sent.
        public var push: RemoteImageCache.PushOutcome?
        /// Local entries of image URLs to write to the remote cache (new downloads, revalidations,
        /// remembered failures).
        public var share: [RemoteEntry] = []
        /// Entries of image URLs the local cache answered (a hit, a remembered failure), when a
        /// remote cache is set: a shard's upload and a push make sure the remote holds them too.
        public var localEntries: [RemoteEntry] = []
        /// The source's hash when the local cache held all its work, so the remote was not asked
        /// (a shard's upload makes sure the remote holds it).
        public var localWork: String?

        /// The outcome of an image before anything was done with it.
        public init(reference: Record.ImageReference, result: ImageResult) {
            self.reference = reference
            self.result = result
        }
    }

    /// The gates and the queue one run's images share.
    public struct Lanes: Sendable {
        public let cpu: KeyedGate
        public let network: KeyedGate
        /// Image work runs here, never on the threads that drive the network.
        public let queue: DispatchQueue
    }

    /// Obtains and processes every image; `completed` is called with the number done after each one.
    public func run(_ works: [Work], completed: (Int) -> Void = { _ in }) async -> [Outcome] {
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

    /// Obtains and processes one image (or skips one outside ``only``; or, with a ``transfer``, only
    /// moves its work).
    private func handle(_ work: Work, _ lanes: Lanes) async -> Outcome {
        if let only, case .url(let url) = work.reference, !only.contains(url: url) {
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
        if hash == nil, remoteCache != nil || only != nil {
            // A local file is read and hashed on the image queue, off the cooperative threads.
            let first = input
            hash = await withCheckedContinuation { continuation in
                lanes.queue.async { continuation.resume(returning: maker.sourceHash(first)) }
            }
        }
        if let only, case .file(let path) = input, !only.contains(hash: hash ?? ContentHash.sha256Hex("galgen-shard|file:" + path)) {
            outcome.outOfShard = true
            return outcome
        }
        if let transfer {
            if let remoteCache, let hash {
                await transfer.move(hash, remoteCache, &outcome)
            } else {
                outcome.result.failure = maker.readFailure(input) ?? "cannot read the image"
            }
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
            var got = await fetch(url, share: &outcome.share, local: &outcome.localEntries)
            // A failure may be remembered in the cache (see RemoteFetch): keep its entry when pruning.
            var remembered: [String] = []
            if case .failure(let failure) = got, !failure.notCached { remembered = [CacheKey.remote(url: url).relativePath] }
            if case .failure(let failure) = got, !failure.notCached, let fallback = work.fallback {
                let second = await fetch(fallback, share: &outcome.share, local: &outcome.localEntries)
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
public enum Intervals {
    /// Merged, sorted, non-overlapping intervals.
    public static func merge(_ intervals: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
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

    public static func length(_ intervals: [ClosedRange<Double>]) -> Double {
        merge(intervals).reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
    }

    /// Time covered by both sets.
    public static func overlap(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> Double {
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
