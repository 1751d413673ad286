import Foundation
import GalgenCore
#if canImport(Glibc)
import Glibc
#endif

/// One file of the new site and its key (``OutputKey``: everything its bytes depend on).
struct OutputEntry: Sendable {
    var path: String
    var key: OutputKey
}

/// What must happen to one file for the staging folder to hold the new site.
enum OutputAction: Sendable, Equatable {
    /// The staging folder holds it already.
    case keep
    /// The published site holds it: link it from there (no bytes written).
    case link
    /// Make its bytes and write them.
    case write
}

/// What a build changed in the output folder, against the site it replaces.
struct OutputChanges: Sendable, Equatable {
    /// Files whose key changed, or that are new (every file in a full build).
    var rendered = 0
    /// Files whose key did not change.
    var unchanged = 0
    /// Files of the replaced site that are gone.
    var removed = 0
}

/// What a process that published an output folder knows of it and of its spare (see
/// ``BuildSession``): the records of their files as galgen left them. A record is used only while
/// the folder is the same one and its manifest in the cache is the very file written with it
/// (same inode, size and time): another build of the folder, or a failed one that started editing
/// the spare, replaces or removes the manifest, and the folder is then read and checked again.
struct OutputTrees: Sendable {
    struct Tree: Sendable {
        var identity: FileIdentity
        var manifest: FileStamp
        var files: [OutputManifest.Recorded]
    }

    var output: String
    var published: Tree
    var spare: Tree?
}

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
final class OutputStager: @unchecked Sendable {
    /// Marker file written into every output folder; a non-empty folder without it is never replaced.
    static let markerName = ".galgen-output"
    static let markerText = "This folder is written by `galgen build` and replaced as a whole on every build.\n"

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

    let output: String
    private let fileSystem: any FileSystem
    private let processID: Int32
    private let prefix: String
    private let sparePath: String
    private let freshPath: String
    private let cache: String
    private let lock: Int32
    private let state = StagingState()
    /// What this process knew of the folders after its last build of them (``OutputTrees``).
    private let known: OutputTrees?
    /// Whether ``trees`` is made at publish (a process that builds again keeps it).
    private let remember: Bool

    /// What galgen wrote in the published folder and is still there unchanged, when known; sorted
    /// by path. Read by ``prepare(_:)``.
    private var published: [OutputManifest.Recorded]?
    private var publishedRead = false
    /// The same for the spare, once read (only when a build has work to do).
    private var spare: [OutputManifest.Recorded]?
    /// The spare's files the new site does not have, removed at publish.
    private var spareGone: [String] = []
    /// Whether the published folder's record was read and usable (``published`` itself is dropped
    /// once the actions are decided, unless ``remember``).
    private var hadPublished = false
    private var actions: [OutputAction] = []
    /// Each entry's stamp in the staging folder once this build is done with it: a kept file's
    /// from the spare's record, a linked one's from the published record, a written one's taken
    /// right after writing it.
    private var stamps = StampSlots(count: 0)
    /// Why every file is written (nil when what is on disk can be trusted); complete once
    /// ``prepare(_:)`` has run.
    private(set) var fullReason: String?
    /// What this process knows of the folders once ``publish()`` has run (nil when nothing can be
    /// trusted without reading it again).
    private(set) var trees: OutputTrees?

    private(set) var mode: Mode = .undecided
    private(set) var changes = OutputChanges()
    /// Page counts (`.html` files) of ``changes``.
    private(set) var pageChanges = OutputChanges()
    private var entries: [OutputEntry] = []
    /// Folders moved out of the way during this build, to be removed.
    private var discarded: [String] = []

