import GalgenConfig
import GalgenRecords
import GalgenRendering
import GalgenSiteModel

/// A folder source's albums as collections: the top folder at the source's folder, each album below
/// it at its slugs' path, with its parent, sub-albums, description and cover.
enum FolderCollections {
    /// - Parameters:
    ///   - albums: The source's albums (the top first, each before its sub-albums).
    ///   - items: The source's items, sorted.
    ///   - source: The source.
    ///   - offset: How many collections come before these in the site.
    ///   - feedField: The date field the source is sorted by first, if any.
    static func make(_ albums: [FolderAlbum], items: [Item], source: SourceConfig, offset: Int, feedField: Int?) -> [Collection] {
        var byPath: [String: Int] = [:]
        for (a, album) in albums.enumerated() { byPath[album.path] = a }
        var members = [[Item]](repeating: [], count: albums.count)
        for item in items {
            guard let a = byPath[item.record.album ?? ""] else { continue }
            members[a].append(item)
        }
        var collections: [Collection] = []
        for (a, album) in albums.enumerated() {
            let name = album.slugPath.isEmpty ? source.name : source.name + "/" + album.slugPath
            var collection = Collection(name: name, title: album.title, items: members[a], fields: source.fields.extra,
                                        feedField: feedField)
            if let parent = album.parent {
                collection.parent = offset + parent
                collection.groupTitle = collections[parent].fullTitle
            }
            // `Layout:` in the album's index.md, else its parent album's, else the source's.
            collection.layout = album.layout.flatMap(GalleryLayout.init(rawValue:))
                ?? album.parent.map { collections[$0].layout } ?? source.effectiveLayout
            collection.subalbums = album.subalbums.map { offset + $0 }
            collection.description = album.description
            collection.folder = (source.name, album.path)
            collection.cover = album.cover.flatMap { id in members[a].firstIndex { $0.record.id == id } }
            collections.append(collection)
        }
        return collections
    }
}
