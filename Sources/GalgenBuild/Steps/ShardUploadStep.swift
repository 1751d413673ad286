import GalgenRemoteCache
import GalgenImageWork

/// A shard's last step: makes sure the remote cache holds this shard's part of the site, so the
/// final build finds it there: the work of every source the local cache held in full (the images
/// step made nothing for it, so uploaded nothing), then the image URLs' entries the remote lacks.
/// Shown as part of `images`; it counts the shard's sources in the report.
struct ShardUploadStep: BuildStep {
    var name: StepName { .images }

    func run(_ state: inout BuildState) async throws(BuildError) {
        var outcomes = state.imageOutcomes
        if let remoteImages = state.remoteImages {
            let held = outcomes.indices.compactMap { index in outcomes[index].localWork.map { (index, $0) } }
            let pushes = await Parallel.map(held.map(\.1), jobs: RemoteCompletion.inFlight) { hash in
                await remoteImages.push(sourceHash: hash)
            }
            for ((index, _), pushed) in zip(held, pushes) { outcomes[index].push = pushed }
            if let remoteURLs = state.network?.images { await RemoteCompletion.writeEntries(of: outcomes, to: remoteURLs) }
            state.report.remoteCache = await ImageRun.remoteCounts(outcomes, state: state)
            state.report.remoteCache?.count(pushes: outcomes.compactMap(\.push))
        }
        state.imageOutcomes = outcomes
        state.report.shard?.sources = outcomes.count
        state.report.shard?.assigned = outcomes.count { !$0.outOfShard }
    }
}

/// Makes the remote cache hold what the local one knows (a shard's upload, a push).
enum RemoteCompletion {
    /// Requests to the remote cache in flight at once.
    static let inFlight = 8

    /// Writes the image URLs' entries the local cache answered with and the remote lacks: a
    /// remembered failure always, any other only when its source's work is on the remote.
    static func writeEntries(of outcomes: [ImageQueue.Outcome], to remoteURLs: RemoteURLs) async {
        let entries = outcomes.filter { !$0.outOfShard }.flatMap { outcome in
            let sent = outcome.result.failure == nil && outcome.push != .failed && outcome.push != .incomplete
            return outcome.localEntries.filter { $0.failure != nil || sent }
        }
        _ = await Parallel.map(entries, jobs: inFlight) { entry in
            if await remoteURLs.isCurrent(entry) == false { await remoteURLs.write(entry) }
        }
    }
}

extension RemoteCacheCounts {
    /// Counts what the pushes of a shard, a push or a pull sent.
    mutating func count(pushes: [RemoteImageCache.PushOutcome]) {
        pushed = pushes.count { $0 == .pushed }
        alreadyRemote = pushes.count { $0 == .present }
    }
}
