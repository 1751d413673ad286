import GalgenCore

/// What a URL on a page points at, as the link rules read it.
enum LinkTarget {
    /// Nothing but white space.
    case empty
    /// A URL with a scheme: the scheme, lowercased and without the colon (e.g. `https`).
    case scheme(String)
    /// A network-path reference (`//host/…`): another site.
    case otherSite
    /// A place on the same page: the percent-decoded id.
    case fragment(String)
    /// A path that climbs above the site root.
    case outsideSite
    /// A path below the site root, with `index.html` added when it names a folder. The file may not exist.
    case file(String)
}

/// Reads the URLs of one page: what each points at, relative paths resolved against the page's folder.
///
/// The rules read a URL by Character, as `String` does: a delimiter such as `/`, `#` or `,` counts only as a
/// Character of its own (not when a combining mark follows it or a prepended mark comes before it), and CR LF is
/// one Character. In plain text (ASCII without CR) every Character is one byte, so plain URLs, nearly all of them,
/// are read by UTF-8 byte, which gives the same answers many times faster; other URLs are read by Character with
/// the same code (see ``LinkUnits``).
struct LinkResolver {
    /// The page's folder, as `Paths.directory` gives it (`/people/x`; `/` at the root).
    private let directory: String
    /// The page's folder resolved once, when it is plain.
    private let folder: Folder
    /// The path being resolved (reused from link to link).
    private var scratch = ResolvedPath()

    private enum Folder {
        /// A plain folder inside the site, resolved. It meets a plain relative path at a `/` of its own.
        case resolved(ResolvedPath)
        /// A plain folder that climbs above the root, and with it every relative path.
        case outsideSite
        /// Any other folder: relative paths are joined to it as text and read by Character, as the `/` between them
        /// can be part of a Character.
        case text
    }

    /// - Parameter pagePath: The page's path below the site root, e.g. `people/page/2/index.html`.
    init(pagePath: String) {
        directory = Paths.directory(of: "/" + pagePath)
        let text = Substring(directory)
        var resolved = ResolvedPath()
        if !Self.isPlain(text) {
            folder = .text
        } else if resolved.apply(text, text.utf8) {
            folder = .resolved(resolved)
        } else {
            folder = .outsideSite
        }
    }

    /// What `raw` (an attribute's value or a `srcset` URL) points at, and the URL as messages show it: without
    /// the white space around it.
    mutating func target(of raw: Substring) -> (url: Substring, target: LinkTarget) {
        if Self.isPlain(raw) {
            let url = Self.trimmingASCIIWhitespace(raw)
            return (url, target(url, url.utf8))
        }
        let url = Substring(String(raw).trimmingWhitespace)
        return (url, target(url, url))
    }

    /// The URLs of a `srcset` list: the first word of each comma-separated candidate (empty when it has none).
    static func srcsetURLs(in value: String) -> [Substring] {
        let text = Substring(value)
        return isPlain(text) ? srcsetURLs(text, text.utf8) : srcsetURLs(text, text)
    }

    // MARK: - Reading

    /// What `url` points at; `units` is `url` or its UTF-8 view.
    private mutating func target<Units: LinkUnits>(_ url: Substring, _ units: Units) -> LinkTarget {
        guard let first = units.first else { return .empty }
        if units.contains(where: { $0.ascii == UInt8(ascii: ":") }), let scheme = WebURL.scheme(of: String(url)) {
            return .scheme(scheme)
        }
        if first.ascii == UInt8(ascii: "/") && units.dropFirst().first?.ascii == UInt8(ascii: "/") { return .otherSite }
        if first.ascii == UInt8(ascii: "#") {
            let id = units.index(after: units.startIndex)
            return .fragment(String(Self.percentDecoded(url[id...], units[id...]) ?? url[id...]))
        }
        let end = units.firstIndex { $0.ascii == UInt8(ascii: "#") || $0.ascii == UInt8(ascii: "?") } ?? units.endIndex
        if let path = Self.percentDecoded(url[..<end], units[..<end]) {
            return Self.isPlain(path) ? resolve(path, path.utf8) : resolve(path, path)
        }
        return resolve(url[..<end], units[..<end])
    }

    /// Resolves `path` (`units` is `path` or its UTF-8 view) against the page's folder, or the root when it
    /// starts with `/`.
    private mutating func resolve<Units: LinkUnits>(_ path: Substring, _ units: Units) -> LinkTarget {
        let inside: Bool
        if units.first?.ascii == UInt8(ascii: "/") {
            scratch.reset()
            inside = scratch.apply(path, units)
        } else if Units.arePlainBytes, case .resolved(let start) = folder {
            scratch.reset(to: start)
            inside = scratch.apply(path, units)
        } else if Units.arePlainBytes, case .outsideSite = folder {
            return .outsideSite
        } else {
            let joined = Substring(directory + "/" + path)
            scratch.reset()
            inside = scratch.apply(joined, joined)
        }
        guard inside else { return .outsideSite }
        if scratch.isEmpty { return .file("index.html") }
        if units.isEmpty || units.last?.ascii == UInt8(ascii: "/") { scratch.append("/index.html") }
        return .file(scratch.string)
    }

