import GalgenCache
import GalgenConfig
import GalgenImaging
import GalgenRecords
import GalgenRemoteCache
import GalgenImageWork

/// What the images step and the transfer step share: the site's distinct images, the queue that
/// goes through them (it makes each one, or moves its work), and the counts afterwards.
struct ImageRun {
    let config: SiteConfig
    let cache: DiskCache
    let network: Network
    let users: ImageUsers
    let maker: ImageMaker
    /// The image work's use of the remote cache, when one is set.
    let remoteImages: RemoteImageCache?

    /// The images of the site the records (and the descriptions) use, counted in the report.
    init(_ state: inout BuildState) throws(BuildError) {
        config = try state.need(state.config, "config")
        cache = try state.need(state.cache, "cache")
        network = try state.need(state.network, "network")
        users = ImageUsers(state.records, descriptions: DescriptionLinker.remoteImages(records: state.records, folders: state.folders))
        state.report.images.sources = users.references.count
        state.session?.localImages = users.references.compactMap { if case .file(let path) = $0 { path } else { nil } }
        let maker = ImageMaker(pipeline: ImagePipeline(settings: .init(config)), cache: cache, fileSystem: state.fileSystem)
        self.maker = maker
        remoteImages = state.remoteCache.map { RemoteImageCache(client: $0, step: maker) }
        state.remoteImages = remoteImages
    }

    /// Goes through every image with `queue` set up as `configure` says, telling the progress;
    /// then waits for the uploads and counts what crossed the network.
    func run(_ state: inout BuildState, configure: (inout ImageQueue) -> Void) async -> [ImageQueue.Outcome] {
        var maker = self.maker
        let verified = VerifiedEntries(cache: cache.directory, fileSystem: state.fileSystem, trusting: !state.options.verify)
        maker.verified = verified
        let elapsed = StepTimer.reader(state.environment.clock)
        var queue = ImageQueue(maker: maker, remote: network.fetch, jobs: state.options.jobs, maxSourceBytes: config.maxSourceBytes,
                               imageMaxAge: config.fetch.imageMaxAge, maxDownloads: max(8, config.fetch.perHost * 4),
                               elapsed: { elapsed().seconds })
        queue.remoteCache = remoteImages
        queue.remoteURLs = network.images
        queue.knownHashes = state.knownHashes
        let watch = state.diskWatch
        queue.stopping = { watch.trouble != nil }
        configure(&queue)
        var throttle = ProgressThrottle()
        let total = users.references.count
        let outcomes = await queue.run(users.works, completed: { [state] done in
            if throttle.allows(done: done, total: total, at: elapsed()) { state.progress(.images, done: done, total: total) }
        })
        verified.save()
        await network.pages?.finish()
        await network.images?.finish()
        state.report.remoteCache = await Self.remoteCounts(outcomes, state: state)
        return outcomes
    }

    /// The remote cache's counts so far (nil when none is set): the sources it supplied and
    /// missed, the record pages and image URLs taken from it, and what the client logged.
    static func remoteCounts(_ outcomes: [ImageQueue.Outcome], state: BuildState) async -> RemoteCacheCounts? {
        guard let remoteCache = state.remoteCache else { return nil }
        var counts = await remoteCache.counts(outcomes.compactMap(\.remoteHit))
        counts.pagesFromRemote = await state.network?.pages?.counter.taken ?? 0
        counts.urlsFromRemote = await state.network?.images?.counter.taken ?? 0
        counts.urlsShared = await state.network?.images?.counter.written ?? 0
        return counts
    }

    /// Adds the outcomes to the report (counts, a diagnostic per record whose image had a
    /// problem) and the network's figures; returns what was collected.
    func collect(_ outcomes: [ImageQueue.Outcome], into state: inout BuildState) async -> ImageCollection {
        var collected = ImageCollection(users: users, records: state.records, baseDirectory: config.baseDirectory)
        collected.add(outcomes.filter { !$0.outOfShard && !$0.notCached }, into: &state.report)
        await network.fetch.stats.add(outcomes)
        return collected
    }

    /// A description's image missing offline is shown as a link (named with the pages), not a
    /// failure; a record's is: the images not in the cache that a record uses.
    func missing(_ outcomes: [ImageQueue.Outcome], state: inout BuildState) -> [String] {
        state.imageFailures = outcomes.filter(\.notCached).reduce(into: [:]) { $0[$1.reference] = "not in the cache, and the build is offline" }
        return outcomes.filter { $0.notCached && !(users.users[$0.reference]?.isEmpty ?? true) }.map { ImageUsers.sortKey($0.reference) }
    }
}
