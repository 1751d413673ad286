import Foundation
@testable import GalgenBuild
import GalgenCore
import GalgenImaging
import GalgenRemoteCache
import GalgenTestSupport
import Testing

/// Each step of a build run alone, on an in-memory file system with a fake fetcher: no disk, no
/// network. A step is given a state with what the steps before it leave, as `SiteBuilder` would.
struct StepTests {
    static let widths = [100, 150]

    /// A site in memory under /site: config.json, records.json and `count` JPEGs, plus `sources`.
    static func site(count: Int = 3, sources: String = "") throws -> MemoryFileSystem {
        let fs = MemoryFileSystem()
        var records: [String] = []
        for i in 0..<count {
            let picture = Painter.solid(width: 200 + 20 * i, height: 160, rgb: (UInt8(40 * i), 120, 200))
            try fs.write(path: "/site/images/\(i).jpg", data: try JPEGCodec.encode(picture, quality: 80))
            records.append(#"{"id": "item-\#(i)", "title": "Item \#(i)", "image": "images/\#(i).jpg"}"#)
        }
        try fs.write(path: "/site/records.json", string: "[" + records.joined(separator: ",") + "]")
        let local = #"{"name": "things", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title", "image": "image"}}"#
        try fs.write(path: "/site/config.json", string: """
            {"title": "In memory", "formats": ["jpeg"], "imageWidths": \(widths), "sources": [\(local)\(sources.isEmpty ? "" : ", " + sources)]}
            """)
        return fs
    }

    /// A build that has not started, over `fs`; the network is `transport`.
    static func state(_ fs: MemoryFileSystem, transport: FakeTransport = FakeTransport(), mode: BuildMode = .site,
                      events: @escaping @Sendable (BuildEvent) -> Void = { _ in }) -> BuildState {
        var options = BuildOptions(configPath: "/site/config.json", jobs: 1)
        options.mode = mode
        let environment = BuildEnvironment(fileSystem: fs, clock: ContinuousClock(), processID: 4242, isProcessAlive: { _ in false },
                                           now: { 1_800_000_000 }, makeTransport: { _ in transport })
        return BuildState(options: options, environment: environment, session: nil, events: events)
    }

    /// Runs steps in order, as the runner does (without the events).
    static func run(_ steps: [any BuildStep], _ state: inout BuildState) async throws {
        for step in steps { try await step.run(&state) }
    }

    @Test func configResolvesTheFoldersAndListsTheSources() async throws {
        var state = Self.state(try Self.site())
        try await ConfigStep().run(&state)
        #expect(state.config?.sources.map(\.name) == ["things"])
        #expect(state.outputDirectory == "/site/public" && state.cacheDirectory == "/site/.galgen/cache")
        #expect(state.report.inputs.sources.map(\.path) == ["/site/records.json"])
        #expect(state.remoteCache == nil && state.templates == nil && state.cache == nil)
    }

    @Test func aMissingConfigFailsTheConfigStepByName() async throws {
        let fs = MemoryFileSystem()
        var state = Self.state(fs)
        let error = await #expect(throws: BuildError.self) {
            try await SiteBuilder(options: state.options, environment: state.environment).run([ConfigStep(), TemplatesStep()], on: &state)
        }
        #expect(error?.step == .config && error?.isConfigError == true)
        #expect(error?.report?.steps.isEmpty == true, "no step finished")
    }

    @Test func aPushWithoutARemoteCacheIsRefusedAtConfig() async throws {
        var state = Self.state(try Self.site(), mode: .push)
        let error = await #expect(throws: BuildError.self) { try await SiteBuilder.steps(for: .push)[0].run(&state) }
        #expect(error?.isConfigError == true && error?.description.contains("galgen cache push needs a remote cache") == true)
    }

    @Test func templatesNameEachFileAndASiteOverride() async throws {
        let fs = try Self.site()
        try fs.write(path: "/site/Templates/footer.mustache", string: "<footer>mine</footer>\n")
        var state = Self.state(fs)
        try await Self.run([ConfigStep(), TemplatesStep()], &state)
        #expect(state.templates != nil && state.assets != nil)
        let footer = try #require(state.report.theme.first { $0.path == "footer.mustache" })
        #expect(footer.from == "site" && footer.file == "/site/Templates/footer.mustache")
        #expect(state.report.theme.filter { $0.from == "builtin" }.count == state.report.theme.count - 1)
    }

