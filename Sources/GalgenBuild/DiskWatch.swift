import Foundation
import GalgenCore
import Synchronization

/// Remembers the first time the build's file system found its disk full or read-only
/// (``FileSystemError/isDiskTrouble``). Many writes are allowed to fail one by one (an image whose
/// cache entry cannot be stored gets a placeholder), but a full disk is not one image's fault: the
/// build must stop before it publishes a site of placeholders over a good one. ``SiteBuilder``
/// checks the watch after every step; the image work checks it to stop early.
final class DiskWatch: Sendable {
    private let first = Mutex<FileSystemError?>(nil)

    /// The first disk trouble seen, if any.
    var trouble: FileSystemError? { first.withLock { $0 } }

    /// Records `error` when it is disk trouble and none was recorded before.
    func note(_ error: FileSystemError) {
        guard error.isDiskTrouble else { return }
        first.withLock { if $0 == nil { $0 = error } }
    }

    /// The error that stops the build at `step`: what failed, on which disk, and that nothing was
    /// lost (before publishing, the output folder and the cache are as they were).
    func error(at step: StepName) -> BuildError? {
        guard let trouble else { return nil }
        let what = trouble.code == .noSpace ? "the disk is full" : "the disk is read-only"
        let after = step == .publish
            ? "the new site was published, but the cache could not record it; the next build repeats that work"
            : "nothing was published and the cache holds only complete entries; free some space (or remount it writable) and build again"
        return BuildError(step, .failed("\(what): \(trouble); \(after)"))
    }
}
