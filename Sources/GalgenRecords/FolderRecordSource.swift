public import GalgenConfig
public import GalgenCore
import Foundation

/// Reads a `folder` source: every photo and video below its folder is a record, every folder that
/// holds one an album. A file's facts (metadata, content hash) are read only when its size, time or
/// inode changed since the last build (``FolderFactsCache``); sidecars are read every build.
public struct FolderRecordSource: Sendable {
    private let config: SourceConfig
    private let query: FolderQuery
    private let siteTitle: String
    private let language: String
    private let fileSystem: any FileSystem
    private let reader: any MediaReading
    private let posters: String
    private let protecting: [String]
    /// The file every built site's output folder holds (such folders are never read as photos).
    public var siteMarker: String?

    /// Creates a reader.
    /// - Parameters:
    ///   - config: The source (its origin must be `.folder`).
    ///   - language: The site's language, for album order.
    ///   - fileSystem: Where the files are.
    ///   - reader: Reads metadata, videos, sidecars and Markdown.
    ///   - posters: A folder where video posters are written (in the cache).
    ///   - protecting: Paths never read as photos (the site's output and cache).
    public init(config: SourceConfig, language: String, fileSystem: any FileSystem, reader: any MediaReading, posters: String,
                protecting: [String] = []) {
        self.config = config
        self.query = config.folder ?? FolderQuery(path: "/")
        self.siteTitle = config.title
        self.language = language
        self.fileSystem = fileSystem
        self.reader = reader
        self.posters = posters
        self.protecting = protecting
    }

