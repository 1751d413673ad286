import GalgenRemoteCache
import GalgenImageWork

/// `galgen cache push` and `galgen cache pull`: moves every distinct image's work between the local
/// and the remote cache, making none (in place of a site's images step, shown as `images`).
struct TransferStep: BuildStep {
    var name: StepName { .images }
    let transfer: Transfer

    init(_ transfer: Transfer) {
        self.transfer = transfer
    }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let images = try ImageRun(&state)
        let outcomes = await images.run(&state) { $0.transfer = transfer }
        if transfer.completesRemote, let remoteURLs = images.network.images {
            await RemoteCompletion.writeEntries(of: outcomes, to: remoteURLs)
            state.report.remoteCache = await ImageRun.remoteCounts(outcomes, state: state)
        }
        let pushes = outcomes.compactMap(\.push)
        state.report.remoteCache?.count(pushes: pushes)
        if transfer.completesRemote {
            state.report.remoteCache?.notLocal = pushes.count { $0 == .incomplete } + outcomes.count(where: \.notCached)
        }
        // A push sends what the local cache holds: a source it lacks is counted (not local), not a failure.
        _ = images.missing(outcomes, state: &state)
        _ = await images.collect(outcomes, into: &state)
        state.report.network = await images.network.fetch.stats.counts
    }
}
