import Foundation
import GalgenConfig
import GalgenCore

/// Turns a folder walk into albums: which folders are albums (those holding a photo or video, themselves
/// or below), their titles, descriptions and covers from `index.md`, their order, and the URL names of
/// albums and items (unique within each folder, `page` kept for the gallery's own pages).
struct FolderAlbumPlan {
    let walk: FolderWalk
    let facts: [MediaFacts]
    let source: SourceConfig
    let reader: any MediaReading
    let allowHTML: Bool
    let fileSystem: any FileSystem
    /// Each file's URL name, unique in its folder.
    private(set) var itemSlugs: [String] = []
    /// Each folder's URL name among its siblings (`""` for the top).
    private var folderSlugs: [String] = []
    /// Folders that hold no photo or video, themselves or below (set by ``albums(sortedBy:order:language:diagnostics:)``).
    private(set) var emptyFolders: [String] = []

    init(walk: FolderWalk, facts: [MediaFacts], source: SourceConfig, reader: any MediaReading, allowHTML: Bool,
         fileSystem: any FileSystem) {
        self.walk = walk
        self.facts = facts
        self.source = source
        self.reader = reader
        self.allowHTML = allowHTML
        self.fileSystem = fileSystem
    }

    /// The albums in order (the top first, each before its sub-albums); the folders with nothing to show are
    /// left in ``emptyFolders`` for the report.
    mutating func albums(sortedBy sort: FolderQuery.AlbumSort, order: SortSpec.Order, language: String,
                         diagnostics: inout [Diagnostic]) -> [FolderAlbum] {
        let folders = walk.folders
        var hasMedia = folders.map { !$0.files.isEmpty }
        var oldest: [String?] = folders.map { folder in folder.files.compactMap { facts[$0].taken }.min() }
        for f in folders.indices.reversed() {
            for sub in folders[f].subfolders where hasMedia[sub] {
                hasMedia[f] = true
                if let date = oldest[sub], oldest[f].map({ date < $0 }) ?? true { oldest[f] = date }
            }
        }
        emptyFolders = folders.indices.filter { !hasMedia[$0] }.map { folders[$0].relativePath.isEmpty ? "." : folders[$0].relativePath }
        var made: [FolderAlbum] = []
        var index: [Int: Int] = [:]
        folderSlugs = Array(repeating: "", count: folders.count)
        itemSlugs = Array(repeating: "", count: walk.files.count)
        let collator = Collator(language: language)
        for f in folders.indices where hasMedia[f] {
            var album = describe(f)
            album.oldest = oldest[f]
            if let layout = album.layout, GalleryLayout(rawValue: layout) == nil {
                let choices = GalleryLayout.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                diagnostics.append(Diagnostic(.warning, code: "album.layout", subject: "\(source.name): \(folders[f].relativePath)/index.md",
                                              message: "Layout: \"\(layout)\" is not \(choices); the album keeps its source's layout"))
                album.layout = nil
            }
            if let parent = folders[f].parent {
                album.parent = index[parent]
                album.slugPath = FolderWalk.join(made[index[parent]!].slugPath, folderSlugs[f])
            }
            index[f] = made.count
            made.append(album)
            let subs = sortedFolders(folders[f].subfolders.filter { hasMedia[$0] }, by: sort, order: order, collator: collator, oldest: oldest)
            claimSlugs(folder: f, subfolders: subs, diagnostics: &diagnostics)
            made[index[f]!].subalbums = subs.map { -1 - $0 }  // folder indices for now, made album indices below
        }
        for a in made.indices { made[a].subalbums = made[a].subalbums.map { index[-1 - $0]! } }
        return Self.preorder(made)
    }

    private func describe(_ f: Int) -> FolderAlbum {
        let folder = walk.folders[f]
        let named = TextCleaner.clean(folder.parent == nil ? source.title : folder.name).text
        var album = FolderAlbum(path: folder.relativePath, slugPath: "", title: named.isEmpty ? Slug.make(folder.name) : named)
        guard let indexPath = folder.index, let data = try? fileSystem.readFile(at: indexPath), data.count <= 1 << 20 else { return album }
        let sidecar = reader.sidecar(String(decoding: data, as: UTF8.self))
        // Cleaned as a record's title is (control characters, noncharacters, runs of spaces, length).
        if let title = sidecar.title.map({ TextCleaner.clean($0).text }), !title.isEmpty { album.title = title }
        album.description = FolderRecordText.description(sidecar, file: indexPath, allowHTML: allowHTML, reader: reader)
        if let layout = sidecar.fields.first(where: { $0.key == "layout" })?.value.trimmingWhitespace.lowercased(), !layout.isEmpty {
            album.layout = layout
        }
        if let thumbnail = sidecar.thumbnail?.trimmingWhitespace, !thumbnail.isEmpty {
            album.cover = folder.files.map { walk.files[$0].relativePath }.first { $0.split(separator: "/").last.map(String.init) == thumbnail }
        }
        return album
    }

    private func sortedFolders(_ subs: [Int], by sort: FolderQuery.AlbumSort, order: SortSpec.Order, collator: Collator,
                       oldest: [String?]) -> [Int] {
        let keys: [Int: [UInt8]] = Dictionary(uniqueKeysWithValues: subs.map { ($0, collator.key(walk.folders[$0].name)) })
        var sorted = subs.sorted { a, b in
            if sort == .date, oldest[a] != oldest[b] {
                guard let x = oldest[a] else { return false }
                guard let y = oldest[b] else { return true }
                return x < y
            }
            if keys[a]! != keys[b]! { return keys[a]!.lexicographicallyPrecedes(keys[b]!) }
            return walk.folders[a].name < walk.folders[b].name
        }
        if order == .desc { sorted.reverse() }
        return sorted
    }

    private mutating func claimSlugs(folder f: Int, subfolders: [Int], diagnostics: inout [Diagnostic]) {
        var albums = UniqueNames(reserved: ["page"])
        for sub in subfolders {
            let base = Slug.make(walk.folders[sub].name)
            folderSlugs[sub] = albums.claim(base)
            if folderSlugs[sub] != base {
                diagnostics.append(Diagnostic(.warning, code: "group.slug-collision", subject: "\(source.name): \(walk.folders[sub].relativePath)",
                                              message: "the album's folder name \"\(base)\" is taken; using \"\(folderSlugs[sub])\""))
            }
        }
        var items = UniqueNames(reserved: Set(["page"] + subfolders.map { folderSlugs[$0] }))
        for i in walk.folders[f].files {
            let name = String(walk.files[i].relativePath.split(separator: "/").last ?? "")
            itemSlugs[i] = items.claim(Slug.make(name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name))
        }
    }

    /// Albums re-listed top first, each followed by its sub-albums in order (indices remapped).
    private static func preorder(_ albums: [FolderAlbum]) -> [FolderAlbum] {
        guard !albums.isEmpty else { return [] }
        var order: [Int] = []
        func visit(_ a: Int) {
            order.append(a)
            for sub in albums[a].subalbums { visit(sub) }
        }
        visit(0)
        var position: [Int: Int] = [:]
        for (n, a) in order.enumerated() { position[a] = n }
        return order.map { a in
            var album = albums[a]
            album.parent = album.parent.map { position[$0]! }
            album.subalbums = album.subalbums.map { position[$0]! }
            return album
        }
    }
}