    /// The records, the albums and what was counted.
    /// - Parameter cache: The facts of the last build; updated with this build's.
    /// - Throws: ``RecordError`` when the folder cannot be read at all.
    public func load(cache: inout FolderFactsCache) throws(RecordError) -> (set: RecordSet, summary: FolderSummary) {
        let walk = try FolderWalk(root: query.path, source: config.name, include: query.include, exclude: query.exclude,
                                  protecting: protecting, siteMarker: siteMarker, fileSystem: fileSystem)
        var summary = FolderSummary()
        summary.otherFiles = walk.otherFiles
        summary.otherExamples = walk.otherExamples
        summary.hidden = walk.hidden
        summary.excluded = walk.excluded
        var diagnostics = walk.diagnostics
        let facts = readFacts(walk.files, cache: &cache, summary: &summary)
        let sidecars = walk.files.map { $0.sidecar.flatMap(readSidecar) }
        var plan = FolderAlbumPlan(walk: walk, facts: facts, source: config, reader: reader, allowHTML: query.allowHTML,
                                   fileSystem: fileSystem)
        summary.albums = plan.albums(sortedBy: query.albumSort, order: query.albumOrder, language: language, diagnostics: &diagnostics)
        summary.emptyFolders = plan.emptyFolders
        // The file time shown when a photo has no date is its stamp's (read once, with the facts), not a second stat.
        var mapping = config
        let known = Set(config.fields.extra.map(\.name))
        for key in sidecars.compactMap({ $0?.fields.map(\.key) }).joined() where !known.contains(key) && !summary.sidecarFields.contains(key) {
            summary.sidecarFields.append(key)
            mapping.fields.extra.append(FieldSpec(name: key, path: FieldPath(key) ?? FieldPath("file")!, type: .text))
        }
        var mapper = RecordMapper(config: mapping, baseDirectory: query.path)
        var objects: [String] = []
        var slugs: [String] = []
        for (i, file) in walk.files.enumerated() {
            let (object, dated) = FolderRecordText.object(file, facts: facts[i], sidecar: sidecars[i], gps: query.gps,
                                                          fileTime: cache.entries[file.path].map { Double($0.modified) / 1e9 })
            if !dated { summary.fileTimeDates += 1 }
            objects.append(object)
            slugs.append(plan.itemSlugs[i])
            if file.kind == .photo { summary.photos += 1 } else { summary.videoCount += 1 }
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: Data(("[" + objects.joined(separator: ",") + "]").utf8), sourceName: config.name)
        } catch {
            throw RecordError(code: .malformedJSON, source: config.name, location: query.path, message: "internal: \(error.message)")
        }
        guard case .array(let nodes) = document.root.value else { return (RecordSet(source: config.name, records: [], diagnostics: diagnostics), summary) }
        var records: [Record] = []
        for (i, node) in nodes.enumerated() {
            let file = walk.files[i]
            guard mapper.add(node, origin: RecordOrigin(stringLiteral: file.relativePath), slug: slugs[i],
                             imageExpected: file.kind == .photo) else { continue }
            var record = mapper.records[mapper.records.count - 1]
            record.album = walk.folders[file.folder].relativePath
            if let sidecar = sidecars[i], let path = file.sidecar {
                record.description = FolderRecordText.description(sidecar, file: path, allowHTML: query.allowHTML, reader: reader)
            }
            if file.kind == .video {
                // Published either way: played when browsers can, else linked for download (an unreadable one too).
                let type = facts[i].videoType ?? Self.videoType(file.path)
                record.video = RecordVideo(path: file.path, mimeType: type, playable: facts[i].playable ?? false)
            }
            records.append(record)
        }
        diagnostics += mapper.diagnostics
        for (i, file) in walk.files.enumerated() {
            for problem in facts[i].problems {
                let code = file.kind == .photo ? "photo.metadata" : facts[i].videoType == nil ? "video.unreadable" : "video.not-playable"
                diagnostics.append(Diagnostic(.warning, code: code,
                                              subject: "\(config.name): \(file.relativePath)", message: problem))
            }
        }
        return (RecordSet(source: config.name, records: records, diagnostics: diagnostics), summary)
    }

    private func readSidecar(_ path: String) -> SidecarText? {
        guard let data = try? fileSystem.readFile(at: path), data.count <= 1 << 20 else { return nil }
        return reader.sidecar(String(decoding: data, as: UTF8.self))
    }

    /// Each file's facts: from the cache when its stamp is unchanged, else read (in parallel).
    private func readFacts(_ files: [FolderWalk.File], cache: inout FolderFactsCache, summary: inout FolderSummary) -> [MediaFacts] {
        let stamps = files.map { fileSystem.stamp(at: $0.path) }
        if cache.version != reader.version { cache = FolderFactsCache() }
        var fresh = FolderFactsCache()
        fresh.version = reader.version
        var stale: [Int] = []
        for (i, file) in files.enumerated() {
            if let stamp = stamps[i], let entry = cache.entries[file.path], entry.size == stamp.size, entry.modified == stamp.modified,
               entry.inode == stamp.inode, entry.facts.poster.map({ fileSystem.kind(at: $0) == .file }) ?? true {
                fresh.entries[file.path] = entry
            } else {
                stale.append(i)
            }
        }
        let toRead = stale
        let reader = self.reader, posters = self.posters, disk = self.fileSystem
        let read = Concurrently.map(toRead.count) { n -> FolderFactsCache.Entry? in
            let file = files[toRead[n]]
            guard let stamp = stamps[toRead[n]] else { return nil }
            if file.kind == .video {
                // A video is published as it is, never read whole: no content hash.
                let facts = reader.video(at: file.path, posters: posters)
                return FolderFactsCache.Entry(size: stamp.size, modified: stamp.modified, inode: stamp.inode, hash: "", facts: facts)
            }
            guard let data = try? disk.readFile(at: file.path) else { return nil }
            return FolderFactsCache.Entry(size: stamp.size, modified: stamp.modified, inode: stamp.inode,
                                          hash: ContentHash.sha256Hex(data), facts: reader.photo(data))
        }
        for (n, entry) in read.enumerated() {
            guard let entry else { continue }
            fresh.entries[files[toRead[n]].path] = entry
        }
        summary.read = toRead.count
        cache = fresh
        for file in files {
            guard let entry = fresh.entries[file.path] else { continue }
            if file.kind == .photo, !entry.hash.isEmpty { summary.hashes[file.path] = entry.hash }
            // A poster is named by its bytes' SHA-256 (``MediaReading/video(at:posters:)``): no need to read it.
            if let poster = entry.facts.poster, let hash = Self.posterHash(poster) { summary.hashes[poster] = hash }
        }
        return files.map { fresh.entries[$0.path]?.facts ?? MediaFacts() }
    }

    /// A video's MIME type by its extension (its row of the format table), for one whose container could
    /// not be read; MP4's when the extension names no video format.
    static func videoType(_ path: String) -> String {
        let format = MediaFormat.named(byExtension: FolderWalk.extensionOf(path)).flatMap { $0.kind == .video ? $0 : nil }
        return (format ?? MediaFormat.mp4).mimeType
    }

    /// The content hash a poster's name carries (`<64 hex>.jpg`), or nil for any other name.
    static func posterHash(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard name.hasSuffix(".jpg") else { return nil }
        let stem = name.dropLast(4)
        return stem.count == 64 && stem.allSatisfy(\.isHexDigit) ? String(stem) : nil
    }
}
