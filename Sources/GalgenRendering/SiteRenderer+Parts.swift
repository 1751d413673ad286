import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenSiteModel

// The pieces the page contexts share: site, metadata, images, cards, pagers, trails and fields.

extension SiteRenderer {
    var site: SiteContext {
        SiteContext(title: config.title, description: config.description, language: config.language,
                    dir: TextDirection(language: config.language).rawValue, baseURL: config.baseURL)
    }

    static func root(of path: String) -> String {
        let depth = path.filter { $0 == "/" }.count
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }

    /// The page's metadata. `share` is what its Open Graph tags show: a title, a description, and
    /// the item whose image represents the page (nil for none).
    func meta(_ path: String, title: String, share: (title: String, description: String?, item: Item?),
              prev: String? = nil, next: String? = nil, root fixedRoot: String? = nil,
              feed: (path: String, title: String)? = nil) -> PageMeta {
        let root = fixedRoot ?? Self.root(of: path)
        let asset = assetURLs(root: root)
        let canonical = fixedRoot == nil ? config.baseURL.map { CrawlerFiles.url(ofPage: path, baseURL: $0) } : nil
        let og = OpenGraphContext(type: "website", siteName: config.title, title: share.title, description: share.description,
                                  url: canonical, image: openGraphImage(share.item))
        return PageMeta(title: title, description: config.description, root: root, home: root,
                        canonical: canonical, prev: prev, next: next, asset: asset, og: og,
                        feed: feed.map { root + $0.path }, feedTitle: feed?.title)
    }

    /// Asset URLs by key, relative to a page at `root`: made once per depth (every page of a
    /// 100,000-item site needs them, and its key reads them too).
    func assetURLs(root: String) -> [String: String] {
        assetsByRoot.first { $0.root == root }?.urls ?? Self.assetURLs(assets, root: root)
    }

    static func assetURLs(_ assets: AssetSet, root: String) -> [String: String] {
        var asset: [String: String] = [:]
        for a in assets.assets { asset[a.key] = root + a.outputPath }
        return asset
    }

    /// The absolute URL and size of an item's middle-width variant; nil without a `baseURL` or an image.
    func openGraphImage(_ item: Item?) -> OpenGraphImage? {
        guard let baseURL = config.baseURL, let item, let image = item.image, !image.variants.isEmpty else { return nil }
        let variant = image.variants[image.variants.count / 2]
        return OpenGraphImage(url: baseURL + variant.path, width: variant.width, height: variant.height, alt: item.record.title)
    }

    /// `12 items`, in the site's language.
    func countLabel(_ n: Int) -> String { messages.format("itemCount", count: n) }

    /// `page 2 of 5`, in the site's language.
    func pageLabel(_ n: Int, of total: Int) -> String {
        messages.format("pageOfTotal", ["current": messages.number(n), "total": messages.number(total)])
    }

    /// The pager of page `n` of `total` (nil for a single page); `url` gives a page's address.
    func pager(current n: Int, total: Int, prev: String?, next: String?, url: (Int) -> String) -> PagerContext? {
        guard total > 1 else { return nil }
        let links = Pagination.window(current: n, total: total).map { number -> PagerLink in
            guard let number else { return PagerLink(label: "…", url: nil, current: false, gap: true) }
            return PagerLink(label: String(number), url: number == n ? nil : url(number), current: number == n, gap: false)
        }
        return PagerContext(current: n, total: total, prev: prev, next: next, links: links, pageLabel: pageLabel(n, of: total))
    }

    /// The trail above collection `c`'s pages: its group, for an album.
    func crumbs(above c: Int, root: String) -> [CrumbContext] {
        if collections[c].parent != nil {
            var trail: [CrumbContext] = []
            var up = collections[c].parent
            while let p = up {
                trail.append(CrumbContext(title: collections[p].title, url: root + collections[p].name + "/"))
                up = collections[p].parent
            }
            return trail.reversed()
        }
        guard let g = collections[c].group else { return [] }
        return [CrumbContext(title: groups[g].title, url: root + groups[g].name + "/")]
    }

    func ref(_ c: Int, root: String) -> CollectionRef {
        let collection = collections[c]
        return CollectionRef(name: collection.name, title: collection.title, url: root + collection.name + "/",
                             count: collection.items.count, countLabel: countLabel(collection.items.count))
    }

    func image(_ item: Item, root: String, detail: Bool) -> ImageContext {
        let alt = item.record.title
        guard let image = item.image, !image.variants.isEmpty else {
            return ImageContext(src: root + placeholderPath, srcset: nil, sources: [], width: Self.placeholderSize, height: Self.placeholderSize,
                                alt: alt, color: Self.placeholderColor, placeholder: true)
        }
        let main = detail ? image.variants[image.variants.count - 1] : image.variants[image.variants.count / 2]
        let srcset = { (variants: [ImageVariant]) in variants.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ") }
        return ImageContext(src: root + main.path, srcset: srcset(image.variants),
                            sources: image.sources.map { SourceContext(type: $0.type, srcset: srcset($0.variants)) },
                            width: main.width, height: main.height,
                            alt: alt, color: image.facts.averageColor, preview: image.facts.preview, placeholder: false)
    }

    /// The item's extra fields that have a value, in the source's order.
    static func fields(of item: Item, in collection: Collection) -> [FieldContext] {
        item.shownFields(collection.fields).map { spec, value in
            FieldContext(name: spec.name, label: spec.label, type: spec.type.rawValue, text: value.text, href: value.href, datetime: value.datetime)
        }
    }

    /// The card of a grouped source on the home page: every album's items counted, the first album's cover.
    func groupCard(_ g: Int, root: String) -> CollectionCard {
        let group = groups[g]
        let count = itemCount(ofGroup: g)
        let first = group.albums.lazy.compactMap { collections[$0].items.first { $0.image != nil } }.first
        return CollectionCard(title: group.title, url: root + group.name + "/", count: count, countLabel: countLabel(count),
                              cover: first.map { image($0, root: root, detail: false) })
    }

    /// The card of collection `c`: its title, count and first picture.
    func card(_ c: Int, root: String) -> CollectionCard {
        let r = ref(c, root: root)
        guard !collections[c].subalbums.isEmpty || collections[c].cover != nil else {
            let cover = collections[c].items.first { $0.image != nil }.map { image($0, root: root, detail: false) }
            return CollectionCard(title: r.title, url: r.url, count: r.count, countLabel: r.countLabel, cover: cover)
        }
        // A folder album: everything below it counts, and its cover may come from a sub-album.
        let count = itemCount(below: c)
        return CollectionCard(title: r.title, url: r.url, count: count, countLabel: countLabel(count),
                              cover: coverItem(of: c).map { image($0, root: root, detail: false) })
    }

    /// Items in a folder album and every album below it.
    func itemCount(below c: Int) -> Int {
        collections[c].subalbums.reduce(collections[c].items.count) { $0 + itemCount(below: $1) }
    }

    /// A folder album's cover: the one its `index.md` names, else its first picture, else its first sub-album's.
    func coverItem(of c: Int) -> Item? {
        let collection = collections[c]
        if let cover = collection.cover, collection.items[cover].image != nil { return collection.items[cover] }
        if let first = collection.items.first(where: { $0.image != nil }) { return first }
        return collection.subalbums.lazy.compactMap { self.coverItem(of: $0) }.first
    }

    /// Items in every album of group `g`.
    func itemCount(ofGroup g: Int) -> Int { groups[g].albums.reduce(0) { $0 + collections[$1].items.count } }
}
