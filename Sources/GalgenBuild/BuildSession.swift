import Foundation
import GalgenOutput
import GalgenRendering

/// What a process that builds one site again and again (`galgen serve`) keeps between its builds,
/// so a rebuild costs what changed rather than what the site holds:
///
/// - the renderer's ``RenderMemo``: page keys and data shards of the last build, reused exactly
///   where no item they show changed;
/// - the records of the output folder and its spare as this process left them (``OutputTrees``),
///   so they are not read and checked file by file again. A file of the output folder changed by
///   hand between two builds of the session is therefore made again only when its key changes (or
///   by the next `galgen build`, which checks every file); builds of the folder by another process
///   are noticed (they replace its record) and end the trust.
///
/// One build at a time: the builds of a session must not overlap.
public final class BuildSession: @unchecked Sendable {
    private let lock = NSLock()
    private var renderMemo: RenderMemo?
    private var outputTrees: OutputTrees?
    private var pictures: [String] = []

    /// Creates an empty session (its first build does all the work).
    public init() {}

    var render: RenderMemo? {
        get { lock.withLock { renderMemo } }
        set { lock.withLock { renderMemo = newValue } }
    }

    /// The local picture files the last build's records pointed at (absolute paths, sorted; present
    /// or not), for `galgen serve` to watch; empty before the first build gets to its images step.
    public var localImages: [String] {
        get { lock.withLock { pictures } }
        set { lock.withLock { pictures = newValue } }
    }

    var trees: OutputTrees? {
        get { lock.withLock { outputTrees } }
        set { lock.withLock { outputTrees = newValue } }
    }
}
