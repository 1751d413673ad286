import Foundation
import GalgenCore
import GalgenImageWork
import GalgenOutput

/// The stamps of what the site is made from (``StampsRecord``). `check`, right after the output folder
/// is opened: when every file and folder the last build read is as it was and the published site is
/// as recorded, the build takes that build's report, reads and makes nothing, and publishes the site
/// as it is. `record`, after publishing: keeps the stamps this build noted, for the next one.
struct StampsStep: BuildStep {
    enum Part: Sendable { case check, record }
    let part: Part

    init(_ part: Part) { self.part = part }

    var name: StepName { .stamps }
    var shownAs: StepName { part == .check ? .config : .publish }
    var runsWhenProven: Bool { part == .record }

    func run(_ state: inout BuildState) async throws(BuildError) {
        switch part {
        case .check: Self.check(&state)
        case .record: await Self.record(state)
        }
    }

    /// Takes the last build's site when nothing it read has changed.
    static func check(_ state: inout BuildState) {
        guard state.options.trustStamps, state.session == nil, let stager = state.stager else { return }
        let fileSystem = state.unstampedFileSystem
        guard let path = stager.recordPath("stamps"), fileSystem.kind(at: path) == .file, let data = try? fileSystem.readFile(at: path),
              let record = StampsRecord.decode(data, paths: StampsRecord.paths(state), skip: StampsRecord.skip(state)),
              record.stamps.firstChange(in: fileSystem) == nil,
              let counts = stager.provenUnchanged(by: record.digest) else { return }
        var report = record.report
        report.inputs = state.report.inputs
        report.steps = state.report.steps
        report.outputDirectory = state.report.outputDirectory
        (report.published, report.fatal, report.exitCode, report.shard) = (false, nil, nil, nil)
        // What this build did: nothing decoded or fetched; what the last one wrote of the cache and the output is not repeated.
        report.images.reused += report.images.encoded
        (report.images.decoded, report.images.encoded, report.images.damaged) = (0, 0, 0)
        report.network = NetworkCounts()
        report.diagnostics.removeAll { $0.code.hasPrefix("cache.") || $0.code == "output.record" }
        let all = counts + [0, 0, 0]
        (report.pages, report.dataFiles, report.assets) = (all[0], all[1], all[2])
        report.output = BuildReport.OutputCounts(full: false, reason: nil, rendered: 0, unchanged: stager.changes.unchanged, removed: 0,
                                                 keys: StampsRecord.provenNote)
        state.report = report
        state.provenByStamps = true
    }

    /// Keeps the stamps of what this build read, when they can prove the next one unchanged: a site
    /// build outside `galgen serve` that published, whose inputs' digest is recorded, that read no URL.
    static func record(_ state: BuildState) async {
        guard state.session == nil, !state.provenByStamps, state.report.published, let digest = state.inputsDigest,
              let log = state.stampLog, let stager = state.stager, let path = stager.recordPath("stamps") else { return }
        if let network = state.network {
            let n = await network.fetch.stats.counts
            guard n.requests == 0, n.fromCache == 0, n.notModified == 0, n.staleFallbacks == 0, n.failures == 0 else { return }
        }
        guard let stamps = InputStamps(log.paths, skip: StampsRecord.skip(state)),
              let data = try? StampsRecord(digest: digest, paths: StampsRecord.paths(state), stamps: stamps, report: state.report).encode()
        else { return }
        try? state.unstampedFileSystem.writeFileAtomically(data, to: path)
    }
}
