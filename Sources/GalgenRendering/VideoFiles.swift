public import GalgenSiteModel

/// Where a folder source's videos are published: beside their item page, under the item's name, so
/// a download keeps a meaningful name (`<collection>/<slug>/<slug>.<ext>`).
public enum VideoFiles {
    /// The site path of an item's video.
    /// - Parameters:
    ///   - collection: The collection's folder.
    ///   - slug: The item's URL name.
    ///   - source: The video file (its extension is kept, lowercased).
    public static func path(collection: String, slug: String, source: String) -> String {
        let name = source.split(separator: "/").last.map(String.init) ?? ""
        let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? "video"
        return "\(collection)/\(slug)/\(slug).\(ext)"
    }

    /// Every video of the site: its site path and the file it is copied from.
    public static func all(_ collections: [Collection]) -> [(path: String, source: String)] {
        collections.flatMap { collection in
            collection.items.compactMap { item in
                item.record.video.map { (path(collection: collection.name, slug: item.record.slug, source: $0.path), $0.path) }
            }
        }
    }
}
