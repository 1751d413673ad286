import GalgenCore

// Page keys: every template context feeds every stored property, in declaration order, into a
// ``KeyFeed``, so a page's key changes exactly when what its template sees changes. Written by hand
// for speed (a 100,000-item site has 100,000 contexts; Mirror would cost seconds);
// ContextKeysTests checks each feed against a Mirror walk of the same value, so a property added to
// a context and forgotten here fails the tests.

/// A context that can describe itself to a key.
protocol KeyFed {
    /// Adds the type's name, then every stored property in declaration order.
    func feed(into f: inout KeyFeed)
}

extension KeyFeed {
    mutating func add(_ value: some KeyFed) { value.feed(into: &self) }
    mutating func add(_ value: (some KeyFed)?) { add(value) { $0.add($1) } }
    mutating func add(_ values: [some KeyFed]) { add(values) { $0.add($1) } }
}

extension SiteContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("SiteContext")
        f.add(title)
        f.add(description)
        f.add(language)
        f.add(baseURL)
    }
}

extension PageMeta: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("PageMeta")
        f.add(title)
        f.add(description)
        f.add(root)
        f.add(home)
        f.add(canonical)
        f.add(prev)
        f.add(next)
        f.add(asset)
        f.add(og)
        f.add(feed)
        f.add(feedTitle)
    }
}

extension OpenGraphContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("OpenGraphContext")
        f.add(type)
        f.add(siteName)
        f.add(title)
        f.add(description)
        f.add(url)
        f.add(image)
    }
}

extension OpenGraphImage: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("OpenGraphImage")
        f.add(url)
        f.add(width)
        f.add(height)
        f.add(alt)
    }
}

extension SourceContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("SourceContext")
        f.add(type)
        f.add(srcset)
    }
}

extension ImageContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("ImageContext")
        f.add(src)
        f.add(srcset)
        f.add(sources)
        f.add(width)
        f.add(height)
        f.add(alt)
        f.add(color)
        f.add(placeholder)
    }
}

extension CollectionRef: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("CollectionRef")
        f.add(name)
        f.add(title)
        f.add(url)
        f.add(count)
        f.add(countLabel)
    }
}

extension CellContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("CellContext")
        f.add(key)
        f.add(index)
        f.add(position)
        f.add(title)
        f.add(subtitle)
        f.add(url)
        f.add(image)
        f.add(eager)
        f.add(priority)
    }
}

extension PagerLink: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("PagerLink")
        f.add(label)
        f.add(url)
        f.add(current)
        f.add(gap)
    }
}

extension PagerContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("PagerContext")
        f.add(current)
        f.add(total)
        f.add(prev)
        f.add(next)
        f.add(links)
    }
}

extension GalleryContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("GalleryContext")
        f.add(site)
        f.add(page)
        f.add(collection)
        f.add(items)
        f.add(empty)
        f.add(setSize)
        f.add(first)
        f.add(manifest)
        f.add(pager)
        f.add(crumbs)
        f.add(hasCrumbs)
    }
}

extension NeighbourContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("NeighbourContext")
        f.add(url)
        f.add(title)
    }
}

extension ItemDetail: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("ItemDetail")
        f.add(key)
        f.add(id)
        f.add(title)
        f.add(subtitle)
        f.add(link)
        f.add(image)
        f.add(position)
        f.add(fields)
        f.add(hasFields)
    }
}

extension ItemContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("ItemContext")
        f.add(site)
        f.add(page)
        f.add(collection)
        f.add(item)
        f.add(back)
        f.add(previous)
        f.add(next)
        f.add(crumbs)
        f.add(hasCrumbs)
    }
}

extension CollectionCard: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("CollectionCard")
        f.add(title)
        f.add(url)
        f.add(count)
        f.add(countLabel)
        f.add(cover)
        f.add(eager)
        f.add(priority)
    }
}

extension HomeContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("HomeContext")
        f.add(site)
        f.add(page)
        f.add(collections)
        f.add(empty)
    }
}

extension CrumbContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("CrumbContext")
        f.add(title)
        f.add(url)
    }
}

extension FieldContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("FieldContext")
        f.add(name)
        f.add(label)
        f.add(type)
        f.add(text)
        f.add(href)
        f.add(datetime)
    }
}

extension AlbumsContext: KeyFed {
    func feed(into f: inout KeyFeed) {
        f.begin("AlbumsContext")
        f.add(site)
        f.add(page)
        f.add(collection)
        f.add(albums)
        f.add(empty)
        f.add(albumCountLabel)
        f.add(pager)
    }
}
