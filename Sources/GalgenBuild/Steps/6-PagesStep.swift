import Foundation
import GalgenCore
import GalgenOutput
import GalgenRendering
import GalgenValidation

/// Makes the site in the staging folder: it plans every file (pages, data, feeds, crawler files,
/// images, assets) with its key, lets the stager decide which must be made, and makes only those:
/// pages are rendered and validated, images and unchanged files linked or copied.
struct PagesStep: BuildStep {
    var name: StepName { .pages }

    /// Where the bytes of one output file come from.
    enum Source: Sendable {
        case bytes(Data)
        case file(GalleryData.File)
        case cacheEntry(String)
        case page(PageSpec)
        /// A file published as it is (a folder source's video): linked, or copied when it is on another disk.
        case original(String)
    }

    /// One file of the site and where its bytes come from.
    typealias File = (entry: OutputEntry, source: Source)

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        let templates = try state.need(state.templates, "templates")
        let assets = try state.need(state.assets, "assets")
        let stager = try state.need(state.stager, "output folder")
        if let network = state.network {
            for why in await network.fetch.stats.damaged { state.report.diagnostics.append(.cacheDamaged(why, then: "fetched again")) }
        }
        state.imageOutcomes = []  // the images hold what the pages need
        // What every key is made from, taken before the records are dropped.
        let inputs = SiteInputs.digest(state, templates: templates, assets: assets)
        state.inputsDigest = inputs
        let items = state.images.mapValues(PublishedImages.item)
        var (collections, groups, grouping) = CollectionPlan.make(config: config, sets: state.records, folders: state.folders) { items[$0] }
        state.report.diagnostics += grouping
        state.report.diagnostics += DescriptionLinker.link(&collections, config: config, images: items, failures: state.imageFailures)
        let downloads = AlbumDownloads(cacheDirectory: state.cacheDirectory, fileSystem: state.fileSystem, knownHashes: state.knownHashes,
                                       images: state.images).make(&collections, config: config)
        state.report.diagnostics += downloads.diagnostics
        state.records = []  // the items hold the records now: not twice in memory
        // The records' text and parse, the images step's tables: not resident during the
        // pages step, whose peak is the build's (150 MB of it at a million items otherwise).
        Memory.returnFreed()
        if let inputs, let kept = stager.provenUnchanged(by: inputs) {
            // The published site is what these inputs make: no page key to compute, nothing to write.
            let counts = kept + [0, 0, 0]
            (state.report.pages, state.report.dataFiles, state.report.assets) = (counts[0], counts[1], counts[2])
            state.report.output = BuildReport.OutputCounts(full: false, reason: nil, rendered: 0, unchanged: stager.changes.unchanged,
                                                           removed: 0, keys: stager.keysNote)
            return
        }
        let renderer: SiteRenderer
        let configKey = RenderMemoRecord.configKey(state)
        do {
            renderer = try SiteRenderer(config: config, collections: collections, groups: groups, templates: templates, assets: assets,
                                        memo: state.session?.render ?? RenderMemoRecord.read(state, stager: stager),
                                        configKey: configKey, messages: state.messages ?? .english)
        } catch {
            throw BuildError(.failed(error.description))
        }
        // What the published folder holds, read before the plan exists: its 100 MB record (at a
        // million files) is then gone before the build's peak.
        stager.readPublished()
        let (files, pageCount, kept) = try await plan(renderer, images: state.imageFiles, archives: downloads.archives, assets: assets, state: &state)
        if let inputs { stager.recordInputs(inputs, counts: [pageCount, state.report.dataFiles, state.report.assets]) }
        let actions = try BuildError.mapping(try stager.prepare(files.map(\.entry)))
        state.report.pages = pageCount
        state.report.output = BuildReport.OutputCounts(full: stager.fullReason != nil, reason: stager.fullReason,
                                                       rendered: stager.changes.rendered, unchanged: stager.changes.unchanged,
                                                       removed: stager.changes.removed,
                                                       keys: stager.keysNote ?? "computed: this build's inputs cannot be recorded (serve)",
                                                       keptPageKeys: kept == 0 ? nil : kept)
        // The folders' records (read, checked and matched in `prepare`) are gone: their pages go
        // back before the writing, the build's peak.
        Memory.returnFreed()
        let writer = PageWriter(renderer: renderer, templates: templates, stager: stager, files: files, actions: actions,
                                fileSystem: state.fileSystem)
        try await writer.write(jobs: state.options.jobs, clock: state.environment.clock, state: state)
    }

    /// Every file of the site with its key, sorted by path; two files at one path fail the build.
    private func plan(_ renderer: SiteRenderer, images: [PublishedImage], archives: [AlbumDownloads.Archive], assets: AssetSet,
                      state: inout BuildState)
        async throws(BuildError) -> (files: [File], pages: Int, keptKeys: Int) {
        var plan = renderer.plan()
        let data = renderer.data.files
        let crawler = renderer.crawlerFiles(for: plan) + renderer.feeds()
        var files: [File] = []
        files.reserveCapacity(plan.count + data.count + crawler.count + images.count + assets.assets.count + 1)
        let marker = Data(OutputStager.markerText.utf8)
        files.append((OutputEntry(path: OutputStager.markerName, key: OutputKey(digesting: marker)), .bytes(marker)))
        for asset in assets.assets { files.append((OutputEntry(path: asset.outputPath, key: OutputKey(digesting: asset.data)), .bytes(asset.data))) }
        for file in data + crawler { files.append((OutputEntry(path: file.path, key: file.key), .file(file))) }
        for image in images { files.append((OutputEntry(path: image.path, key: image.key), .cacheEntry(image.entry))) }
        for archive in archives { files.append((OutputEntry(path: archive.path, key: archive.key), .original(archive.file))) }
        for video in VideoFiles.all(renderer.collections) {
            // Keyed by where it is and its stamp: a video is never read whole to be hashed.
            let stamp = state.fileSystem.stamp(at: video.source)
            let key = OutputKey(digesting: Data("video|\(video.source)|\(stamp?.size ?? 0)|\(stamp?.modified ?? 0)|\(stamp?.inode ?? 0)".utf8))
            files.append((OutputEntry(path: video.path, key: key), .original(video.source)))
        }
        state.report.assets = assets.assets.count
        state.report.dataFiles = data.count

        // Page keys, in parallel: building a page's context costs a fraction of rendering it.
        let keyChunks = stride(from: 0, to: plan.count, by: 256).map { $0..<min($0 + 256, plan.count) }
        let reused = renderer.reusedKeys(for: plan)
        let keys = await Parallel.map(keyChunks, jobs: state.options.jobs) { [plan] range in
            range.map { i in reused[i] ?? renderer.key(for: plan[i]) }
        }
        for (range, chunk) in zip(keyChunks, keys) {
            for (i, key) in zip(range, chunk) { files.append((OutputEntry(path: plan[i].path, key: key), .page(plan[i]))) }
        }
        // Keys are pure functions of the inputs: the memo holds whatever happens to this build.
        let memo = renderer.memo(plan: plan, keys: keys.flatMap { $0 })
        if let session = state.session { session.render = memo } else { state.renderMemo = memo }
        let pageCount = plan.count
        plan = []  // the files hold the pages now
        files.sort { $0.entry.path < $1.entry.path }
        for i in files.indices.dropFirst() where files[i].entry.path == files[i - 1].entry.path {
            throw BuildError(.failed("two files of the site would be \(files[i].entry.path); rename the collection or record that makes it"))
        }
        return (files, pageCount, reused.count { $0 != nil })
    }
}
