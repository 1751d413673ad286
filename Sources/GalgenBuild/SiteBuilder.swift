import Foundation
import GalgenCore
import GalgenCache
import GalgenConfig
import GalgenImaging
import GalgenRecords
import GalgenRendering
import GalgenValidation

/// Runs `galgen build`: config → templates → records → images → pages (rendered, validated,
/// written to a staging folder) → publish (atomic swap). Any fatal error leaves the output
/// folder exactly as it was.
public struct SiteBuilder: Sendable {
    private let options: BuildOptions
    private let environment: BuildEnvironment
    private var fs: any FileSystem { environment.fileSystem }

    /// Creates a builder.
    /// - Parameters:
    ///   - options: Paths and parallelism.
    ///   - environment: Effects.
    public init(options: BuildOptions, environment: BuildEnvironment) {
        self.options = options
        self.environment = environment
    }

    /// Builds the site.
    /// - Parameter progress: Called with each step's name as it starts.
    /// - Returns: The report (problems with single records or images are in it, not thrown).
    /// - Throws: ``BuildError`` when the build cannot finish; nothing is published then.
    public func build(progress: @Sendable (String) -> Void = { _ in }) async throws(BuildError) -> BuildReport {
        var report = BuildReport()
        var timer = StepTimer(clock: environment.clock)

        progress("config")
        let config: SiteConfig
        do { config = try ConfigLoader(fileSystem: fs).load(path: options.configPath) } catch { throw BuildError(step: "config", .config(error)) }
        timer.lap("config", into: &report)

        progress("templates")
        let templates: TemplateSet
        let assets: AssetSet
        do {
            templates = try TemplateSet(directory: config.templatesDirectory, fileSystem: fs)
            assets = try AssetSet(templatesDirectory: config.templatesDirectory, fileSystem: fs)
        } catch {
            throw BuildError(step: "templates", .failed(error.description))
        }
        timer.lap("templates", into: &report)

        progress("records")
        var recordSets: [RecordSet] = []
        for source in config.sources {
            do {
                let set = try JSONRecordSource(config: source, baseDirectory: config.baseDirectory, fileSystem: fs).load()
                recordSets.append(set)
                report.diagnostics += set.diagnostics
            } catch {
                throw BuildError(step: "records", .failed(error.description))
            }
        }
        report.sources = config.sources.count
        report.records = recordSets.reduce(0) { $0 + $1.records.count }
        timer.lap("records", into: &report)

        let outputDirectory = options.outputDirectory ?? config.outputDirectory ?? config.baseDirectory + "/" + SiteConfig.Defaults.output
        let stager = try OutputStager(
            output: outputDirectory,
            protecting: [config.configPath, config.templatesDirectory] + config.sources.map(\.path),
            environment: environment)
        report.outputDirectory = outputDirectory
        do throws(BuildError) {
            let cacheDirectory = options.cacheDirectory ?? config.cacheDirectory ?? config.baseDirectory + "/" + SiteConfig.Defaults.cache
            let cache: DiskCache
            do { cache = try DiskCache(directory: cacheDirectory, fileSystem: fs) } catch {
                throw BuildError(step: "images", .failed("cannot open the cache: \(error)"))
            }

            progress("images")
            let images = await processImages(config: config, recordSets: recordSets, cache: cache, stager: stager, report: &report)
            timer.lap("images", into: &report)

            progress("pages")
            let collections = zip(config.sources, recordSets).map { source, set in
                Collection(name: source.name, title: source.title, items: set.records.map { record in
                    Item(record: record, image: record.image.flatMap { images[$0] })
                })
            }
            try await writePages(config: config, collections: collections, templates: templates, assets: assets,
                                 publishedImages: Set(images.values.flatMap { $0.variants.map(\.path) }),
                                 stager: stager, report: &report)
            timer.lap("pages", into: &report)

            progress("publish")
            try stager.publish()
            timer.lap("publish", into: &report)
        } catch {
            stager.discard()
            throw error
        }
        return report
    }

    // MARK: - Images

