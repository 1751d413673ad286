import Mustache

// Key lookup for the template contexts without reflection: swift-mustache asks `MustacheParent`
// first and falls back to `Mirror`, which was ~40 % of the pages step on a 100,000-item site.
// ContextLookupTests checks that every stored property is served here with Mirror's value.

extension SiteContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "title": title
        case "description": description
        case "language": language
        case "baseURL": baseURL
        default: nil
        }
    }
}

extension PageMeta: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "title": title
        case "description": description
        case "root": root
        case "home": home
        case "canonical": canonical
        case "prev": prev
        case "next": next
        case "asset": asset
        case "og": og
        case "feed": feed
        case "feedTitle": feedTitle
        default: nil
        }
    }
}

extension OpenGraphContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "type": type
        case "siteName": siteName
        case "title": title
        case "description": description
        case "url": url
        case "image": image
        default: nil
        }
    }
}

extension OpenGraphImage: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "url": url
        case "width": width
        case "height": height
        case "alt": alt
        default: nil
        }
    }
}

extension SourceContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "type": type
        case "srcset": srcset
        default: nil
        }
    }
}

extension ImageContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "src": src
        case "srcset": srcset
        case "sources": sources
        case "picture": !sources.isEmpty
        case "width": width
        case "height": height
        case "alt": alt
        case "color": color
        case "placeholder": placeholder
        default: nil
        }
    }
}

extension CollectionRef: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "name": name
        case "title": title
        case "url": url
        case "count": count
        case "countLabel": countLabel
        default: nil
        }
    }
}

extension CellContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "key": key
        case "index": index
        case "position": position
        case "title": title
        case "subtitle": subtitle
        case "url": url
        case "image": image
        case "eager": eager
        case "priority": priority
        default: nil
        }
    }
}

extension PagerLink: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "label": label
        case "url": url
        case "current": current
        case "gap": gap
        default: nil
        }
    }
}

extension PagerContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "current": current
        case "total": total
        case "prev": prev
        case "next": next
        case "links": links
        default: nil
        }
    }
}

extension GalleryContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "site": site
        case "page": page
        case "collection": collection
        case "items": items
        case "empty": empty
        case "setSize": setSize
        case "first": first
        case "manifest": manifest
        case "pager": pager
        case "crumbs": crumbs
        case "hasCrumbs": hasCrumbs
        default: nil
        }
    }
}

extension NeighbourContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "url": url
        case "title": title
        default: nil
        }
    }
}

extension ItemDetail: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "key": key
        case "id": id
        case "title": title
        case "subtitle": subtitle
        case "link": link
        case "image": image
        case "position": position
        case "fields": fields
        case "hasFields": hasFields
        default: nil
        }
    }
}

extension ItemContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "site": site
        case "page": page
        case "collection": collection
        case "item": item
        case "back": back
        case "previous": previous
        case "next": next
        case "crumbs": crumbs
        case "hasCrumbs": hasCrumbs
        default: nil
        }
    }
}

extension CollectionCard: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "title": title
        case "url": url
        case "count": count
        case "countLabel": countLabel
        case "cover": cover
        case "eager": eager
        case "priority": priority
        default: nil
        }
    }
}

extension HomeContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "site": site
        case "page": page
        case "collections": collections
        case "empty": empty
        default: nil
        }
    }
}

extension CrumbContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "title": title
        case "url": url
        default: nil
        }
    }
}

extension FieldContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "name": name
        case "label": label
        case "type": type
        case "text": text
        case "href": href
        case "datetime": datetime
        default: nil
        }
    }
}

extension AlbumsContext: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "site": site
        case "page": page
        case "collection": collection
        case "albums": albums
        case "empty": empty
        case "albumCountLabel": albumCountLabel
        case "pager": pager
        default: nil
        }
    }
}
