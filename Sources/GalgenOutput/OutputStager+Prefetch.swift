import Foundation
import GalgenCore

/// What reading one folder's record found: its files still as recorded, and what stood for the folder
/// and its manifest just before it was read (matched again when the read was made ahead of its use).
struct FolderRead: Sendable {
    /// The folder's identity and the stamp of its manifest in the cache, looked at before the read.
    var folder: FileIdentity?
    var manifest: FileStamp?
    /// The files of the record that are still as recorded; nil when there is no folder.
    var files: [OutputManifest.Recorded]?
    /// The folder's identity and the record's checksum, when every file it names is as recorded.
    var whole: (identity: FileIdentity, checksum: String)?
    /// Why the record cannot be used, when it cannot.
    var unusable: OutputManifest.Unusable?
}

/// The records of the published folder and of its spare, read and checked file by file on another thread
/// while the build reads its records (``OutputStager/prefetchRecords(width:)``).
final class RecordPrefetch: @unchecked Sendable {
    private let group = DispatchGroup()
    private var published: FolderRead?
    private var spare: FolderRead?

    init(_ read: @escaping @Sendable () -> (FolderRead, FolderRead?)) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            (published, spare) = read()
            group.leave()
        }
    }

    /// Both reads, once done (waits for them).
    var reads: (published: FolderRead, spare: FolderRead?) {
        group.wait()
        return (published!, spare)
    }
}

extension OutputStager {
    /// Most bytes of a published record that is read ahead: above it (about 400,000 files) the records of
    /// both folders would be held through the records and images steps, which a million-item build cannot afford.
    static let prefetchLimit: UInt64 = 40 << 20

    /// Starts reading the published folder's record and the spare's, each checked file by file against
    /// the disk (a `stat` per file, a third of a one-record edit at 100,000 items), on another thread,
    /// so that the work overlaps the records step instead of following it. ``readPublished()`` and
    /// ``prepare(_:)`` take what it found when the folders and their manifests are still the ones it
    /// read (the lock is held throughout, so only a hand edit can change them) and read again otherwise.
    /// Nothing is started for a full build, a folder this process knows (`known`), or a record over
    /// ``prefetchLimit``.
    /// - Parameter width: How many `stat`s run at once (the build's `--jobs`).
    public func prefetchRecords(width: Int?) {
        guard fullReason == nil, prefetch == nil, current(known?.published, folder: output) == nil,
              let identity = fileSystem.identity(at: output),
              let size = fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity))?.size,
              size <= Self.prefetchLimit else { return }
        let (fs, cache, output, sparePath) = (fileSystem, cache, output, sparePath)
        prefetch = RecordPrefetch {
            Concurrently.$width.withValue(width) {
                let published = Self.read(output, cache: cache, output: output, fileSystem: fs)
                guard let files = published.files else { return (published, nil) }
                return (published, Self.read(sparePath, cache: cache, output: output, fileSystem: fs, sharing: files))
            }
        }
    }

    /// Reads the record of `folder` and checks its files (``unchanged(_:in:fileSystem:)``); for the spare,
    /// `sharing` is the published folder's checked records, whose path strings it reuses and whose files it
    /// shares (``unchanged(_:in:sharingWith:fileSystem:)``).
    static func read(_ folder: String, cache: String, output: String, fileSystem fs: any FileSystem,
                     sharing: [OutputManifest.Recorded]? = nil) -> FolderRead {
        var read = FolderRead()
        read.folder = fs.identity(at: folder)
        if let identity = read.folder { read.manifest = fs.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity)) }
        do {
            guard let manifest = try OutputManifest.loadManifest(cache: cache, output: output, folder: folder, fileSystem: fs,
                                                                 version: GalgenVersion.current, sharing: sharing ?? []) else { return read }
            let files = if let sharing { unchanged(manifest.tree.files, in: folder, sharingWith: sharing, fileSystem: fs) }
                else { unchanged(manifest.tree.files, in: folder, fileSystem: fs) }
            if files.count == manifest.tree.files.count { read.whole = (manifest.tree.identity, manifest.checksum) }
            read.files = files
        } catch {
            read.unusable = error
        }
        return read
    }

    /// What the prefetch found for `folder` (`spare` or not), when the folder and its manifest are still the
    /// ones it read; nil otherwise (or when nothing was read ahead).
    func prefetched(_ folder: String, spare: Bool) -> FolderRead? {
        guard let prefetch else { return nil }
        let reads = prefetch.reads
        guard let read = spare ? reads.spare : reads.published else { return nil }
        let identity = fileSystem.identity(at: folder)
        guard identity == read.folder else { return nil }
        if let identity, fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity)) != read.manifest { return nil }
        return read
    }
}
