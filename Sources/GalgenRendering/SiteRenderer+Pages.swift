import Foundation
import GalgenConfig
import GalgenCore

// The context of each page kind (see ``PageSpec/Kind``).

extension SiteRenderer {
    /// The not-found page: the home page's cards under another heading, its links from the site root.
    func notFound(_ spec: PageSpec) -> HomeContext {
        var context = home(spec, title: "\(messages.format("notFoundTitle")) – \(config.title)", root: config.baseURL ?? "/")
        (context.leadBefore, context.leadAfter) = messages.split(context.empty ? "notFoundLead" : "notFoundLeadCollections", around: "home")
        return context
    }

    func home(_ spec: PageSpec, title: String? = nil, root: String? = nil) -> HomeContext {
        let cover = collections.lazy.compactMap { $0.items.first { $0.image != nil } }.first
        let m = meta(spec.path, title: title ?? config.title, share: (title ?? config.title, config.description, cover), root: root)
        // Plain collections and grouped sources, in config order (a group where its first album is).
        var cards: [CollectionCard] = []
        for (c, collection) in collections.enumerated() {
            if collection.parent != nil { continue }  // a folder album: listed on its parent's page
            if let g = collection.group {
                if groups[g].albums.first == c { cards.append(groupCard(g, root: m.root)) }
                continue
            }
            cards.append(card(c, root: m.root))
        }
        if let only = soleSourceAlbums(root: m.root) { cards = only }
        var context = HomeContext(site: site, page: m, collections: CollectionCard.placed(cards, eager: config.eagerImages), empty: cards.isEmpty)
        context.findLabel = messages.format("findIn", ["title": config.title])
        context.runtimeMessagesHTML = runtimeMessagesHTML
        return context
    }

    /// On a site of one source with albums (a folder source's sub-folders, or a grouped source's
    /// albums), the home page's cards: those albums, as sigal's and thumbsup's index pages show them,
    /// rather than one card to click through; a folder source whose top folder has pictures of its own
    /// keeps its own card last (it lists everything). Nil on any other site.
    func soleSourceAlbums(root: String) -> [CollectionCard]? {
        let tops = collections.indices.filter { collections[$0].parent == nil }
        if let g = collections.first?.group, tops.allSatisfy({ collections[$0].group == g }) {
            return groups[g].albums.map { card($0, root: root) }
        }
        guard tops.count == 1, let c = tops.first, collections[c].group == nil, !collections[c].subalbums.isEmpty else { return nil }
        let albums = collections[c].subalbums.map { card($0, root: root) }
        return collections[c].items.isEmpty ? albums : albums + [card(c, root: root)]
    }

    func gallery(_ spec: PageSpec, collection c: Int, page n: Int) -> GalleryContext {
        let collection = collections[c]
        let ranges = Pagination.pages(count: collection.items.count, pageSize: config.pageSize)
        let root = Self.root(of: spec.path)
        let base = root + collection.name + "/"
        func url(_ page: Int) -> String { base + Pagination.folder(ofPage: page) }
        let prev = n > 1 ? url(n - 1) : nil
        let next = n < ranges.count ? url(n + 1) : nil
        let title = ranges.count > 1 ? "\(collection.fullTitle) – \(pageLabel(n, of: ranges.count))" : collection.fullTitle
        let range = ranges[n - 1]
        let shown = collection.items[range].first { $0.image != nil }
        let m = meta(spec.path, title: title, share: (title, config.description, shown), prev: prev, next: next, feed: feed(of: c))
        let cells = range.map { i -> CellContext in
            let item = collection.items[i]
            let offset = i - range.lowerBound
            // Without item pages a cell links to itself (its id), which the runtime opens in the lightbox.
            let url = config.itemPages == .all ? base + item.record.slug + "/" : "#item-" + item.record.slug
            return CellContext(key: item.record.slug, index: i, position: i + 1, title: item.record.title, subtitle: item.record.subtitle,
                               url: url, image: image(item, root: root, detail: false),
                               eager: offset < config.eagerImages, priority: offset == 0).laidOut(collection.layout, item)
        }
        let pager = self.pager(current: n, total: ranges.count, prev: prev, next: next, url: url)
        let trail = crumbs(above: c, root: root)
        var context = GalleryContext(site: site, page: m, collection: ref(c, root: root), items: cells, empty: cells.isEmpty,
                                     setSize: collection.items.count, first: range.lowerBound,
                                     manifest: data.manifests[c].map { root + $0 }, pager: pager, crumbs: trail, hasCrumbs: !trail.isEmpty)
        context.findLabel = messages.format("findIn", ["title": collection.title])
        context.runtimeMessagesHTML = runtimeMessagesHTML
        context.justified = collection.layout == .justified
        context.filters = filterControls[c]
        context.browse = browseLinks(c, root: root)
        if context.filters != nil || context.browse != nil {
            context.filtersHTML = filtersHTML["\(c) \(root)"] ?? Self.renderFilters(templates, msg: msg, context.filters, context.browse)
        }
        if n == 1 {
            context.albums = CollectionCard.placed(collection.subalbums.map { card($0, root: root) }, eager: config.eagerImages)
            context.albumCountLabel = collection.subalbums.isEmpty ? nil : messages.format("albumCount", count: collection.subalbums.count)
            context.descriptionHTML = collection.descriptionHTML
            context.download = collection.download.map { d in
                DownloadContext(url: root + d.path, name: String(d.path.split(separator: "/").last ?? ""),
                                countLabel: messages.format("fileCount", count: d.count), sizeLabel: DownloadContext.size(d.bytes))
            }
        }
        return context
    }

