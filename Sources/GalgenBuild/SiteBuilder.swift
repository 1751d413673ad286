import Foundation
import GalgenCore
import GalgenCache
import GalgenConfig
import GalgenFetch
import GalgenImaging
import GalgenOutput
import GalgenRecords
import GalgenRemoteCache
import GalgenRendering
import GalgenValidation

/// Runs `galgen build`: config → templates → records → images → pages (rendered, validated,
/// written to a staging folder) → publish (atomic swap). Any fatal error leaves the output
/// folder exactly as it was.
public struct SiteBuilder: Sendable {
    private let options: BuildOptions
    private let environment: BuildEnvironment
    private let session: BuildSession?
    private var fs: any FileSystem { environment.fileSystem }

    /// Creates a builder.
    /// - Parameters:
    ///   - options: Paths and parallelism.
    ///   - environment: Effects.
    ///   - session: What earlier builds of this site in this process left to reuse (`galgen
    ///     serve` keeps one); nil for a build that stands alone.
    public init(options: BuildOptions, environment: BuildEnvironment, session: BuildSession? = nil) {
        self.options = options
        self.environment = environment
        self.session = session
    }

    /// Builds the site.
    /// - Parameter progress: Called with each step's name as it starts.
    /// - Returns: The report (problems with single records or images are in it, not thrown).
    /// - Throws: ``BuildError`` when the build cannot finish; nothing is published then.
    public func build(progress: @Sendable (String) -> Void = { _ in }) async throws(BuildError) -> BuildReport {
        try await build(events: { event in
            if case .started(let step) = event { progress(step) }
        })
    }

    /// Builds the site, telling how far it got.
    /// - Parameter events: Called as steps start and finish, and with the progress of the images
    ///   and pages steps (throttled to about ten calls a second); always from one task at a time.
    /// - Returns: The report (problems with single records or images are in it, not thrown).
    /// - Throws: ``BuildError`` when the build cannot finish, carrying the report of what ran
    ///   before (``BuildError/report``); nothing is published then.
    public func build(events: @Sendable (BuildEvent) -> Void) async throws(BuildError) -> BuildReport {
        var report = BuildReport()
        report.inputs.config = options.configPath
        report.inputs.options.jobs = options.jobs
        report.inputs.options.offline = options.offline
        report.inputs.options.refresh = options.refresh
        report.inputs.options.transfer = switch options.mode {
        case .push: "push"
        case .pull: "pull"
        case .site, .shard: nil
        }
        var timer = StepTimer(clock: environment.clock)
        do {
            try await build(report: &report, timer: &timer, events: events)
        } catch {
            var error = error
            report.fatal = error.fatal
            error.report = report
            throw error
        }
        return report
    }

    private func build(report: inout BuildReport, timer: inout StepTimer, events: @Sendable (BuildEvent) -> Void) async throws(BuildError) {
        events(.started("config"))
        let config: SiteConfig
        do { config = try ConfigLoader(fileSystem: fs).load(path: options.configPath) } catch { throw BuildError(step: "config", .config(error)) }
        let cacheDirectory = options.cacheDirectory ?? config.cacheDirectory ?? config.baseDirectory + "/" + SiteConfig.Defaults.cache
        let outputDirectory = options.outputDirectory(for: config)
        report.inputs.baseURL = config.baseURL
        report.inputs.templates = config.templatesDirectory
        report.inputs.output = outputDirectory
        report.inputs.cache = cacheDirectory
        report.inputs.sources = config.sources.map(Self.input)
        timer.lap("config", into: &report, events: events)

        events(.started("templates"))
        let templates: TemplateSet
        let assets: AssetSet
        do {
            let theme = try Theme.load(config: config, fileSystem: fs)
            report.theme = theme.files.map { file in
                switch file.origin {
                case .builtin: BuildReport.ThemeFile(path: file.path, from: "builtin")
                case .site(let path): BuildReport.ThemeFile(path: file.path, from: "site", file: path)
                }
            }
            templates = try TemplateSet(theme: theme)
            assets = try AssetSet(theme: theme)
        } catch {
            throw BuildError(step: "templates", .failed(error.description))
        }
        timer.lap("templates", into: &report, events: events)

        let cache: DiskCache
        do { cache = try DiskCache(directory: cacheDirectory, fileSystem: fs) } catch {
            throw BuildError(step: "records", .failed("cannot open the cache: \(error)"))
        }
        let remote = makeRemote(config: config, cache: cache)
        let shared = makeRemoteCache(config: config)
        if mode != .site, shared == nil {
            throw BuildError(step: "config", .usage("\(modeName) needs a remote cache: set \"cache\": {\"remote\": \"https://…/\"} in \(config.configPath) or pass --remote-cache URL"))
        }
        report.shard = options.mode.shard.map { BuildReport.ShardCounts(index: $0.index, count: $0.count) }
        do throws(BuildError) {
            try await build(config: config, outputDirectory: outputDirectory, templates: templates, assets: assets, cache: cache,
                            remote: remote.fetch, remoteCache: shared, report: &report, timer: &timer, events: events)
        } catch {
            await remote.transport?.shutdown()
            await shared?.transport.shutdown()
            throw error
        }
        await remote.transport?.shutdown()
        await shared?.transport.shutdown()
    }

