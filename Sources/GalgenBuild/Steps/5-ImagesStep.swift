import GalgenConfig
import GalgenCore
import GalgenImaging
import GalgenRemoteCache
import GalgenImageWork

/// Makes every distinct image the records use (a shard: those of its own part), through the cache
/// (and the remote cache when one is set). Problems of single images are reported for each record
/// that uses them.
struct ImagesStep: BuildStep {
    var name: StepName { .images }
    /// Only this shard's images are made (a shard's build); nil: every image.
    var only: Shard? = nil

    func run(_ state: inout BuildState) async throws(BuildError) {
        let images = try ImageRun(&state)
        let outcomes = await images.run(&state) { $0.only = only }
        let missing = images.missing(outcomes, state: &state)
        if !missing.isEmpty { throw BuildError(.failed(RecordLoader.offlineMessage(missing, what: "image"))) }
        let collected = await images.collect(outcomes, into: &state)
        collected.recordLedger(cache: images.cache, used: state.recordEntries, state: &state)
        state.images = collected.images
        state.imageFailures.merge(collected.failures) { a, _ in a }
        state.imageFiles = collected.files
        state.imageOutcomes = outcomes
        state.report.network = await images.network.fetch.stats.counts
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
