import GalgenCore

/// Normalises one iTunes Search result to `{id, title, subtitle, link, image, fallbackImage}`, since
/// which fields exist depends on `wrapperType` and `kind`: songs and apps have `trackId`/`trackName`,
/// albums only `collectionId`/`collectionName`, artists only `artistId`/`artistName` and no artwork,
/// ebooks often have no `wrapperType` at all. The original nodes are reused, so messages still point
/// at the response's line and column and odd values (null ids, numbers as titles) are reported as such.
enum ITunesResult {
    static func normalise(_ node: JSONNode, largestWidth: Int) -> JSONNode {
        let value = node.value
        func pick(_ keys: String...) -> JSONNode? {
            for key in keys {
                if let found = value[key], !isNull(found) { return found }
            }
            return nil
        }
        let wrapper = value["wrapperType"]?.value.scalarText
        let kind = value["kind"]?.value.scalarText
        var members: [JSONMember] = []
        func put(_ key: String, _ found: JSONNode?) {
            if let found { members.append(JSONMember(key: key, keyOffset: found.offset, node: found)) }
        }
        switch wrapper {
        case "collection":
            put("id", pick("collectionId"))
            put("title", pick("collectionName", "collectionCensoredName"))
            put("subtitle", pick("artistName"))
            put("link", pick("collectionViewUrl"))
        case "artist":
            put("id", pick("artistId"))
            put("title", pick("artistName"))
            put("subtitle", pick("primaryGenreName"))
            put("link", pick("artistLinkUrl", "artistViewUrl"))
        default:
            // Tracks, software and wrapper-less ebooks. A missing trackId stays missing (and is
            // reported) rather than falling back to an id of another kind.
            put("id", pick("trackId"))
            put("title", pick("trackName", "trackCensoredName", "collectionName"))
            let software = wrapper == "software" || kind == "software" || kind == "mac-software"
            put("subtitle", software ? pick("sellerName", "artistName") : pick("artistName", "sellerName"))
            put("link", pick("trackViewUrl", "collectionViewUrl"))
        }
        if let artwork = pick("artworkUrl512", "artworkUrl100", "artworkUrl60", "artworkUrl30") {
            if case .string(let original) = artwork.value {
                let rewritten = rewriteArtwork(original, width: largestWidth)
                put("image", JSONNode(.string(rewritten), offset: artwork.offset))
                if rewritten != original { put("fallbackImage", JSONNode(.string(original), offset: artwork.offset)) }
            } else {
                put("image", artwork)
            }
        }
        // The result's own members follow, for the extra fields (`primaryGenreName`, `releaseDate`, …):
        // none of them is named like the normalised ones, which come first and win a lookup.
        if case .object(let original) = value {
            let normalised: Set<String> = ["id", "title", "subtitle", "link", "image", "fallbackImage"]
            members += original.filter { !normalised.contains($0.key) }
        }
        return JSONNode(.object(members), offset: node.offset)
    }

    private static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    /// Rewrites the size token in the last path segment (`…/100x100bb.jpg` → `…/640x640bb.jpg`).
    /// Only the last segment is touched: earlier segments can look like file names (`…/AppIcon….png/512x512bb.jpg`).
    /// A URL whose last segment is not a size token is returned unchanged.
    /// - Parameters:
    ///   - url: The artwork URL.
    ///   - width: The width wanted.
    static func rewriteArtwork(_ url: String, width: Int) -> String {
        let cut = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let path = url[..<cut]
        guard let slash = path.lastIndex(of: "/") else { return url }
        let segment = path[path.index(after: slash)...]
        guard isSizeToken(segment) else { return url }
        return String(path[...slash]) + "\(width)x\(width)bb.jpg" + url[cut...]
    }

    /// `<digits>x<digits>[two letters][-digits].(jpg|jpeg|png|webp)`.
    private static func isSizeToken(_ segment: Substring) -> Bool {
        guard let dot = segment.lastIndex(of: ".") else { return false }
        let ext = segment[segment.index(after: dot)...].lowercased()
        guard let format = MediaFormat.named(byExtension: ext), [MediaFormat.jpeg, .png, .webp].contains(format) else { return false }
        var rest = segment[..<dot]
        func digits() -> Bool {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(run.count)
            return !run.isEmpty
        }
        guard digits(), rest.first == "x" else { return false }
        rest = rest.dropFirst()
        guard digits() else { return false }
        let letters = rest.prefix { $0.isASCII && $0.isLowercase }
        guard letters.isEmpty || letters.count == 2 else { return false }
        rest = rest.dropFirst(letters.count)
        if rest.first == "-" {
            rest = rest.dropFirst()
            guard digits() else { return false }
        }
        return rest.isEmpty
    }
}