    /// The folder being written.
    var staging: String { mode == .spare ? sparePath : freshPath }

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
    ///   - environment: File system and process liveness.
    init(output: String, protecting protected: [String], cache: String, clean: Bool, known: OutputTrees? = nil,
         remember: Bool = false, environment: BuildEnvironment) throws(BuildError) {
        let fs = environment.fileSystem
        self.output = output
        self.known = known?.output == output ? known : nil
        self.remember = remember
        self.fileSystem = fs
        self.processID = environment.processID
        let prefix = Self.prefix(for: output)
        self.prefix = prefix
        self.sparePath = prefix + ".spare"
        self.freshPath = "\(prefix).staging-\(environment.processID)"
        self.cache = cache

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
        let parent = Paths.directory(of: output)
        do { try fs.createDirectory(at: parent) } catch { throw BuildError(step: "output", .failed(error.description)) }
        let lockPath = prefix + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BuildError(step: "output", .failed("cannot open \(lockPath): \(String(cString: strerror(errno)))")) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                throw BuildError(step: "output", .failed("cannot lock \(lockPath): \(String(cString: strerror(errno)))"))
            }
        }
        self.lock = fd

        // Leftovers of builds that were killed (older galgen versions named spares with a pid too).
        let base = (prefix as NSString).lastPathComponent
        for name in (try? fs.listDirectory(at: parent)) ?? []
        where name.hasPrefix(base + ".staging-") || name.hasPrefix(base + ".old-") || name.hasPrefix(base + ".spare-") {
            let pid = Int32(name.split(separator: "-").last ?? "") ?? 0
            if pid != environment.processID && !environment.isProcessAlive(pid) { discarded.append(parent + "/" + name) }
        }

        if clean {
            fullReason = "--clean"
        } else if fs.kind(at: output) == nil {
            fullReason = "first build"
        }
    }

    /// Reads what galgen wrote in the published folder (when no reason for a full build is known
    /// yet), once; ``prepare(_:)`` calls it when nobody did. Called as late as possible, so a
    /// million-file record is not held through the records and images steps.
    func readPublished() {
        guard fullReason == nil, !publishedRead else { return }
        publishedRead = true
        if let tree = current(known?.published, folder: output) {
            published = tree.files
            return
        }
        do {
            if let tree = try OutputManifest.load(cache: cache, output: output, folder: output, fileSystem: fileSystem,
                                                  version: GalgenVersion.current) {
                published = Self.unchanged(tree.files, in: output, fileSystem: fileSystem)
            }
        } catch {
            switch error {
            case .missing: fullReason = "no record of the output folder's files (it was replaced, or built with another cache)"
            case .damaged(let why): fullReason = "the record of the last build's files is damaged (\(why))"
            case .otherVersion(let v): fullReason = "galgen \(GalgenVersion.current) does not reuse files of galgen \(v)"
            }
        }
    }

    deinit {
        close(lock)
    }

    /// Decides what each file needs and prepares the folder it goes to.
    /// - Parameter entries: Every file of the new site, sorted by path, no path twice.
    /// - Returns: The action for each entry, in order.
    func prepare(_ entries: [OutputEntry]) throws(BuildError) -> [OutputAction] {
        self.entries = entries
        readPublished()
        let inPublished = published.map { Self.match(entries, $0) }
        if let inPublished, published != nil {
            // The published record's paths become the entries' own strings (one copy of a million
            // paths, not two; the spare's record then shares them too).
            for (i, j) in inPublished.indices.enumerated() where j >= 0 { published![Int(j)].path = entries[i].path }
        }
        /// The recorded file at the entry's path when its key is the entry's.
        func same(_ i: Int, _ recorded: [OutputManifest.Recorded]?, _ match: Match?) -> OutputManifest.File? {
            guard let recorded, let at = match?.indices[i], at >= 0, recorded[Int(at)].file.key == entries[i].key else { return nil }
            return recorded[Int(at)].file
        }
        var changes = OutputChanges(), pages = OutputChanges()
        for i in entries.indices {
            let unchanged = same(i, published, inPublished) != nil
            if unchanged { changes.unchanged += 1 } else { changes.rendered += 1 }
            if entries[i].path.hasSuffix(".html") { if unchanged { pages.unchanged += 1 } else { pages.rendered += 1 } }
        }
        for j in inPublished?.gone ?? [] {
            changes.removed += 1
            if published?[j].path.hasSuffix(".html") == true { pages.removed += 1 }
        }
        self.changes = changes
        self.pageChanges = pages
        if published != nil && changes.rendered == 0 && changes.removed == 0 {
            mode = .unchanged
            actions = Array(repeating: .keep, count: entries.count)
            return actions
        }
        // The spare's record is read (and checked against the disk) only when there is work to do.
        if published != nil {
            if let tree = current(known?.spare, folder: sparePath) {
                spare = tree.files
            } else if let recorded = try? OutputManifest.load(cache: cache, output: output, folder: sparePath,
                                                              fileSystem: fileSystem, version: GalgenVersion.current,
                                                              sharing: published ?? []) {
                spare = Self.unchanged(recorded.files, in: sparePath, fileSystem: fileSystem)
            }
        }
        stamps = StampSlots(count: entries.count)
        let fs = fileSystem
        do throws(FileSystemError) {
            if let spare, published != nil {
                // From here the spare is being edited: forget what it held, so a kill cannot make
                // the next build trust it.
                try fs.remove(at: OutputManifest.path(cache: cache, output: output, identity: try identity(sparePath)))
                mode = .spare
                let inSpare = Self.match(entries, spare)
                spareGone = inSpare.gone.map { spare[$0].path }
                actions = entries.indices.map { i in
                    if let kept = same(i, spare, inSpare) {
                        stamps[i] = kept.stamp
                        return .keep
                    }
                    if let linked = same(i, published, inPublished) {
                        stamps[i] = linked.stamp
                        return .link
                    }
                    return .write
                }
                releaseRecords()
                return actions
            }
            if fs.kind(at: sparePath) != nil {
                let aside = "\(prefix).old-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
                try fs.rename(sparePath, to: aside)
                discarded.append(aside)
            }
            try fs.remove(at: freshPath)
            try fs.createDirectory(at: freshPath)
            mode = .fresh
            actions = entries.indices.map { i in
                guard let linked = same(i, published, inPublished) else { return .write }
                stamps[i] = linked.stamp
                return .link
            }
            releaseRecords()
            return actions
        } catch {
            throw BuildError(step: "output", .failed(error.description))
        }
    }

    /// `tree` when it still describes `folder`: the same folder, and its manifest the file written with the record.
    private func current(_ tree: OutputTrees.Tree?, folder: String) -> OutputTrees.Tree? {
        guard let tree, let identity = fileSystem.identity(at: folder), identity == tree.identity,
              fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity)) == tree.manifest else { return nil }
        return tree
    }

    /// Drops the folders' records once every action is decided: at a million files they are two
    /// arrays of 60 MB that the writing, the build's peak, does not need. A process that builds
    /// again keeps the published one (it describes the next spare).
    private func releaseRecords() {
        hadPublished = published != nil
        if !remember { published = nil }
        spare = nil
    }

    /// The records of a folder's files that still describe them: a file someone changed, replaced
    /// or removed since galgen wrote it (its stamp differs) is unknown, so it is made again.
    private static func unchanged(_ files: [OutputManifest.Recorded], in root: String,
                                  fileSystem: any FileSystem) -> [OutputManifest.Recorded] {
        let chunk = 4096
        let changed = Concurrently.map((files.count + chunk - 1) / chunk) { part in
            ((part * chunk)..<min(files.count, (part + 1) * chunk)).filter { fileSystem.stamp(at: root + "/" + files[$0].path) != files[$0].file.stamp }
        }.joined()
        guard !changed.isEmpty else { return files }  // the common case: no copy
        let gone = Set(changed)
        return files.indices.filter { !gone.contains($0) }.map { files[$0] }
    }

    /// Where each entry's path is in a record (both sorted by path), and the record's paths that
    /// no entry has.
    private struct Match {
        /// For each entry, the index of its path in the record, or -1.
        var indices: [Int32]
        /// Indices of the record's paths that are not entries, ascending.
        var gone: [Int]
    }

    private static func match(_ entries: [OutputEntry], _ recorded: [OutputManifest.Recorded]) -> Match {
        var match = Match(indices: Array(repeating: -1, count: entries.count), gone: [])
        var i = 0, j = 0
        while i < entries.count && j < recorded.count {
            let a = entries[i].path, b = recorded[j].path
            if a == b {
                match.indices[i] = Int32(j)
                i += 1
                j += 1
            } else if a < b {
                i += 1
            } else {
                match.gone.append(j)
                j += 1
            }
        }
        match.gone += j..<recorded.count
        return match
    }

    private func identity(_ path: String) throws(FileSystemError) -> FileIdentity {
        guard let identity = fileSystem.identity(at: path) else {
            throw FileSystemError(.notFound, operation: "stat", path: path, reason: "it is gone")
        }
        return identity
    }

    /// Writes one file of the new site (an entry whose action is ``OutputAction/write``).
    /// Plain writes: nobody reads the staging folder before it is swapped in whole. In the spare,
    /// the old file is unlinked first: the published site may share it.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - index: The entry's index in what was given to ``prepare(_:)``; each is written once.
    func write(_ data: Data, entry index: Int) throws(FileSystemError) {
        let relative = entries[index].path
        let folder = Paths.directory(of: relative)
        if !folder.isEmpty && folder != "." { try ensureDirectory(folder) }
        let path = staging + "/" + relative
        if mode == .spare {
            try fileSystem.writeNewFile(data, to: path)
        } else {
            try fileSystem.writeFile(data, to: path)
        }
        guard let stamp = fileSystem.stamp(at: path) else {
            throw FileSystemError(.notFound, operation: "stat", path: path, reason: "it is gone")
        }
        stamps[index] = stamp
    }

    /// Links one file from the published site (an entry whose action is ``OutputAction/link``).
    /// - Parameter index: The entry's index in what was given to ``prepare(_:)``.
    func link(entry index: Int) throws(FileSystemError) {
        let relative = entries[index].path
        let folder = Paths.directory(of: relative)
        if !folder.isEmpty && folder != "." { try ensureDirectory(folder) }
        try fileSystem.hardLink(output + "/" + relative, to: staging + "/" + relative)
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

    /// Puts the new site in place of the output folder and records what each folder holds.
    /// - Returns: A warning when the record could not be written (the next build is then a full one).
    func publish() throws(BuildError) -> String? {
        defer { removeDiscarded() }
        guard mode != .unchanged else {
            if remember, let published, let identity = fileSystem.identity(at: output),
               let manifest = fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity)) {
                trees = OutputTrees(output: output, published: .init(identity: identity, manifest: manifest, files: published),
                                    spare: known?.spare)
            }
            return nil
        }
        precondition(mode != .undecided, "publish before prepare")
        let fs = fileSystem
        do {
            if mode == .spare {
                // The spare's files the new site does not have, then folders left empty.
                for file in spareGone {
                    try fs.remove(at: sparePath + "/" + file)
                    var folder = Paths.directory(of: file)
                    while folder != "." && !folder.isEmpty && ((try? fs.listDirectory(at: sparePath + "/" + folder)) ?? [""]).isEmpty {
                        try fs.remove(at: sparePath + "/" + folder)
                        folder = Paths.directory(of: folder)
                    }
                }
            }
            let folder = staging
            var replaced: String?  // where the replaced site is now
            if fs.kind(at: output) == nil {
                try fs.rename(folder, to: output)
            } else if try fs.exchange(folder, output) {
                replaced = folder
            } else {
                // No atomic exchange here: two renames, with a short moment without the folder.
                let aside = "\(prefix).old-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
                try fs.rename(output, to: aside)
                try fs.rename(folder, to: output)
                replaced = aside
            }
            // The replaced site becomes the spare when its files are known (its record, written when
            // it was published, follows it); otherwise it goes.
            let stamps = self.stamps, entries = self.entries
            let files = entries.indices.filter { stamps[$0] != nil }.lazy.map { i in
                OutputManifest.Recorded(path: entries[i].path, file: OutputManifest.File(key: entries[i].key, stamp: stamps[i]!))
            }
            let made = try identity(output)
            var keep = [made]
            if let replaced {
                if hadPublished {
                    if replaced != sparePath { try fs.rename(replaced, to: sparePath) }
                    keep.append(try identity(sparePath))
                } else if replaced == sparePath {
                    let aside = "\(prefix).old-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
                    try fs.rename(sparePath, to: aside)
                    discarded.append(aside)
                } else {
                    let aside = "\(prefix).old-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
                    try fs.rename(replaced, to: aside)
                    discarded.append(aside)
                }
            }
            defer { OutputManifest.prune(cache: cache, output: output, keeping: keep, fileSystem: fs) }
            let manifestPath = OutputManifest.path(cache: cache, output: output, identity: made)
            do {
                try fs.createDirectory(at: cache + "/outputs")
                try fs.writeFileAtomically(OutputManifest.encode(version: GalgenVersion.current, identity: made, files: files),
                                           to: manifestPath)
            } catch {
                return "cannot record this build's files (\(error)); the next build writes every file"
            }
            if remember, let manifest = fs.stamp(at: manifestPath) {
                // The replaced folder is the spare now, described by the published record this build checked.
                var spareTree: OutputTrees.Tree?
                if keep.count == 2, let published,
                   let stamp = fs.stamp(at: OutputManifest.path(cache: cache, output: output, identity: keep[1])) {
                    spareTree = .init(identity: keep[1], manifest: stamp, files: published)
                }
                trees = OutputTrees(output: output, published: .init(identity: made, manifest: manifest, files: Array(files)),
                                    spare: spareTree)
            }
            return nil
        } catch {
            throw BuildError(step: "publish", .failed(error.description))
        }
    }

    /// Removes what a failed build left: a fresh staging folder goes; an edited spare stays (it is
    /// no longer trusted, see ``prepare(_:)``, and the next build puts it aside).
    func discard() {
        if mode == .fresh { try? fileSystem.remove(at: freshPath) }
        removeDiscarded()
    }

    /// Removes folders put aside: leftovers of killed builds, a spare that cannot be trusted, a
    /// replaced site whose files are unknown. Only builds that could not be incremental have any.
    private func removeDiscarded() {
        for folder in discarded { try? fileSystem.remove(at: folder) }
        discarded = []
    }
}

/// The folders a build has in its staging folder; shared by the writers.
private final class StagingState: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: Set<String> = []

    func containsFolder(_ folder: String) -> Bool {
        lock.withLock { folders.contains(folder) }
    }

    func insertFolder(_ folder: String) {
        lock.withLock { _ = folders.insert(folder) }
    }

}

/// One optional stamp per entry. Each slot is set by one writer (or by ``OutputStager/prepare(_:)``)
/// and read after every writer is done, so no lock is needed; a million of them are 32 MB, not
/// a dictionary of a million paths.
private final class StampSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<FileStamp?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit { slots.deallocate() }

    subscript(index: Int) -> FileStamp? {
        get { slots[index] }
        set { slots[index] = newValue }
    }
}

