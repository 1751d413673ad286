import Foundation
import GalgenCore

extension SiteRenderer {
    /// Where the Atom feed that collection `c`'s pages link to is (below the site root), and its title;
    /// nil when the source is not sorted by a date first or the site has no `baseURL` (a feed's links must be absolute).
    func feed(of c: Int) -> (path: String, title: String)? {
        guard config.baseURL != nil, collections[c].feedField != nil else { return nil }
        if let g = collections[c].group { return (groups[g].name + "/" + FeedWriter.fileName, groups[g].title) }
        return (collections[c].name + "/" + FeedWriter.fileName, collections[c].title)
    }

    /// The Atom feeds of the site: one per source sorted by a date first (plain or grouped), with its
    /// newest items; none without a `baseURL`.
    public func feeds() -> [GalleryData.File] {
        guard let baseURL = config.baseURL else { return [] }
        var files: [GalleryData.File] = []
        var done: Set<Int> = []
        for (c, collection) in collections.enumerated() {
            guard let field = collection.feedField else { continue }
            let members: [Int]
            if let g = collection.group {
                guard done.insert(g).inserted else { continue }
                members = groups[g].albums
            } else {
                members = [c]
            }
            guard let (path, title) = feed(of: c) else { continue }
            // The newest first (ties in collection order), picked before any entry is made:
            // a source of a million items makes 50 entries, not a million.
            var dated: [(date: Double, c: Int, i: Int)] = []
            for m in members {
                for (i, item) in collections[m].items.enumerated() {
                    guard field < item.record.fields.count, let date = item.record.fields[field]?.number else { continue }
                    dated.append((date, m, i))
                }
            }
            func page(_ c: Int, _ i: Int) -> String {
                let slug = collections[c].items[i].record.slug
                return config.itemPages == .all ? "\(collections[c].name)/\(slug)/"
                    : "\(collections[c].name)/\(Pagination.folder(ofPage: Pagination.page(ofItem: i, pageSize: config.pageSize)))#item-\(slug)"
            }
            let newest = dated.sorted { $0.date != $1.date ? $0.date > $1.date : ($0.c, $0.i) < ($1.c, $1.i) }.prefix(FeedWriter.maxEntries)
            let entries = newest.map { d -> FeedWriter.Entry in
                let item = collections[d.c].items[d.i]
                return FeedWriter.Entry(title: item.record.title, summary: item.record.subtitle, url: baseURL + page(d.c, d.i),
                                        date: d.date, image: openGraphImage(item)?.url)
            }
            let folder = String(path.dropLast(FeedWriter.fileName.count))
            let text = FeedWriter.atom(title: "\(title) – \(config.title)", url: baseURL + folder, feedURL: baseURL + path,
                                       author: config.title, language: config.language, entries: entries)
            files.append(GalleryData.File(path: path, data: Data(text.utf8)))
        }
        return files
    }
}