    func item(_ spec: PageSpec, collection c: Int, index i: Int) -> ItemContext {
        let collection = collections[c]
        let item = collection.items[i]
        let root = Self.root(of: spec.path)
        let base = root + collection.name + "/"
        func neighbour(_ j: Int) -> NeighbourContext? {
            guard collection.items.indices.contains(j) else { return nil }
            return NeighbourContext(url: base + collection.items[j].record.slug + "/", title: collection.items[j].record.title)
        }
        let page = Pagination.page(ofItem: i, pageSize: config.pageSize)
        let fields = Self.fields(of: item, in: collection)
        var detail = ItemDetail(key: item.record.slug, id: item.record.id, title: item.record.title, subtitle: item.record.subtitle,
                                link: item.record.link, image: image(item, root: root, detail: true), position: i + 1,
                                fields: fields, hasFields: !fields.isEmpty)
        detail.descriptionHTML = item.record.descriptionHTML
        detail.video = item.record.video.map { video in
            let path = VideoFiles.path(collection: collection.name, slug: item.record.slug, source: video.path)
            return VideoContext(src: root + path, type: video.mimeType, playable: video.playable,
                                name: String(path.split(separator: "/").last ?? ""))
        }
        let m = meta(spec.path, title: "\(item.record.title) – \(collection.fullTitle)",
                     share: (item.record.title, item.record.subtitle ?? config.description, item), feed: feed(of: c))
        let back = NeighbourContext(url: base + Pagination.folder(ofPage: page), title: collection.title)
        let trail = crumbs(above: c, root: root) + [CrumbContext(title: back.title, url: back.url)]
        var context = ItemContext(site: site, page: m,
                                  collection: ref(c, root: root), item: detail,
                                  back: back, previous: neighbour(i - 1), next: neighbour(i + 1), crumbs: trail, hasCrumbs: true)
        (context.positionBefore, context.positionAfter) = messages.split(
            "itemPosition", around: "collection", ["position": messages.number(i + 1), "count": messages.number(collection.items.count)])
        return context
    }
    /// Page `n` of group `g`'s album list.
    func albums(_ spec: PageSpec, group g: Int, page n: Int) -> AlbumsContext {
        let group = groups[g]
        let root = Self.root(of: spec.path)
        let base = root + group.name + "/"
        let ranges = Pagination.pages(count: group.albums.count, pageSize: config.pageSize)
        func url(_ page: Int) -> String { base + Pagination.folder(ofPage: page) }
        let prev = n > 1 ? url(n - 1) : nil
        let next = n < ranges.count ? url(n + 1) : nil
        let title = ranges.count > 1 ? "\(group.title) – \(pageLabel(n, of: ranges.count))" : group.title
        let shown = group.albums[ranges[n - 1]].lazy.compactMap { self.collections[$0].items.first { $0.image != nil } }.first
        let m = meta(spec.path, title: title, share: (title, config.description, shown), prev: prev, next: next,
                     feed: group.albums.first.flatMap { feed(of: $0) })
        let cards = CollectionCard.placed(group.albums[ranges[n - 1]].map { card($0, root: root) }, eager: config.eagerImages)
        let pager = self.pager(current: n, total: ranges.count, prev: prev, next: next, url: url)
        let count = itemCount(ofGroup: g)
        let own = CollectionRef(name: group.name, title: group.title, url: base, count: count, countLabel: countLabel(count))
        let albumCount = messages.format("albumCount", count: group.albums.count)
        return AlbumsContext(site: site, page: m, collection: own, albums: cards, empty: cards.isEmpty,
                             albumCountLabel: albumCount, pager: pager)
    }
}