    private func processImages(config: SiteConfig, recordSets: [RecordSet], cache: DiskCache, stager: OutputStager,
                               report: inout BuildReport) async -> [Record.ImageReference: ItemImage] {
        var users: [String: [(source: String, record: Record)]] = [:]
        for set in recordSets {
            for record in set.records {
                switch record.image {
                case .file(let path): users[path, default: []].append((set.source, record))
                case .url:
                    report.diagnostics.append(Diagnostic(.warning, code: "image.remote-unsupported", subject: "\(set.source): record \(record.origin)",
                                                         message: "remote image URLs are not fetched by this version; a placeholder is shown"))
                case nil: break
                }
            }
        }
        let paths = users.keys.sorted()
        report.images.sources = paths.count
        let step = ImageStep(
            pipeline: ImagePipeline(settings: .init(widths: config.imageWidths, quality: config.jpegQuality,
                                                    maxPixels: config.maxPixels, maxSourceBytes: config.maxSourceBytes,
                                                    progressive: config.jpegProgressive)),
            cache: cache, fileSystem: fs, stager: stager)
        let results = await Parallel.map(paths, jobs: options.jobs) { step.run(path: $0) }

        var images: [Record.ImageReference: ItemImage] = [:]
        var written: Set<String> = []
        var used: Set<String> = []
        for result in results {
            let display = Paths.relative(result.path, to: config.baseDirectory)
            report.images.decoded += result.decoded ? 1 : 0
            report.images.encoded += result.encoded
            report.images.reused += result.reused
            report.images.damaged += result.damaged.count
            used.formUnion(result.cacheEntries)
            for why in result.damaged {
                report.diagnostics.append(Diagnostic(.warning, code: "cache.damaged", subject: "cache", message: "damaged entry \(why); rebuilt"))
            }
            for user in users[result.path] ?? [] {
                let subject = "\(user.source): record \(user.record.origin)"
                if let failure = result.failure {
                    report.diagnostics.append(Diagnostic(.warning, code: "image.failed", subject: subject,
                                                         message: "image \(display): \(failure); a placeholder is shown"))
                } else if let warning = result.warning {
                    report.diagnostics.append(Diagnostic(.warning, code: "image.damaged", subject: subject, message: "image \(display): \(warning)"))
                }
            }
            if result.failure != nil {
                report.images.failed += 1
                continue
            }
            images[.file(result.path)] = result.image
            written.formUnion(result.published)
        }
        report.images.published = written.count
        let record = BuildRecord(time: environment.now(), hits: report.images.reused, misses: report.images.encoded,
                                 damaged: report.images.damaged, entries: Array(used))
        do { try cache.record(record, processID: environment.processID) } catch {
            report.diagnostics.append(Diagnostic(.warning, code: "cache.record", subject: "cache",
                                                 message: "cannot record this build's cache use (\(error)); `galgen cache prune` may drop its entries"))
        }
        return images
    }

    // MARK: - Pages

    private func writePages(config: SiteConfig, collections: [Collection], templates: TemplateSet, assets: AssetSet,
                            publishedImages: Set<String>, stager: OutputStager, report: inout BuildReport) async throws(BuildError) {
        let renderer: SiteRenderer
        do { renderer = try SiteRenderer(config: config, collections: collections, templates: templates, assets: assets) } catch {
            throw BuildError(step: "pages", .failed(error.description))
        }
        let plan = renderer.plan()
        let known = Set(plan.map(\.path)).union(assets.assets.map(\.outputPath)).union(publishedImages)
        let validator = PageValidator(exists: { known.contains($0) })
        PageValidator.initializeLibrary()

        for asset in assets.assets {
            do { try stager.write(asset.data, to: asset.outputPath) } catch { throw BuildError(step: "pages", .failed(error.description)) }
        }
        report.assets = assets.assets.count

        let chunks = stride(from: 0, to: plan.count, by: 64).map { Array(plan[$0..<min($0 + 64, plan.count)]) }
        let outcomes = await Parallel.map(chunks, jobs: options.jobs) { chunk -> (issues: [ValidationIssue], error: String?) in
            var issues: [ValidationIssue] = []
            for spec in chunk {
                let page = renderer.render(spec)
                let problems = validator.validate(html: page.html, path: page.path)
                if !problems.isEmpty {
                    issues += problems
                    continue
                }
                do { try stager.write(Data(page.html.utf8), to: page.path) } catch { return (issues, "\(error)") }
            }
            return (issues, nil)
        }
        if let failure = outcomes.compactMap({ $0.error }).first { throw BuildError(step: "pages", .failed(failure)) }
        let issues = outcomes.flatMap { $0.issues }
        if !issues.isEmpty { throw BuildError(step: "validate", .invalidPages(issues)) }
        report.pages = plan.count
    }
}

/// Measures the time of consecutive steps on the injected clock.
struct StepTimer {
    private let elapsed: () -> Duration
    private var last: Duration = .zero

    init(clock: any Clock<Duration>) {
        elapsed = Self.reader(clock)
    }

    private static func reader<C: Clock>(_ clock: C) -> () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    mutating func lap(_ name: String, into report: inout BuildReport) {
        let now = elapsed()
        let d = now - last
        last = now
        report.steps.append(.init(name: name, seconds: Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18))
    }
}