    @Test func recordsComeFromFilesAndFromTheFakeNetworkThroughTheCache() async throws {
        let url = "https://api.example.org/people.json"
        let fs = try Self.site(sources: #"{"name": "people", "type": "json", "url": "\#(url)", "fields": {"id": "id", "title": "name"}}"#)
        let transport = FakeTransport()
        transport.route(url, .ok(#"[{"id": "p1", "name": "Ada"}, {"id": "p2", "name": "Grace"}]"#, headers: [("Content-Type", "application/json")]))
        var state = Self.state(fs, transport: transport)
        try await Self.run([ConfigStep(), RecordsStep()], &state)
        #expect(state.records.map(\.records.count) == [3, 2])
        #expect(state.report.records == 5 && state.report.sources == 2)
        #expect(transport.count(url) == 1)
        #expect(!state.recordEntries.isEmpty && fs.files(under: "/site/.galgen/cache").count >= 2, "the page is in the cache")
    }

    @Test func imagesAreMadeIntoTheCacheAndNothingIsPublished() async throws {
        let fs = try Self.site()
        var state = Self.state(fs)
        try await Self.run([ConfigStep(), TemplatesStep(), RecordsStep(), ImagesStep()], &state)
        #expect(state.stager == nil, "no output folder: the output step makes it")
        #expect(state.images.count == 3 && state.report.images.decoded == 3 && state.report.images.encoded == 3 * Self.widths.count)
        for image in state.images.values {
            #expect(image.formats.map(\.format) == [.jpeg] && image.formats[0].variants.map(\.width) == Self.widths)
            for variant in image.formats[0].variants { #expect(fs.data(path: variant.entry) != nil, "\(variant.entry) is in the cache") }
        }
        #expect(fs.read(path: "/site/public/index.html") == nil)
        state.stager?.discard()
    }

    @Test func pagesAndPublishWriteTheWholeSiteInMemory() async throws {
        let fs = try Self.site()
        var state = Self.state(fs)
        try await Self.run(SiteBuilder.steps(for: .site), &state)
        let index = try #require(fs.read(path: "/site/public/index.html"))
        #expect(index.contains("Item 0") || fs.files(under: "/site/public/things").keys.contains { $0.hasSuffix("index.html") })
        let images = fs.files(under: "/site/public/img").keys.sorted()  // relative to img/
        #expect(images.count == 3 * Self.widths.count, "\(images)")
        // The pages name exactly the files the images step made (one rule, PublishedImages).
        let made = state.images.values.flatMap { image in image.formats[0].variants.map { PublishedImages.path(of: $0, in: image.formats[0]) } }
        #expect(Set(made.map { "img/" + ($0 as NSString).lastPathComponent }) == Set(images.map { "img/" + $0 }))
        #expect(state.report.published && state.report.pages > 0)
        #expect(!FileManager.default.fileExists(atPath: "/site"), "the whole build stayed in memory")
    }

    /// A step that fails: the runner tags the error with the step's name and keeps the report so far.
    struct FailingStep: BuildStep {
        var name: StepName { .images }
        func run(_ state: inout BuildState) async throws(BuildError) { throw BuildError(.failed("no images today")) }
    }

    @Test func theRunnerAnnouncesTimesAndNamesEachStep() async throws {
        let log = EventLog()
        var state = Self.state(try Self.site(), events: { log.add($0) })
        let error = await #expect(throws: BuildError.self) {
            try await SiteBuilder(options: state.options, environment: state.environment)
                .run([ConfigStep(), TemplatesStep(), RecordsStep(), FailingStep()], on: &state)
        }
        #expect(error?.description == "[images] no images today")
        #expect(error?.report?.steps.map(\.name) == ["config", "templates", "records"])
        #expect(error?.report?.fatal?.step == "images")
        let started = log.events.compactMap { if case .started(let name) = $0 { name } else { nil } }
        #expect(started == [.config, .templates, .records, .images])
    }

    /// The output folder's check is a step of its own, shown and timed with the config: a locked or
    /// unsafe folder fails under its name before anything is read or made.
    @Test func theOutputCheckRunsFirstAndIsShownWithTheConfig() async throws {
        let fs = try Self.site()
        try fs.write(path: "/site/public", string: "not a folder")
        let log = EventLog()
        var state = Self.state(fs, events: { log.add($0) })
        let error = await #expect(throws: BuildError.self) {
            try await SiteBuilder(options: state.options, environment: state.environment).run(SiteBuilder.steps(for: .site), on: &state)
        }
        #expect(error?.step == .output && error?.description == "[output] /site/public exists and is not a folder")
        #expect(error?.report?.steps.map(\.name) == [])
        let started: [StepName] = log.events.compactMap { if case .started(let name) = $0 { name } else { nil } }
        #expect(started == [.config])
        #expect(state.records.isEmpty && state.templates == nil, "no record or template read before the check")
        #expect(state.images.isEmpty && state.report.images.decoded == 0, "no image work before the check")
    }
}
