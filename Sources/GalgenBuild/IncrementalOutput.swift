import Foundation
import GalgenCore

/// Lets a long-running process (`galgen serve`) rebuild by editing a spare copy of the site instead
/// of writing every file again.
///
/// After a swap the replaced site is not deleted but kept, renamed, as the *spare*, together with
/// the list of its files and their hashes. The next build turns the spare into its staging folder:
/// a file whose bytes are unchanged is not written, folders exist already, files the new build does
/// not produce are removed, and the result is swapped in as usual, so the output folder is still
/// replaced atomically and a killed process leaves nothing half-written (the spare carries the
/// process id and is removed by the next build like any leftover). The result is byte-identical to
/// a fresh build (tested); the saving is in file-system work, which dominates on large sites.
public final class IncrementalOutput: @unchecked Sendable {
    /// A folder of an earlier build and what is in it.
    struct Tree {
        var path: String
        var files: [String: String]
    }

    private let lock = NSLock()
    /// Files of the site now in the output folder, when this process wrote it.
    private var published: [String: String]?
    private var spare: Tree?

    /// Creates the state for a series of builds (nothing known yet).
    public init() {}

    /// Takes the spare for a new build (nil when there is none); it is the build's from now on.
    func takeSpare() -> Tree? {
        lock.withLock {
            defer { spare = nil }
            return spare
        }
    }

    /// Records a swap: the new site's files, and where the replaced one now lies (nil when it was
    /// removed). Returns a path to remove when the replaced site's contents are unknown.
    func swapped(newFiles: [String: String], replacedAt path: String?) -> String? {
        lock.withLock {
            defer { published = newFiles }
            guard let path else { return nil }
            guard let files = published else { return path }
            spare = Tree(path: path, files: files)
            return nil
        }
    }
}