    private var mode: BuildMode { options.mode }

    /// How the mode is named in messages.
    private var modeName: String {
        switch mode {
        case .site: "galgen build"
        case .shard(let shard): "galgen build --shard \(shard)"
        case .push: "galgen cache push"
        case .pull: "galgen cache pull"
        }
    }

    /// A source as the report lists it.
    private static func input(_ source: SourceConfig) -> BuildReport.Inputs.Source {
        var input = BuildReport.Inputs.Source(name: source.name, type: source.kind.rawValue)
        switch source.origin {
        case .file(let path): input.path = path
        case .url(let url, _): input.url = url
        case .randomUser(let query): input.url = query.url
        case .iTunes(let query): input.url = query.url
        }
        return input
    }

    private func build(config: SiteConfig, outputDirectory: String, templates: TemplateSet, assets: AssetSet, cache: DiskCache,
                       remote: RemoteFetch, remoteCache: RemoteCache?, report: inout BuildReport, timer: inout StepTimer,
                       events: @Sendable (BuildEvent) -> Void) async throws(BuildError) {
        events(.started("records"))
        var records = RecordsStep(config: config, fileSystem: fs, remote: remote)
        records.shared = remoteCache.map { RemoteResponses(client: $0, cache: cache, fileSystem: fs, now: environment.now) }
        records.pushAll = mode == .push
        var loaded = try await records.run()
        for set in loaded.sets { report.diagnostics += set.diagnostics }
        report.sources = config.sources.count
        report.records = loaded.sets.reduce(0) { $0 + $1.records.count }
        timer.lap("records", into: &report, events: events)

        if mode != .site {
            // A shard, a push or a pull: the image work and the remote cache, no site.
            events(.started("images"))
            _ = try await processImages(config: config, recordSets: loaded.sets, cache: cache, remote: remote, remoteCache: remoteCache,
                                        pages: records.shared, recordEntries: loaded.cacheEntries, report: &report, events: events)
            report.network = await remote.stats.counts
            timer.lap("images", into: &report, events: events)
            return
        }

        let stager = try BuildError.mapping(try OutputStager(
            output: outputDirectory,
            protecting: [config.configPath, config.templatesDirectory, config.assetsDirectory] + config.sources.compactMap(\.localPath),
            cache: cache.directory, clean: options.clean, known: session?.trees, remember: session != nil,
            fileSystem: fs, processID: environment.processID, isProcessAlive: environment.isProcessAlive))
        report.outputDirectory = outputDirectory
        do throws(BuildError) {
            events(.started("images"))
            let images = try await processImages(config: config, recordSets: loaded.sets, cache: cache, remote: remote,
                                                 remoteCache: remoteCache, pages: records.shared, recordEntries: loaded.cacheEntries,
                                                 report: &report, events: events)
            report.network = await remote.stats.counts
            for why in await remote.stats.damaged {
                report.diagnostics.append(Diagnostic(.warning, code: "cache.damaged", subject: "cache", message: "damaged entry \(why); fetched again"))
            }
            timer.lap("images", into: &report, events: events)

            events(.started("pages"))
            let (collections, groups, grouping) = CollectionPlan.make(config: config, sets: loaded.sets) { images.items[$0] }
            report.diagnostics += grouping
            loaded.sets = []  // the items hold the records now: not twice in memory
            // The records' text and parse, the images step's tables: not resident during the
            // pages step, whose peak is the build's (150 MB of it at a million items otherwise).
            Memory.returnFreed()
            try await writeSite(config: config, collections: collections, groups: groups, templates: templates, assets: assets,
                                images: images.files, stager: stager, report: &report, events: events)
            timer.lap("pages", into: &report, events: events)

            events(.started("publish"))
            if let warning = try BuildError.mapping(try stager.publish()) {
                report.diagnostics.append(Diagnostic(.warning, code: "output.record", subject: "output", message: warning))
            }
            report.published = true
            if let session { session.trees = stager.trees }
            timer.lap("publish", into: &report, events: events)
            if let index = report.steps.lastIndex(where: { $0.name == "pages" }) {
                report.steps[index].rendered = stager.pageChanges.rendered
                report.steps[index].unchanged = stager.pageChanges.unchanged
                report.steps[index].removed = stager.pageChanges.removed
            }
        } catch {
            stager.discard()
            throw error
        }
    }

