import Foundation
public import GalgenCore

/// Writes the new site beside the output folder and swaps it in whole, so the output folder is
/// always the previous complete site or the new complete site, even if the build is killed; and
/// does only the work of what changed.
///
/// Beside `public/` lives its *spare*, `.public.spare/`: the site before the published one. A
/// rebuild edits the spare into the new site (files whose key the spare already has are left
/// alone, files the published site has are hard-linked from it, the rest are written, files that
/// are gone are removed) and exchanges it with `public/` in one `renameat2(RENAME_EXCHANGE)`; the
/// replaced site becomes the next spare. The keys of both folders are kept in the cache
/// (``OutputManifest``). A rebuild where no key changed touches nothing. Without a usable spare,
/// the new site is made in a fresh folder, unchanged files hard-linked from `public/`. A build that
/// cannot trust what is on disk (no manifest, damaged, another galgen version, a folder that is not
/// the one recorded, `--clean`) writes every file, and the report says why.
///
/// Files are never changed in place in the spare (a new file replaces the name), so the published
/// site, which shares files with the spare, never changes under a reader. Builds of one output
/// folder take turns: a lock file beside it (`.public.lock`) is held from start to publish.
///
/// The steps, in order: ``init(output:protecting:cache:clean:known:remember:fileSystem:processID:isProcessAlive:)``,
/// ``readPublished()`` (optional, early), ``prepare(_:)``, ``write(_:entry:)`` and ``link(entry:)``
/// from any number of tasks, then ``publish()``, or ``discard()`` after a failure.
public final class OutputStager: @unchecked Sendable {
    /// Marker file written into every output folder; a non-empty folder without it is never replaced.
    public static let markerName = ".galgen-output"
    public static let markerText = "This folder is written by `galgen build` and replaced as a whole on every build.\n"

    /// How the new site is being made.
    enum Mode: Sendable, Equatable {
        /// Nothing decided yet.
        case undecided
        /// Every key is what the published site has: nothing to do.
        case unchanged
        /// Editing the spare.
        case spare
        /// A fresh staging folder.
        case fresh
    }

    public let output: String
    let fileSystem: any FileSystem
    let processID: Int32
    let prefix: String
    let sparePath: String
    let freshPath: String
    let cache: String
    /// The lock file beside the output folder, held from start to publish (released when the stager goes).
    private let lock: FileLock
    let state = StagingState()
    /// What this process knew of the folders after its last build of them (``OutputTrees``).
    let known: OutputTrees?
    /// Whether ``trees`` is made at publish (a process that builds again keeps it).
    let remember: Bool
    /// Whether a full build makes the spare right after publishing (``makeSpare(_:)``), so that the
    /// first edit is as cheap as later ones. Off under CI, where nobody edits the site afterwards.
    public var makesSpare = true

    /// What galgen wrote in the published folder and is still there unchanged, when known; sorted
    /// by path. Read by ``prepare(_:)``.
    var published: [OutputManifest.Recorded]?
    private var publishedRead = false
    /// The published folder's identity and its manifest's checksum, when its record was read from
    /// the cache and every file it names is still as recorded (what an ``InputsRecord`` goes with).
    var publishedManifest: (identity: FileIdentity, checksum: String)?
    /// The digest of this build's inputs and the counts to keep with it (``recordInputs(_:counts:)``).
    var inputs: (digest: OutputKey, counts: [Int])?
    /// Whether the record of the inputs proved that nothing changed (``provenUnchanged(by:)``).
    var proven = false
    /// How the keys of this build were known: proven by the record of the inputs, or computed and why
    /// (nil until ``provenUnchanged(by:)`` has run).
    public internal(set) var keysNote: String?
    /// The same for the spare, once read (only when a build has work to do).
    var spare: [OutputManifest.Recorded]?
    /// Both records read ahead (``prefetchRecords(width:)``), until the actions are decided.
    var prefetch: RecordPrefetch?
    /// The spare's files the new site does not have, removed at publish.
    var spareGone: [String] = []
    /// Whether the published folder's record was read and usable (``published`` itself is dropped
    /// once the actions are decided, unless ``remember``).
    var hadPublished = false
    var actions: [OutputAction] = []
    /// Each entry's stamp in the staging folder once this build is done with it: a kept file's
    /// from the spare's record, a linked one's from the published record, a written one's taken
    /// right after writing it.
    var stamps = StampSlots(count: 0)
    /// Why every file is written (nil when what is on disk can be trusted); complete once
    /// ``prepare(_:)`` has run.
    public internal(set) var fullReason: String?
    /// What this process knows of the folders once ``publish()`` has run (nil when nothing can be
    /// trusted without reading it again).
    public internal(set) var trees: OutputTrees?

    var mode: Mode = .undecided
    /// What the new site changes, once ``prepare(_:)`` has run.
    public internal(set) var changes = OutputChanges()
    /// Page counts (`.html` files) of ``changes``.
    public internal(set) var pageChanges = OutputChanges()
    var entries: [OutputEntry] = []
    /// Folders moved out of the way during this build, to be removed.
    var discarded: [String] = []

    /// The folder being written.
    public var staging: String { mode == .spare ? sparePath : freshPath }

    private static func prefix(for output: String) -> String {
        Paths.directory(of: output) + "/." + (output as NSString).lastPathComponent
    }