    /// The first word of each comma-separated candidate of a `srcset`; `units` is `text` or its UTF-8 view.
    private static func srcsetURLs<Units: LinkUnits>(_ text: Substring, _ units: Units) -> [Substring] {
        func isSpace(_ unit: Units.Element) -> Bool {
            unit.ascii == UInt8(ascii: " ") || unit.ascii == UInt8(ascii: "\n") || unit.ascii == UInt8(ascii: "\t")
        }
        var urls: [Substring] = []
        var start = units.startIndex
        while start != units.endIndex {
            let end = units[start...].firstIndex { $0.ascii == UInt8(ascii: ",") } ?? units.endIndex
            if start != end {
                let word = units[start..<end].firstIndex { !isSpace($0) } ?? end
                urls.append(text[word..<(units[word..<end].firstIndex(where: isSpace) ?? end)])
            }
            start = end == units.endIndex ? end : units.index(after: end)
        }
        return urls
    }

    // MARK: - Text

    /// Whether every Character of `text` is one byte: ASCII without CR (CR LF is one Character).
    private static func isPlain(_ text: Substring) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }
        } ?? false
    }

    /// Plain `text` without the white space around it, as `trimmingWhitespace` trims ASCII (tab, LF, VT, FF, space).
    private static func trimmingASCIIWhitespace(_ text: Substring) -> Substring {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) }
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isWhitespace($0) }), let last = utf8.lastIndex(where: { !isWhitespace($0) })
        else { return text[text.endIndex...] }
        return text[first..<utf8.index(after: last)]
    }

    /// `text` percent-decoded, as a new string, when it has a `%` of its own (`units` is `text` or its UTF-8
    /// view); nil when it has none or is not valid percent-encoding.
    private static func percentDecoded<Units: LinkUnits>(_ text: Substring, _ units: Units) -> Substring? {
        guard units.contains(where: { $0.ascii == UInt8(ascii: "%") }) else { return nil }
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let b = utf8.popFirst() {
            // Two characters read as a hexadecimal UInt8, as `UInt8(_:radix:)` reads them (`+5` and `-0` too).
            if b == UInt8(ascii: "%"), utf8.count >= 2,
               let v = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        // Its Characters are read afresh: decoding can make a `/` part of a Character.
        return String(validating: bytes, as: UTF8.self).map { Substring($0) }
    }
}

/// A path below the site root built segment by segment as `Paths.normalize` builds it (no `.`, `..` or empty
/// segments), except that it refuses to climb above the root.
private struct ResolvedPath {
    /// The segments joined by `/`.
    private var bytes: [UInt8] = []
    /// The length of `bytes` before each segment was added.
    private var lengths: [Int] = []

    var isEmpty: Bool { bytes.isEmpty }
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Becomes a copy of `other` (empty by default), keeping this one's storage.
    mutating func reset(to other: ResolvedPath = ResolvedPath()) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: other.bytes)
        lengths.removeAll(keepingCapacity: true)
        lengths.append(contentsOf: other.lengths)
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Adds the segments of `text` (split at `/`; `units` is `text` or its UTF-8 view): skips empty ones and
    /// `.`, and removes the last segment for `..`.
    /// - Returns: false when a `..` climbs above the root.
    mutating func apply<Units: LinkUnits>(_ text: Substring, _ units: Units) -> Bool {
        var start = units.startIndex
        while true {
            let end = units[start...].firstIndex { $0.ascii == UInt8(ascii: "/") } ?? units.endIndex
            switch Self.dots(units[start..<end]) {
            case 0 where start != end:
                lengths.append(bytes.count)
                if !bytes.isEmpty { bytes.append(UInt8(ascii: "/")) }
                bytes.append(contentsOf: text.utf8[start..<end])
            case 2:
                guard let length = lengths.popLast() else { return false }
                bytes.removeSubrange(length...)
            default:
                break
            }
            guard end != units.endIndex else { return true }
            start = units.index(after: end)
        }
    }

    /// 1 for the segment `.`, 2 for `..`, else 0.
    private static func dots<Segment: Collection>(_ segment: Segment) -> Int where Segment.Element: LinkUnit {
        var count = 0
        for unit in segment {
            guard unit.ascii == UInt8(ascii: "."), count < 2 else { return 0 }
            count += 1
        }
        return count
    }
}

/// One unit of a URL as the link rules read it: a `Character`, or a byte of plain text (see ``LinkResolver``).
fileprivate protocol LinkUnit {
    /// The ASCII byte when the unit is exactly one ASCII character, else nil.
    var ascii: UInt8? { get }
}

extension Character: LinkUnit {
    fileprivate var ascii: UInt8? { utf8.count == 1 ? utf8.first : nil }
}

extension UInt8: LinkUnit {
    fileprivate var ascii: UInt8? { self < 0x80 ? self : nil }
}

/// A view of a URL's text, by Character or by byte (of plain text only), whose indices are the text's.
fileprivate protocol LinkUnits: BidirectionalCollection where Element: LinkUnit, Index == String.Index, SubSequence: LinkUnits {
    /// Whether the view reads plain text by byte.
    static var arePlainBytes: Bool { get }
}

extension Substring: LinkUnits {
    fileprivate static var arePlainBytes: Bool { false }
}

extension Substring.UTF8View: LinkUnits {
    fileprivate static var arePlainBytes: Bool { true }
}