    // MARK: - Network

    /// The fetcher (none when `--offline`, for a push, or when every source is local) and its transport.
    private func makeRemote(config: SiteConfig, cache: DiskCache) -> (fetch: RemoteFetch, transport: (any HTTPTransport)?) {
        let policy = Self.fetchPolicy(config.fetch)
        // Transports are made lazily: a site of local files never opens a connection pool.
        let transport: (any HTTPTransport)? = options.offline || mode == .push ? nil : LazyTransport(make: { environment.makeTransport(policy) })
        let notice = environment.notice
        let fetcher = transport.map {
            Fetcher(transport: $0, policy: policy, pause: environment.pause, now: environment.now, random: environment.random,
                    notify: { notice($0.line) })
        }
        let fetch = RemoteFetch(fetcher: fetcher, cache: cache, now: environment.now, refresh: options.refresh, stats: NetworkStats())
        return (fetch, transport)
    }

    /// The fetch limits of the config (the remote cache uses them too).
    private static func fetchPolicy(_ settings: FetchSettings) -> FetchPolicy {
        FetchPolicy(
            connectTimeout: .seconds(settings.connectTimeout), idleTimeout: .seconds(settings.idleTimeout),
            totalTimeout: .seconds(settings.totalTimeout), maxRedirects: settings.maxRedirects, maxAttempts: settings.retries + 1,
            backoffBase: .seconds(settings.backoff), backoffCap: .seconds(settings.maxBackoff), perHostConcurrency: settings.perHost,
            userAgent: settings.userAgent ?? FetchPolicy.defaultUserAgent)
    }

    /// The remote cache client: `--remote-cache` over the config's `cache.remote`; none with `--offline`.
    private func makeRemoteCache(config: SiteConfig) -> RemoteCache? {
        guard !options.offline else { return nil }
        let setting = options.remoteCache.map { RemoteCacheConfig(url: $0, tokenEnv: config.remoteCache?.tokenEnv) } ?? config.remoteCache
        return RemoteCache.make(setting, policy: Self.fetchPolicy(config.fetch), maxBytes: max(config.fetch.maxResponseBytes, config.maxSourceBytes),
                                makeTransport: environment.makeTransport, pause: environment.pause, variable: environment.variable)
    }

    // MARK: - Images

