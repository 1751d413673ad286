import GalgenRemoteCache

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

/// What a push or a pull does with one source's work, in place of making it.
struct Transfer: Sendable {
    /// Moves the work of the source with this hash (and its URL's entry).
    let move: @Sendable (_ hash: String, _ remote: RemoteImageCache, _ outcome: inout ImageQueue.Outcome) async -> Void
    /// Whether an image URL's entry is taken from the remote before it is fetched.
    let takesURLEntries: Bool
    /// Whether the remote is made to hold what the local cache does (the image URLs' entries too);
    /// the sources the local cache lacks are counted as not local.
    let completesRemote: Bool

    /// Uploads every source whose work the local cache holds in full.
    static let push = Transfer(move: { hash, remote, outcome in
        outcome.push = await remote.push(sourceHash: hash)
    }, takesURLEntries: false, completesRemote: true)

    /// Fills the local cache from the remote for every source (and writes to the current bucket
    /// what was found only in the previous one).
    static let pull = Transfer(move: { hash, remote, outcome in
        let plan = await remote.prefetch(sourceHash: hash)
        if plan.needed { outcome.remoteHit = plan.hit }
        if plan.promote { _ = await remote.push(sourceHash: hash) }
    }, takesURLEntries: true, completesRemote: false)
}
