import Foundation
import GalgenArchive
import GalgenConfig
import GalgenCore
import GalgenOutput
import GalgenRecords
import GalgenRendering
import GalgenSiteModel
import GalgenImageWork

/// The ZIP downloads of a folder source's albums (`"download": "originals"` or `"largest"`): one per
/// album with items, holding exactly its own items (sub-albums have their own). An archive is kept in
/// the cache under a key made of every entry's name and content, so an unchanged album is not zipped
/// again; it is written streaming (GalgenArchive), then linked into the site.
struct AlbumDownloads {
    let cacheDirectory: String
    let fileSystem: any FileSystem
    /// Content hashes of local files read in this build (a folder source's photos).
    let knownHashes: [String: String]
    let images: [Record.ImageReference: MadeImage]

    /// One archive of the site.
    struct Archive {
        var path: String
        var key: OutputKey
        var file: String
    }

    /// Every entry's date inside the archives: fixed, so the same album always makes the same bytes.
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)  // 1980-01-01, the ZIP format's first day

    /// Makes (or finds) the archives and sets each album's ``Collection/download``.
    func make(_ collections: inout [Collection], config: SiteConfig) -> (archives: [Archive], diagnostics: [Diagnostic]) {
        var archives: [Archive] = []
        var diagnostics: [Diagnostic] = []
        let kinds = Dictionary(config.sources.compactMap { s in s.folder?.download.map { (s.name, $0) } }) { a, _ in a }
        guard !kinds.isEmpty else { return ([], []) }
        for c in collections.indices {
            let source = String(collections[c].name.split(separator: "/").first ?? "")
            guard let kind = kinds[source], !collections[c].items.isEmpty else { continue }
            let name = String(collections[c].name.split(separator: "/").last ?? "album")
            let path = collections[c].name + "/" + name + ".zip"
            let (entries, identity) = self.entries(collections[c].items, kind: kind)
            let key = ContentHash.sha256Hex("galgen-zip-1|\(kind.rawValue)|" + identity.joined(separator: "\n"))
            let file = cacheDirectory + "/zips/" + key + ".zip"
            do {
                let bytes = try archive(entries, at: file)
                collections[c].download = AlbumDownload(path: path, bytes: bytes, count: entries.count)
                archives.append(Archive(path: path, key: OutputKey(digesting: Data(key.utf8)), file: file))
            } catch {
                diagnostics.append(Diagnostic(.warning, code: "album.download", subject: "\(collections[c].name)",
                                              message: "no ZIP download for this album: \(error)"))
            }
        }
        return (archives, diagnostics)
    }

    /// The files of an album's archive, and what they are (names and content) for its key.
    private func entries(_ items: [Item], kind: FolderQuery.Download) -> ([ArchiveEntry], [String]) {
        var entries: [ArchiveEntry] = []
        var identity: [String] = []
        var used = UniqueNames()
        for item in items {
            let original = String(item.record.id.split(separator: "/").last ?? "file")
            if let video = item.record.video {
                let stamp = fileSystem.stamp(at: video.path)
                let name = used.claim(original)
                entries.append(ArchiveEntry(name: name, file: video.path))
                identity.append("\(name)|video|\(video.path)|\(stamp?.size ?? 0)|\(stamp?.modified ?? 0)|\(stamp?.inode ?? 0)")
                continue
            }
            guard case .file(let path)? = item.record.image else { continue }
            switch kind {
            case .originals:
                let name = used.claim(original)
                entries.append(ArchiveEntry(name: name, file: path))
                identity.append("\(name)|\(knownHashes[path] ?? path)")
            case .largest:
                guard let made = images[.file(path)], let format = made.formats.last, let largest = format.variants.last else { continue }
                let stem = original.lastIndex(of: ".").map { String(original[..<$0]) } ?? original
                let name = used.claim(stem + "." + format.fileExtension)
                entries.append(ArchiveEntry(name: name, file: largest.entry))
                identity.append("\(name)|\(largest.keyHash)")
            }
        }
        return (entries, identity)
    }

    /// The archive's size; written only when the cache does not hold it yet.
    private func archive(_ entries: [ArchiveEntry], at file: String) throws -> Int {
        if fileSystem.kind(at: file) == .file { return try fileSystem.fileSize(at: file) }
        try fileSystem.createDirectory(at: cacheDirectory + "/zips")
        let temporary = file + ".tmp-\(getpid())"
        do {
            let bytes = try ZipWriter.write(entries, to: temporary, modified: Self.entryDate)
            try fileSystem.rename(temporary, to: file)
            return bytes
        } catch {
            try? fileSystem.remove(at: temporary)
            throw error
        }
    }
}