    private func processImages(config: SiteConfig, recordSets: [RecordSet], cache: DiskCache, remote: RemoteFetch,
                               remoteCache: RemoteCache?, pages: RemoteResponses?, recordEntries: [String], report: inout BuildReport,
                               events: @Sendable (BuildEvent) -> Void)
        async throws(BuildError) -> (items: [Record.ImageReference: ItemImage], files: [PublishedImage]) {
        // Who uses each image, as positions (a million records share a few hundred images).
        var users: [Record.ImageReference: [(set: Int32, record: Int32)]] = [:]
        var fallbacks: [String: String] = [:]
        for (s, set) in recordSets.enumerated() {
            for (r, record) in set.records.enumerated() {
                guard let image = record.image else { continue }
                users[image, default: []].append((Int32(s), Int32(r)))
                if case .url(let url) = image, let fallback = record.imageFallback, fallbacks[url] == nil { fallbacks[url] = fallback }
            }
        }
        let references = users.keys.sorted { Self.sortKey($0) < Self.sortKey($1) }
        report.images.sources = references.count
        session?.localImages = references.compactMap { if case .file(let path) = $0 { path } else { nil } }
        var settings = ImagePipeline.Settings(widths: config.imageWidths, quality: config.jpegQuality, maxPixels: config.maxPixels,
                                              maxSourceBytes: config.maxSourceBytes, progressive: config.jpegProgressive,
                                              background: config.background)
        settings.formats = config.formats
        settings.webpQuality = config.webpQuality
        settings.webpEffort = config.webpEffort
        settings.avifQuality = config.avifQuality
        settings.avifSpeed = config.avifSpeed
        settings.colorSpace = config.colorSpace
        let step = ImageStep(pipeline: ImagePipeline(settings: settings), cache: cache, fileSystem: fs)
        let elapsed = StepTimer.reader(environment.clock)
        var stage = ImagesStage(step: step, remote: remote, jobs: options.jobs, maxSourceBytes: config.maxSourceBytes,
                                imageMaxAge: config.fetch.imageMaxAge, maxDownloads: max(8, config.fetch.perHost * 4),
                                elapsed: { elapsed().seconds })
        stage.remoteCache = remoteCache.map { RemoteImageCache(client: $0, step: step) }
        stage.mode = mode
        var throttle = ProgressThrottle()
        let outcomes = await stage.run(references.map { reference in
            if case .url(let url) = reference { return .init(reference: reference, fallback: fallbacks[url]) }
            return .init(reference: reference, fallback: nil)
        }, completed: { done in
            if throttle.allows(done: done, total: references.count, at: elapsed()) {
                events(.progress("images", done: done, total: references.count))
            }
        })

        await pages?.finish()
        if let remoteCache {
            var counts = await remoteCache.counts(outcomes.compactMap(\.remoteHit))
            counts.pagesFromRemote = await pages?.counter.taken ?? 0
            if mode != .site {
                let pushes = outcomes.compactMap(\.push)
                counts.pushed = pushes.count { $0 == .pushed }
                counts.alreadyRemote = pushes.count { $0 == .present }
                if mode == .push { counts.notLocal = pushes.count { $0 == .incomplete } + outcomes.count(where: \.notCached) }
            }
            report.remoteCache = counts
        }
        if case .shard = mode {
            report.shard?.sources = outcomes.count
            report.shard?.assigned = outcomes.count { !$0.outOfShard }
        }
        let missing = outcomes.filter(\.notCached).map { Self.sortKey($0.reference) }
        if !missing.isEmpty, mode != .push { throw BuildError(step: "images", .failed(RecordsStep.offlineMessage(missing, what: "image"))) }
        let mine = outcomes.filter { !$0.outOfShard && !$0.notCached }

        var images: [Record.ImageReference: ItemImage] = [:]
        var written: [String: PublishedImage] = [:]
        var used = Set(recordEntries)
        for outcome in mine {
            let result = outcome.result
            let display: String
            switch outcome.reference {
            case .file(let path): display = Paths.relative(path, to: config.baseDirectory)
            case .url(let url): display = url
            }
            report.images.decoded += result.decoded ? 1 : 0
            report.images.encoded += result.encoded
            report.images.reused += result.reused
            report.images.damaged += result.damaged.count
            used.formUnion(result.cacheEntries)
            used.formUnion(outcome.cacheEntries)
            for why in result.damaged {
                report.diagnostics.append(Diagnostic(.warning, code: "cache.damaged", subject: "cache", message: "damaged entry \(why); rebuilt"))
            }
            // Each user of an image with a problem is named (only then: naming a record costs).
            let problem = result.failure != nil || result.warning != nil || outcome.fetchNote != nil
            for user in problem ? users[outcome.reference] ?? [] : [] {
                let set = recordSets[Int(user.set)]
                let subject = "\(set.source): record \(set.records[Int(user.record)].origin)"
                if let failure = result.failure {
                    report.diagnostics.append(Diagnostic(.warning, code: "image.failed", subject: subject,
                                                         message: "image \(display): \(failure); a placeholder is shown"))
                } else if let warning = result.warning {
                    report.diagnostics.append(Diagnostic(.warning, code: "image.damaged", subject: subject, message: "image \(display): \(warning)"))
                }
                if result.failure == nil, let note = outcome.fetchNote {
                    report.diagnostics.append(Diagnostic(.warning, code: "image.fetch", subject: subject, message: "image \(display): \(note)"))
                }
            }
            if result.failure != nil {
                report.images.failed += 1
                continue
            }
            images[outcome.reference] = result.image
            for file in result.published { written[file.path] = file }
        }
        report.images.published = written.count
        let downloads = outcomes.compactMap(\.download)
        let processing = outcomes.compactMap(\.process)
        await remote.stats.add(downloadSeconds: Intervals.length(downloads), processSeconds: Intervals.length(processing),
                               overlapSeconds: Intervals.overlap(downloads, processing))
        // A push or a pull touches the cache without building: the ledger is for builds.
        guard mode != .push, mode != .pull else { return (images, []) }
        let record = BuildRecord(time: environment.now(), hits: report.images.reused, misses: report.images.encoded,
                                 damaged: report.images.damaged, entries: used.sorted())
        do { try cache.record(record, processID: environment.processID) } catch {
            report.diagnostics.append(Diagnostic(.warning, code: "cache.record", subject: "cache",
                                                 message: "cannot record this build's cache use (\(error)); `galgen cache prune` may drop its entries"))
        }
        return (images, written.values.sorted { $0.path < $1.path })
    }

