import GalgenCore

/// Writes a collection's Atom feed (RFC 4287): its newest items, for feed readers. Only for sites
/// with a `baseURL`, since every link and id in a feed must be absolute.
enum FeedWriter {
    /// The feed's file name in the collection's folder.
    static let fileName = "feed.xml"
    /// Entries a feed keeps, newest first.
    static let maxEntries = 50

    /// One item of a feed.
    struct Entry {
        let title: String
        let summary: String?
        /// Absolute URL of the item's page (its id too).
        let url: String
        /// The sort date, in seconds since 1970.
        let date: Double
        /// Absolute URL of a JPEG of the item, if it has a picture.
        let image: String?
    }

    /// The feed's XML, its entries in the order given (newest first, at most ``maxEntries``: the caller picks them).
    static func atom(title: String, url: String, feedURL: String, author: String, language: String, entries: [Entry]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(escape(language))\">\n"
        out += "<title>\(escape(title))</title>\n"
        out += "<id>\(escape(url))</id>\n"
        out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(url))\"/>\n"
        out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(escape(feedURL))\"/>\n"
        out += "<updated>\(timestamp(entries.first?.date ?? 0))</updated>\n"
        out += "<author><name>\(escape(author))</name></author>\n"
        out += "<generator>galgen</generator>\n"
        for entry in entries {
            out += "<entry>\n"
            out += "<title>\(escape(entry.title))</title>\n"
            out += "<id>\(escape(entry.url))</id>\n"
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(entry.url))\"/>\n"
            out += "<updated>\(timestamp(entry.date))</updated>\n"
            if let summary = entry.summary { out += "<summary>\(escape(summary))</summary>\n" }
            if let image = entry.image {
                // HTML inside the feed, escaped once more as XML text: readers show the picture.
                let html = "<p><img src=\"\(escape(image))\" alt=\"\(escape(entry.title))\"></p>"
                out += "<content type=\"html\">\(escape(html))</content>\n"
            }
            out += "</entry>\n"
        }
        out += "</feed>\n"
        return out
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// RFC 3339 in UTC, whole seconds.
    static func timestamp(_ seconds: Double) -> String { CivilDate.timestamp(seconds) }
}
