import GalgenCache
import GalgenConfig
import GalgenCore
import GalgenImaging
import GalgenOutput
import GalgenRecords
import GalgenRemoteCache

/// Makes every distinct image the records use, through the cache (and the remote cache when one is
/// set): for a site, after making sure the output folder can be written; for a shard, a push or a
/// pull, only the image work and the transfers. Problems of single images are reported for each
/// record that uses them.
struct ImagesStep: BuildStep {
    var name: StepName { .images }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        let cache = try state.need(state.cache, "cache")
        let network = try state.need(state.network, "network")
        if state.mode == .site {
            state.stager = try BuildError.mapping(try OutputStager(
                output: state.outputDirectory,
                protecting: [config.configPath, config.templatesDirectory, config.assetsDirectory] + config.sources.compactMap(\.localInput),
                cache: cache.directory, clean: state.options.clean, known: state.session?.trees, remember: state.session != nil,
                fileSystem: state.fileSystem, processID: state.environment.processID, isProcessAlive: state.environment.isProcessAlive))
            state.report.outputDirectory = state.outputDirectory
        }
        let users = ImageUsers(state.records, descriptions: DescriptionLinker.remoteImages(records: state.records, folders: state.folders))
        state.report.images.sources = users.references.count
        state.session?.localImages = users.references.compactMap { if case .file(let path) = $0 { path } else { nil } }
        let maker = ImageMaker(pipeline: ImagePipeline(settings: .init(config)), cache: cache, fileSystem: state.fileSystem)
        let outcomes = await work(users, maker: maker, config: config, network: network, state: state)
        await network.pages?.finish()
        await network.images?.finish()
        await count(outcomes, network: network, state: &state)
        // A description's image missing offline is shown as a link (named with the pages), not a failure.
        let missing = outcomes.filter { $0.notCached && !(users.users[$0.reference]?.isEmpty ?? true) }.map { ImageUsers.sortKey($0.reference) }
        state.imageFailures = outcomes.filter(\.notCached).reduce(into: [:]) { $0[$1.reference] = "not in the cache, and the build is offline" }
        if !missing.isEmpty, state.mode != .push { throw BuildError(.failed(RecordLoader.offlineMessage(missing, what: "image"))) }
        var collected = ImageCollection(users: users, records: state.records, baseDirectory: config.baseDirectory)
        collected.add(outcomes.filter { !$0.outOfShard && !$0.notCached }, into: &state.report)
        await network.fetch.stats.add(outcomes)
        // A push or a pull touches the cache without building: the ledger is for builds.
        if state.mode == .site || state.mode.shard != nil {
            collected.recordLedger(cache: cache, used: state.recordEntries, state: &state)
            state.images = collected.images
            state.imageFailures.merge(collected.failures) { a, _ in a }
            state.imageFiles = collected.files
        }
        state.report.network = await network.fetch.stats.counts
        if state.mode == .site {
            for why in await network.fetch.stats.damaged {
                state.report.diagnostics.append(.cacheDamaged(why, then: "fetched again"))
            }
        }
    }

    /// Obtains and processes every image, telling the progress.
    private func work(_ users: ImageUsers, maker: ImageMaker, config: SiteConfig, network: Network, state: BuildState) async -> [ImageQueue.Outcome] {
        let elapsed = StepTimer.reader(state.environment.clock)
        var stage = ImageQueue(maker: maker, remote: network.fetch, jobs: state.options.jobs, maxSourceBytes: config.maxSourceBytes,
                                imageMaxAge: config.fetch.imageMaxAge, maxDownloads: max(8, config.fetch.perHost * 4),
                                elapsed: { elapsed().seconds })
        stage.remoteCache = state.remoteCache.map { RemoteImageCache(client: $0, step: maker) }
        stage.remoteURLs = network.images
        stage.mode = state.mode
        stage.knownHashes = state.knownHashes
        let watch = state.diskWatch
        stage.stopping = { watch.trouble != nil }
        var throttle = ProgressThrottle()
        let total = users.references.count
        return await stage.run(users.works, completed: { done in
            if throttle.allows(done: done, total: total, at: elapsed()) { state.progress(.images, done: done, total: total) }
        })
    }

    /// The remote cache's and the shard's counts.
    private func count(_ outcomes: [ImageQueue.Outcome], network: Network, state: inout BuildState) async {
        if let remoteCache = state.remoteCache {
            var counts = await remoteCache.counts(outcomes.compactMap(\.remoteHit))
            counts.pagesFromRemote = await network.pages?.counter.taken ?? 0
            counts.urlsFromRemote = await network.images?.counter.taken ?? 0
            counts.urlsShared = await network.images?.counter.written ?? 0
            if state.mode != .site {
                let pushes = outcomes.compactMap(\.push)
                counts.pushed = pushes.count { $0 == .pushed }
                counts.alreadyRemote = pushes.count { $0 == .present }
                if state.mode == .push { counts.notLocal = pushes.count { $0 == .incomplete } + outcomes.count(where: \.notCached) }
            }
            state.report.remoteCache = counts
        }
        if state.mode.shard != nil {
            state.report.shard?.sources = outcomes.count
            state.report.shard?.assigned = outcomes.count { !$0.outOfShard }
        }
    }
}

extension ImagePipeline.Settings {
    /// The image settings of a site.
    init(_ config: SiteConfig) {
        self.init(widths: config.imageWidths, quality: config.jpegQuality, maxPixels: config.maxPixels, maxSourceBytes: config.maxSourceBytes,
                  progressive: config.jpegProgressive, background: config.background)
        formats = config.formats
        webpQuality = config.webpQuality
        webpEffort = config.webpEffort
        avifQuality = config.avifQuality
        avifSpeed = config.avifSpeed
        colorSpace = config.colorSpace
    }
}

extension NetworkStats {
    /// Adds the time images spent downloading and processing, and how much of it overlapped.
    func add(_ outcomes: [ImageQueue.Outcome]) async {
        let downloads = outcomes.compactMap(\.download)
        let processing = outcomes.compactMap(\.process)
        await add(downloadSeconds: Intervals.length(downloads), processSeconds: Intervals.length(processing),
                  overlapSeconds: Intervals.overlap(downloads, processing))
    }
}
