import Foundation
import GalgenCore

/// Builds the site in a hidden sibling folder and swaps it in at the end, so the output folder is
/// always either the previous complete site or the new complete site, even if the build is killed.
struct OutputStager: Sendable {
    /// Marker file written into every output folder; a non-empty folder without it is never replaced.
    static let markerName = ".galgen-output"
    static let markerText = "This folder is written by `galgen build` and replaced as a whole on every build.\n"

    let output: String
    let staging: String
    private let fileSystem: any FileSystem
    private let processID: Int32
    private let state = StagingState()
    private let incremental: IncrementalOutput?
    /// The files already in the staging folder when it was a spare of an earlier build (path → hash).
    private let previous: [String: String]?

    private static func prefix(for output: String) -> String {
        Paths.directory(of: output) + "/." + (output as NSString).lastPathComponent
    }

    /// Checks the output folder may be replaced, removes leftovers of dead builds and creates a fresh staging folder.
    /// - Parameters:
    ///   - output: The output folder.
    ///   - protected: Paths the output folder must not contain (config, templates, sources).
    ///   - environment: File system and process liveness.
    ///   - incremental: State kept across builds by a long-running process; nil for one-off builds.
    init(output: String, protecting protected: [String], environment: BuildEnvironment,
         incremental: IncrementalOutput? = nil) throws(BuildError) {
        let fs = environment.fileSystem
        self.output = output
        self.fileSystem = fs
        self.processID = environment.processID
        self.incremental = incremental
        let prefix = Self.prefix(for: output)
        self.staging = "\(prefix).staging-\(environment.processID)"

        for path in protected where path == output || path.hasPrefix(output + "/") {
            throw BuildError(step: "output", .failed("the output folder \(output) contains \(path); choose an output folder of its own (e.g. public)"))
        }
        switch fs.kind(at: output) {
        case nil: break
        case .directory:
            let entries = (try? fs.listDirectory(at: output)) ?? []
            if !entries.isEmpty && !entries.contains(Self.markerName) {
                throw BuildError(step: "output", .failed(
                    "\(output) is not empty and was not written by galgen (no \(Self.markerName)); galgen replaces its output folder as a whole, so it will not touch this one: choose another --output or empty it"))
            }
        default:
            throw BuildError(step: "output", .failed("\(output) exists and is not a folder"))
        }
        // Leftovers of builds that were killed.
        let parent = Paths.directory(of: output)
        let base = (prefix as NSString).lastPathComponent
        for name in (try? fs.listDirectory(at: parent)) ?? [] where name.hasPrefix(base + ".staging-") || name.hasPrefix(base + ".old-") || name.hasPrefix(base + ".spare-") {
            let pid = Int32(name.split(separator: "-").last ?? "") ?? 0
            if pid != environment.processID && !environment.isProcessAlive(pid) { try? fs.remove(at: parent + "/" + name) }
        }
        var previous: [String: String]?
        do {
            try fs.createDirectory(at: parent)
            try fs.remove(at: staging)
            if let spare = incremental?.takeSpare(), fs.kind(at: spare.path) == .directory {
                try fs.rename(spare.path, to: staging)
                previous = spare.files
                for file in spare.files.keys {
                    var folder = Paths.directory(of: file)
                    while folder != "." && folder != "/" && !folder.isEmpty {
                        state.insertFolder(folder)
                        folder = Paths.directory(of: folder)
                    }
                }
            } else {
                try fs.createDirectory(at: staging)
                try fs.writeFileAtomically(Data(Self.markerText.utf8), to: staging + "/" + Self.markerName)
            }
        } catch {
            throw BuildError(step: "output", .failed(error.description))
        }
        self.previous = previous
    }

    /// Writes one file below the staging folder. Plain writes: nobody reads the staging folder
    /// before it is swapped in whole, so per-file atomic renames would only cost time.
    /// With incremental output, a file whose bytes the spare already holds is not written again.
    func write(_ data: Data, to relative: String) throws(FileSystemError) {
        if incremental != nil {
            let hash = ContentHash.sha256Hex(data)
            state.recordFile(relative, hash: hash)
            if previous?[relative] == hash { return }
        }
        let folder = Paths.directory(of: relative)
        if !folder.isEmpty && folder != "." { try ensureDirectory(folder) }
        try fileSystem.writeFile(data, to: staging + "/" + relative)
    }

    /// Creates a folder below staging once per build (one `mkdir` per folder instead of a `stat` of
    /// every parent for every file: a 10,000-item site has 10,000 item folders).
    private func ensureDirectory(_ relative: String) throws(FileSystemError) {
        guard !state.containsFolder(relative) else { return }
        let parent = Paths.directory(of: relative)
        if !parent.isEmpty && parent != "." && parent != relative { try ensureDirectory(parent) }
        // Recorded only once it exists: another writer may create it at the same time, harmlessly.
        try fileSystem.createDirectory(at: staging + "/" + relative)
        state.insertFolder(relative)
    }

    /// Puts the staged site in place of the output folder. Without incremental output the replaced
    /// site is removed now; with it, it is kept as the next build's spare, or, when its contents are
    /// unknown, renamed out of the way for the caller to remove later.
    /// - Returns: The path of a replaced site the caller should remove.
    @discardableResult
    func publish() throws(BuildError) -> String? {
        do {
            if let previous {
                // The spare's files this build did not produce, then folders left empty.
                let produced = state.files
                for file in previous.keys.sorted() where produced[file] == nil {
                    try fileSystem.remove(at: staging + "/" + file)
                    var folder = Paths.directory(of: file)
                    while folder != "." && !folder.isEmpty && ((try? fileSystem.listDirectory(at: staging + "/" + folder)) ?? [""]).isEmpty {
                        try fileSystem.remove(at: staging + "/" + folder)
                        folder = Paths.directory(of: folder)
                    }
                }
            }
            let keep = incremental != nil
            let prefix = Self.prefix(for: output)
            // The pid stays the last part of the name: leftovers of dead processes are removed by `init`.
            let old = "\(prefix).\(keep ? "spare" : "old")-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
            var replaced: String?
            if fileSystem.kind(at: output) == nil {
                try fileSystem.rename(staging, to: output)
            } else if try fileSystem.exchange(staging, output) {
                // `staging` now holds the previous site.
                if keep {
                    try fileSystem.rename(staging, to: old)
                    replaced = old
                } else {
                    try fileSystem.remove(at: staging)
                }
            } else {
                // No atomic exchange here: two renames, with a short moment without the folder.
                try fileSystem.rename(output, to: old)
                try fileSystem.rename(staging, to: output)
                if keep { replaced = old } else { try fileSystem.remove(at: old) }
            }
            guard let incremental else { return replaced }
            return incremental.swapped(newFiles: state.files, replacedAt: replaced)
        } catch {
            throw BuildError(step: "publish", .failed(error.description))
        }
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        try? fileSystem.remove(at: staging)
    }
}

/// What a build put in its staging folder so far; shared by the writers.
private final class StagingState: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: Set<String> = []
    private var hashes: [String: String] = [:]

    func containsFolder(_ folder: String) -> Bool {
        lock.withLock { folders.contains(folder) }
    }

    func insertFolder(_ folder: String) {
        lock.withLock { _ = folders.insert(folder) }
    }

    func recordFile(_ path: String, hash: String) {
        lock.withLock { hashes[path] = hash }
    }

    /// Every file written or kept (incremental output only), with its hash.
    var files: [String: String] { lock.withLock { hashes } }
}
