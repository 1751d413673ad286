import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSiteModel

/// Turns the sources' records into the site's collections: each source sorted by its `sort`, and
/// split into albums (collections of their own, under the source's folder) by its `groupBy`.
enum CollectionPlan {
    /// The collections (a grouped source's albums together, in album order), the groups, and what to report.
    /// - Parameters:
    ///   - config: The site config.
    ///   - sets: Each source's records, in config order.
    ///   - image: The published image of a record's image reference.
    static func make(config: SiteConfig, sets: [RecordSet], folders: [String: FolderSummary] = [:],
                     image: (Record.ImageReference) -> ItemImage?)
        -> (collections: [Collection], groups: [CollectionGroup], diagnostics: [Diagnostic]) {
        var collections: [Collection] = []
        var groups: [CollectionGroup] = []
        var diagnostics: [Diagnostic] = []
        for (source, set) in zip(config.sources, sets) {
            let start = collections.count
            defer {
                for c in start..<collections.count {
                    collections[c].filters = source.filters
                    // A folder album may have set its own (FolderCollections); the others take the source's.
                    if collections[c].folder == nil { collections[c].layout = source.effectiveLayout }
                }
            }
            var records = set.records
            RecordOrder.sort(&records, by: source.sort, fields: source.fields.extra, language: config.language)
            let items = records.map { Item(record: $0, image: $0.image.flatMap(image)) }
            var feedField: Int?
            if let first = source.sort.first, case .extra(let index, .date)? = RecordField(first.by, fields: source.fields.extra) {
                feedField = index
            }
            if source.groupBy == nil, let folder = folders[source.name], !folder.albums.isEmpty {
                collections += FolderCollections.make(folder.albums, items: items, source: source, offset: collections.count,
                                                      feedField: feedField)
                continue
            }
            guard let spec = source.groupBy else {
                collections.append(Collection(name: source.name, title: source.title, items: items, fields: source.fields.extra,
                                              feedField: feedField))
                continue
            }
            let split = RecordGroups.group(records, by: spec, fields: source.fields.extra, language: config.language, source: source.name)
            diagnostics += split.diagnostics
            let g = groups.count
            var albums: [Int] = []
            for album in split.groups {
                albums.append(collections.count)
                collections.append(Collection(name: source.name + "/" + album.slug, title: album.title, items: album.members.map { items[$0] },
                                              fields: source.fields.extra, group: g, groupTitle: source.title,
                                              feedField: feedField))
            }
            groups.append(CollectionGroup(name: source.name, title: source.title, albums: albums))
        }
        return (collections, groups, diagnostics)
    }
}