    private static func sortKey(_ reference: Record.ImageReference) -> String {
        switch reference {
        case .file(let path): "file:" + path
        case .url(let url): url
        }
    }

    // MARK: - Pages

    /// Where the bytes of one output file come from.
    private enum Source: Sendable {
        case bytes(Data)
        case file(GalleryData.File)
        case cacheEntry(String)
        case page(PageSpec)
    }

    /// Gives every file of the site its key, lets the stager decide which must be made, and makes
    /// (renders, validates, writes) or links only those.
    private func writeSite(config: SiteConfig, collections: [Collection], groups: [CollectionGroup], templates: TemplateSet, assets: AssetSet,
                           images: [PublishedImage], stager: OutputStager, report: inout BuildReport,
                           events: @Sendable (BuildEvent) -> Void) async throws(BuildError) {
        let renderer: SiteRenderer
        do {
            renderer = try SiteRenderer(config: config, collections: collections, groups: groups, templates: templates, assets: assets,
                                        memo: session?.render)
        } catch {
            throw BuildError(step: "pages", .failed(error.description))
        }
        // What the published folder holds, read before the plan exists: its 100 MB record (at a
        // million files) is then gone before the build's peak.
        stager.readPublished()
        var plan = renderer.plan()
        let data = renderer.data.files
        let crawler = renderer.crawlerFiles(for: plan) + renderer.feeds()

        var files: [(entry: OutputEntry, source: Source)] = []
        files.reserveCapacity(plan.count + data.count + crawler.count + images.count + assets.assets.count + 1)
        let marker = Data(OutputStager.markerText.utf8)
        files.append((OutputEntry(path: OutputStager.markerName, key: OutputKey(digesting: marker)), .bytes(marker)))
        for asset in assets.assets { files.append((OutputEntry(path: asset.outputPath, key: OutputKey(digesting: asset.data)), .bytes(asset.data))) }
        for file in data + crawler { files.append((OutputEntry(path: file.path, key: file.key), .file(file))) }
        for image in images { files.append((OutputEntry(path: image.path, key: image.key), .cacheEntry(image.entry))) }
        report.assets = assets.assets.count
        report.dataFiles = data.count

        // Page keys, in parallel: building a page's context costs a fraction of rendering it.
        let keyChunks = stride(from: 0, to: plan.count, by: 256).map { $0..<min($0 + 256, plan.count) }
        let reused = session == nil ? [] : renderer.reusedKeys(for: plan)
        let keys = await Parallel.map(keyChunks, jobs: options.jobs) { [plan] range in
            range.map { i in (reused.isEmpty ? nil : reused[i]) ?? renderer.key(for: plan[i]) }
        }
        for (range, chunk) in zip(keyChunks, keys) {
            for (i, key) in zip(range, chunk) { files.append((OutputEntry(path: plan[i].path, key: key), .page(plan[i]))) }
        }
        // Keys are pure functions of the inputs: the memo holds whatever happens to this build.
        if let session { session.render = renderer.memo(plan: plan, keys: keys.flatMap { $0 }) }
        let pageCount = plan.count
        plan = []  // the files hold the pages now
        files.sort { $0.entry.path < $1.entry.path }
        for i in files.indices.dropFirst() where files[i].entry.path == files[i - 1].entry.path {
            throw BuildError(step: "pages", .failed("two files of the site would be \(files[i].entry.path); rename the collection or record that makes it"))
        }
        let actions = try BuildError.mapping(try stager.prepare(files.map(\.entry)))
        report.output = BuildReport.OutputCounts(full: stager.fullReason != nil, reason: stager.fullReason,
                                                 rendered: stager.changes.rendered, unchanged: stager.changes.unchanged,
                                                 removed: stager.changes.removed)
        report.pages = pageCount
        // The folders' records (read, checked and matched in `prepare`) are gone: their pages go
        // back before the writing, the build's peak.
        Memory.returnFreed()

        let work = actions.indices.filter { actions[$0] != .keep }
        let made = files
        guard !work.isEmpty else { return }
        let known = PathDigests(files.lazy.map(\.entry.path))
        let validator = PageValidator(exists: { known.contains($0) })
        PageValidator.initializeLibrary()
        let fs = self.fs
        let chunks = stride(from: 0, to: work.count, by: 64).map { Array(work[$0..<min($0 + 64, work.count)]) }
        let elapsed = StepTimer.reader(environment.clock)
        // Progress counts the pages rendered (links and other files are quick).
        let pagesIn = chunks.map { chunk in chunk.count { if case .page = made[$0].source { true } else { false } } }
        let pageTotal = pagesIn.reduce(0, +)
        var throttle = ProgressThrottle()
        var done = 0
        let outcomes = await Parallel.map(chunks, jobs: options.jobs, completed: { chunk in
            done += pagesIn[chunk]
            if pagesIn[chunk] > 0 && throttle.allows(done: done, total: pageTotal, at: elapsed()) {
                events(.progress("pages", done: done, total: pageTotal))
            }
        }) { chunk -> (issues: [ValidationIssue], error: String?) in
            var issues: [ValidationIssue] = []
            for index in chunk {
                let source = made[index].source
                do throws(FileSystemError) {
                    if actions[index] == .link {
                        try stager.link(entry: index)
                        continue
                    }
                    switch source {
                    case .bytes(let bytes):
                        try stager.write(bytes, entry: index)
                    case .file(let file):
                        try stager.write(file.data, entry: index)
                    case .cacheEntry(let path):
                        try stager.write(try fs.readFile(at: path), entry: index)
                    case .page(let spec):
                        let page = renderer.render(spec)
                        var problems = validator.validate(html: page.html, path: page.path)
                        if !problems.isEmpty {
                            // Name the template line each problem's page line came from, when one does.
                            let lines = page.html.split(separator: "\n", omittingEmptySubsequences: false)
                            for p in problems.indices { templates.origins.explain(&problems[p], lines: lines) }
                            issues += problems
                            continue
                        }
                        try stager.write(Data(page.html.utf8), entry: index)
                    }
                } catch {
                    return (issues, error.description)
                }
            }
            return (issues, nil)
        }
        if let failure = outcomes.compactMap({ $0.error }).first { throw BuildError(step: "pages", .failed(failure)) }
        let issues = outcomes.flatMap { $0.issues }
        if !issues.isEmpty { throw BuildError(step: "validate", .invalidPages(issues)) }
    }
}

/// Measures the time of consecutive steps on the injected clock.
struct StepTimer {
    private let elapsed: @Sendable () -> Duration
    private var last: Duration = .zero

    init(clock: any Clock<Duration>) {
        elapsed = Self.reader(clock)
    }

    /// Time since this call, on the given clock.
    static func reader(_ clock: any Clock<Duration>) -> @Sendable () -> Duration {
        open(clock)
    }

    private static func open<C: Clock>(_ clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// Records the time since the previous lap as step `name` and tells `events` the step finished.
    mutating func lap(_ name: String, into report: inout BuildReport, events: @Sendable (BuildEvent) -> Void) {
        let now = elapsed()
        let d = now - last
        last = now
        report.steps.append(.init(name: name, seconds: d.seconds))
        events(.finished(name, seconds: d.seconds))
    }
}
