import Foundation
import GalgenCore

/// Runs `galgen build` as a list of named steps over one ``BuildState``: for a site, config →
/// templates → records → output → images → pages (rendered, validated, written to a staging folder) →
/// publish (atomic swap); a shard, a push and a pull run lists of their own (``steps(for:)``). Any
/// fatal error leaves the output folder exactly as it was.
public struct SiteBuilder: Sendable {
    let options: BuildOptions
    private let environment: BuildEnvironment
    private let session: BuildSession?

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
    public func build(progress: @Sendable (StepName) -> Void = { _ in }) async throws(BuildError) -> BuildReport {
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
        // The events closure outlives no call of this function: the state holds it only while the steps run.
        try await withoutActuallyEscaping(events) { events async throws(BuildError) -> BuildReport in
            // Every file operation of the build passes the disk watch: a full or read-only disk stops it.
            let watch = DiskWatch()
            var watched = environment
            // Every path the build reads is noted with its stamp before the read (InputStamps); a build that
            // proves the inputs unchanged by them takes the last one's site without reading them again.
            let stamps = StampingFileSystem.Log()
            watched.fileSystem = StampingFileSystem(ObservedFileSystem(environment.fileSystem, failed: { watch.note($0) }), log: stamps)
            var state = BuildState(options: options, environment: watched, session: session, events: events)
            state.diskWatch = watch
            state.stampLog = stamps
            state.report.inputs.config = options.configPath
            state.report.inputs.options.jobs = options.jobs
            state.report.inputs.options.offline = options.offline
            state.report.inputs.options.refresh = options.refresh
            state.report.inputs.options.transfer = transfer
            // `--jobs` bounds the build's synchronous parallel work too (record reading, shards, the search index, links).
            let ran: Result<Void, BuildError> = await Concurrently.$width.withValue(options.jobs) {
                do throws(BuildError) { try await run(steps, on: &state) } catch { return .failure(error) }
                return .success(())
            }
            try ran.get()
            return state.report
        }
    }

    /// Runs the steps in order: announces each, times it and tags its errors with its name. Steps
    /// shown as one (``BuildStep/shownAs``) are announced and timed together. The network is closed
    /// at the end either way; after a failure the staged site is discarded and the error carries the
    /// report so far.
    func run(_ steps: [any BuildStep], on state: inout BuildState) async throws(BuildError) {
        var timer = StepTimer(clock: environment.clock)
        for (index, step) in steps.enumerated() {
            if state.provenByStamps, !step.runsWhenProven { continue }
            if index == 0 || steps[index - 1].shownAs != step.shownAs { state.events(.started(step.shownAs)) }
            do throws(BuildError) {
                try await step.run(&state)
                if let stop = state.diskWatch.error(at: step.name) { throw stop }
            } catch {
                var error = error
                if error.named == nil { error.step = step.name }
                if case .failed(let message) = error.reason, let gone = Self.vanished(state) {
                    error.reason = .failed(message + "; " + gone)
                }
                state.stager?.discard()
                await state.closeNetwork()
                state.report.fatal = error.fatal
                error.report = state.report
                throw error
            }
            if index == steps.count - 1 || steps[index + 1].shownAs != step.shownAs {
                timer.lap(step.shownAs, into: &state.report, events: state.events)
            }
        }
        await state.closeNetwork()
    }
}

extension SiteBuilder {
    /// Says so when the cache folder was there when the build began and is gone now (removed
    /// while the build ran): the likely cause of the failure, and harmless to build again.
    static func vanished(_ state: BuildState) -> String? {
        guard state.cache != nil, !state.cacheDirectory.isEmpty, state.fileSystem.kind(at: state.cacheDirectory) == nil else { return nil }
        return "the cache folder \(state.cacheDirectory) was removed while the build ran; nothing was published: build again to start a new cache"
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
    mutating func lap(_ name: StepName, into report: inout BuildReport, events: @Sendable (BuildEvent) -> Void) {
        let now = elapsed()
        let d = now - last
        last = now
        report.steps.append(.init(name: name.rawValue, seconds: d.seconds))
        events(.finished(name, seconds: d.seconds))
    }
}