    /// Checks the output folder may be replaced, waits for other builds of it, removes leftovers
    /// of dead builds and reads what is known of the folders on disk.
    /// - Parameters:
    ///   - output: The output folder.
    ///   - protected: Paths the output folder must not contain (config, templates, sources).
    ///   - cache: The cache folder (the manifest is kept there).
    ///   - clean: Trust nothing on disk: write every file.
    ///   - known: What this process knew of the folders after its last build of them; a folder
    ///     whose record is there and still current is not checked file by file.
    ///   - remember: Make ``trees`` when publishing, for the next build in this process.
    ///   - fileSystem: Files.
    ///   - processID: This process's id (names the staging folder).
    ///   - isProcessAlive: Whether a process id is still running (leftovers of dead builds are removed).
    /// - Throws: ``OutputError`` in phase ``OutputError/Phase/output``.
    public init(output: String, protecting protected: [String], cache: String, clean: Bool, known: OutputTrees? = nil,
                remember: Bool = false, fileSystem fs: any FileSystem, processID: Int32,
                isProcessAlive: (Int32) -> Bool) throws(OutputError) {
        self.output = output
        self.known = known?.output == output ? known : nil
        self.remember = remember
        self.fileSystem = fs
        self.processID = processID
        let prefix = Self.prefix(for: output)
        self.prefix = prefix
        self.sparePath = prefix + ".spare"
        self.freshPath = "\(prefix).staging-\(processID)"
        self.cache = cache

        try Self.checkReplaceable(output, protecting: protected, fileSystem: fs)
        let parent = Paths.directory(of: output)
        do { try fs.createDirectory(at: parent) } catch { throw OutputError(phase: .output, cause: error) }
        do { self.lock = try fs.lockExclusively(at: prefix + ".lock") } catch {
            throw OutputError(.lock, phase: .output, path: prefix + ".lock", message: error.description)
        }

        // Leftovers of builds that were killed (older galgen versions named spares with a pid too).
        let base = (prefix as NSString).lastPathComponent
        for name in (try? fs.listDirectory(at: parent)) ?? []
        where name.hasPrefix(base + ".staging-") || name.hasPrefix(base + ".old-") || name.hasPrefix(base + ".spare-") {
            let pid = Int32(name.split(separator: "-").last ?? "") ?? 0
            if pid != processID && !isProcessAlive(pid) { discarded.append(parent + "/" + name) }
        }

        if clean {
            fullReason = "--clean"
        } else if fs.kind(at: output) == nil {
            fullReason = "first build"
        }
    }

    /// Refuses an output folder that holds an input, that is not a folder, or that galgen did not write.
    private static func checkReplaceable(_ output: String, protecting protected: [String], fileSystem fs: any FileSystem) throws(OutputError) {
        for path in protected where path == output || path.hasPrefix(output + "/") {
            throw OutputError(.containsInputs, phase: .output, path: output,
                              message: "the output folder \(output) contains \(path); choose an output folder of its own (e.g. public)")
        }
        switch fs.kind(at: output) {
        case nil: break
        case .directory:
            let entries = (try? fs.listDirectory(at: output)) ?? []
            if !entries.isEmpty && !entries.contains(Self.markerName) {
                throw OutputError(.notGalgenOutput, phase: .output, path: output, message:
                    "\(output) is not empty and was not written by galgen (no \(Self.markerName)); galgen replaces its output folder as a whole, so it will not touch this one: choose another --output or empty it")
            }
        default:
            throw OutputError(.notAFolder, phase: .output, path: output, message: "\(output) exists and is not a folder")
        }
    }

    /// Reads what galgen wrote in the published folder (when no reason for a full build is known
    /// yet), once; ``prepare(_:)`` calls it when nobody did. Called as late as possible, so a
    /// million-file record is not held through the records and images steps.
    public func readPublished() {
        guard fullReason == nil, !publishedRead else { return }
        publishedRead = true
        if let tree = current(known?.published, folder: output) {
            published = tree.files
            return
        }
        let read = prefetched(output, spare: false) ?? Self.read(output, cache: cache, output: output, fileSystem: fileSystem)
        switch read.unusable {
        case nil:
            published = read.files
            publishedManifest = read.whole
        case .missing: fullReason = "no record of the output folder's files (it was replaced, or built with another cache)"
        case .damaged(let why): fullReason = "the record of the last build's files is damaged (\(why))"
        case .otherVersion(let v): fullReason = "galgen \(GalgenVersion.current) does not reuse files of galgen \(v)"
        }
    }

    /// `tree` when it still describes `folder`: the same folder, and its manifest the file written with the record.
    func current(_ tree: OutputTrees.Tree?, folder: String) -> OutputTrees.Tree? {
        guard let tree, let identity = fileSystem.identity(at: folder), identity == tree.identity,
              fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity)) == tree.manifest else { return nil }
        return tree
    }

    /// The identity of the folder at `path`, which must be there.
    func identity(_ path: String) throws(FileSystemError) -> FileIdentity {
        guard let identity = fileSystem.identity(at: path) else {
            throw FileSystemError(.notFound, operation: "stat", path: path, reason: "it is gone")
        }
        return identity
    }

    /// A new name beside the output folder for a folder put aside (removed by ``removeDiscarded()``).
    func asidePath() -> String {
        "\(prefix).old-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
    }

    /// Removes what a failed build left: a fresh staging folder goes; an edited spare stays (it is
    /// no longer trusted, see ``prepare(_:)``, and the next build puts it aside).
    public func discard() {
        if mode == .fresh { try? fileSystem.remove(at: freshPath) }
        removeDiscarded()
    }

    /// Removes folders put aside: leftovers of killed builds, a spare that cannot be trusted, a
    /// replaced site whose files are unknown. Only builds that could not be incremental have any.
    func removeDiscarded() {
        for folder in discarded { try? fileSystem.remove(at: folder) }
        discarded = []
    }
}
