public import GalgenRemoteCache

/// What a push or a pull does with one source's work, in place of making it.
public struct Transfer: Sendable {
    /// Moves the work of the source with this hash (and its URL's entry).
    public let move: @Sendable (_ hash: String, _ remote: RemoteImageCache, _ outcome: inout ImageQueue.Outcome) async -> Void
    /// Whether an image URL's entry is taken from the remote before it is fetched.
    public let takesURLEntries: Bool
    /// Whether the remote is made to hold what the local cache does (the image URLs' entries too);
    /// the sources the local cache lacks are counted as not local.
    public let completesRemote: Bool

    /// Uploads every source whose work the local cache holds in full.
    public static let push = Transfer(move: { hash, remote, outcome in
        outcome.push = await remote.push(sourceHash: hash)
    }, takesURLEntries: false, completesRemote: true)

    /// Fills the local cache from the remote for every source (and writes to the current bucket
    /// what was found only in the previous one).
    public static let pull = Transfer(move: { hash, remote, outcome in
        let plan = await remote.prefetch(sourceHash: hash)
        if plan.needed { outcome.remoteHit = plan.hit }
        if plan.promote { _ = await remote.push(sourceHash: hash) }
    }, takesURLEntries: true, completesRemote: false)
}
