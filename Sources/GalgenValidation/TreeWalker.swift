import CLibXML2
import GalgenCore

/// Walks a parsed page and records every rule it breaks.
struct TreeWalker {
    let path: String
    let source: SourceLines
    let exists: @Sendable (String) -> Bool
    private(set) var issues: [ValidationIssue] = []
    private var links: LinkResolver
    private var ids: [String: Int] = [:]
    private var fragments: [(id: String, place: ElementPlace)] = []
    /// How many elements of each name were met on each line so far.
    private var tagsSeen: [TagOnLine: Int] = [:]
    private var titles = 0

    init(path: String, source: SourceLines, exists: @escaping @Sendable (String) -> Bool) {
        self.path = path
        self.source = source
        self.exists = exists
        links = LinkResolver(pagePath: path)
    }

    mutating func issue(line: Int, column: Int, code: String, _ message: String) {
        issues.append(ValidationIssue(page: path, line: line, column: column, code: code, message: message))
    }

    /// Reports an issue of an element, at the column of its start tag.
    private mutating func issue(at place: ElementPlace, code: String, _ message: String) {
        let column = source.column(ofTag: place.name, line: place.line, occurrence: place.occurrence)
        issue(line: place.line, column: column, code: code, message)
    }

    mutating func checkDocument(_ doc: xmlDocPtr) {
        let doctype = doc.pointee.intSubset.flatMap { $0.pointee.name.map { String(cString: $0) } }
        if doctype?.lowercased() != "html" {
            issue(line: 1, column: 1, code: "doctype", "missing <!DOCTYPE html>")
        }
        guard let root = xmlDocGetRootElement(doc) else {
            issue(line: 1, column: 1, code: "no-root", "the page has no root element")
            return
        }
        if name(of: root) != "html" {
            issue(line: line(of: root), column: 1, code: "root", "the root element must be <html>, not <\(name(of: root))>")
        }
        if !attributes(of: root).contains(where: { $0.name == "lang" }) {
            issue(line: line(of: root), column: 1, code: "lang", "<html> needs a lang attribute")
        }
        walk(root, foreign: false)
        if titles != 1 {
            issue(line: 1, column: 1, code: "title", titles == 0 ? "the page has no non-empty <title>" : "the page has \(titles) <title> elements")
        }
        for f in fragments where ids[f.id] == nil {
            issue(at: f.place, code: "broken-fragment", "link to #\(f.id), but no element on this page has that id")
        }
    }

    // MARK: - Tree

    /// An element as issues name it: its start tag is the `occurrence`-th (from 0) `<name` on `line`. The column
    /// is found from this only when an issue needs it.
    private struct ElementPlace {
        let name: String
        let line: Int
        let occurrence: Int
    }

    /// A tag name on a line, to count the elements of each name on each line.
    private struct TagOnLine: Hashable {
        let line: Int
        let name: String
    }

    /// One attribute of an element; its value is read from the tree only when a rule needs it.
    private struct Attribute {
        /// The name as written (the page is parsed as XML, which keeps case).
        let name: String
        let node: UnsafeMutablePointer<xmlAttr>

        /// The value, with character references resolved.
        var value: String {
            guard let raw = xmlNodeListGetString(node.pointee.doc, node.pointee.children, 1) else { return "" }
            defer { galgen_xmlFree(raw) }
            return String(cString: raw)
        }
    }

    private func name(of node: UnsafeMutablePointer<xmlNode>) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private func line(of node: UnsafeMutablePointer<xmlNode>) -> Int { Int(xmlGetLineNo(node)) }

    /// Where the element `node`, named `element`, is; counts it among the start tags of its name on its line.
    private mutating func place(of node: UnsafeMutablePointer<xmlNode>, named element: String) -> ElementPlace {
        let line = line(of: node)
        /// The count so far, which then counts this element too (one dictionary lookup for both).
        func countingThis(_ count: inout Int) -> Int {
            defer { count += 1 }
            return count
        }
        let occurrence = countingThis(&tagsSeen[TagOnLine(line: line, name: element), default: 0])
        return ElementPlace(name: element, line: line, occurrence: occurrence)
    }

    private func attributes(of node: UnsafeMutablePointer<xmlNode>) -> [Attribute] {
        var result: [Attribute] = []
        var attr = node.pointee.properties
        while let a = attr {
            result.append(Attribute(name: a.pointee.name.map { String(cString: $0) } ?? "", node: a))
            attr = a.pointee.next
        }
        return result
    }

    private func textContent(_ node: UnsafeMutablePointer<xmlNode>) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { galgen_xmlFree(raw) }
        return String(cString: raw)
    }

    private mutating func walk(_ node: UnsafeMutablePointer<xmlNode>, foreign: Bool) {
        let element = name(of: node)
        let place = place(of: node, named: element)
        let attrs = attributes(of: node)
        let isForeign = foreign || element == "svg" || element == "math"

        if !isForeign && !HTMLRules.knownElements.contains(element) {
            issue(at: place, code: "unknown-element", "unknown element <\(element)> (record text that was not escaped?)")
        }
        checkAttributes(attrs, element: element, at: place)
        if !isForeign {
            switch element {
            case "img": checkImage(attrs, at: place)
            case "script": checkScript(attrs, at: place)
            case "title":
                if !textContent(node).trimmingWhitespace.isEmpty { titles += 1 }
            default: break
            }
        }
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { walk(c, foreign: isForeign) }
            child = c.pointee.next
        }
    }

    // MARK: - Rules

    private mutating func checkAttributes(_ attrs: [Attribute], element: String, at place: ElementPlace) {
        let urlAttributes = HTMLRules.urlAttributes[element]
        let srcsetAttributes = HTMLRules.srcsetAttributes[element]
        for attr in attrs {
            let lower = Self.lowercased(attr.name)
            if lower.hasPrefix("on") {
                issue(at: place, code: "event-handler",
                      "<\(element)> has an event handler attribute \(attr.name); scripts belong in external files")
            }
            if lower == "id" {
                let value = attr.value
                if let first = ids[value] {
                    issue(at: place, code: "duplicate-id", "duplicate id \"\(value)\" (first used on line \(first))")
                } else {
                    ids[value] = place.line
                }
            }
            if urlAttributes?.contains(lower) == true || lower == "href" || lower == "xlink:href" {
                checkURL(Substring(attr.value), element: element, attribute: attr.name, at: place)
            }
            if srcsetAttributes?.contains(lower) == true {
                for url in LinkResolver.srcsetURLs(in: attr.value) {
                    checkURL(url, element: element, attribute: attr.name, at: place)
                }
            }
        }
    }

    /// `name.lowercased()`, without making a new string for a name that has no upper-case ASCII and no
    /// non-ASCII letter (every name galgen writes).
    private static func lowercased(_ name: String) -> String {
        name.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 >= 0x80 } ? name.lowercased() : name
    }

    private mutating func checkImage(_ attrs: [Attribute], at place: ElementPlace) {
        for required in ["src", "alt", "width", "height"] where !attrs.contains(where: { $0.name == required }) {
            issue(at: place, code: "img-\(required)", "<img> without \(required)")
        }
        for dimension in ["width", "height"] {
            guard let value = attrs.first(where: { $0.name == dimension })?.value else { continue }
            if Int(value).map({ $0 <= 0 }) ?? true || value.hasPrefix("+") || value.hasPrefix("0") {
                issue(at: place, code: "img-\(dimension)", "<img> \(dimension)=\"\(value)\" is not a positive whole number")
            }
        }
    }

    private mutating func checkScript(_ attrs: [Attribute], at place: ElementPlace) {
        if let src = attrs.first(where: { $0.name == "src" })?.value {
            if WebURL.scheme(of: src) != nil || src.hasPrefix("//") {
                issue(at: place, code: "external-script", "<script src=\"\(src)\"> loads code from outside the site")
            }
            return
        }
        let type = attrs.first(where: { $0.name == "type" })?.value.lowercased() ?? ""
        if !HTMLRules.dataScriptTypes.contains(type) {
            issue(at: place, code: "inline-script",
                  "inline <script> (record text that was not escaped?); scripts must be files of the site, data must be type=\"application/json\"")
        }
    }

    private mutating func checkURL(_ raw: Substring, element: String, attribute: String, at place: ElementPlace) {
        let (url, target) = links.target(of: raw)
        switch target {
        case .empty:
            issue(at: place, code: "empty-url", "<\(element)> has an empty \(attribute)")
        case .scheme(let scheme):
            let dataImage = scheme == "data" && (element == "img" || element == "source")
            if HTMLRules.forbiddenSchemes.contains(scheme) && !dataImage {
                issue(at: place, code: "forbidden-url", "<\(element) \(attribute)> uses a \(scheme): URL")
            }
        case .otherSite:
            break
        case .fragment(let id):
            fragments.append((id, place))
        case .outsideSite:
            issue(at: place, code: "outside-site", "<\(element) \(attribute)=\"\(url)\"> points outside the site")
        case .file(let resolved):
            if !exists(resolved) && !exists(resolved + "/index.html") {
                issue(at: place, code: "broken-link",
                      "<\(element) \(attribute)=\"\(url)\"> does not resolve to a file of the output (\(resolved))")
            }
        }
    }

    // MARK: - Text checks

    /// Finds `<x … />` on elements that are not void, outside `<svg>` and `<math>`. Each line is read on its own.
    mutating func checkSelfClosing() {
        var foreignDepth = 0
        // Bytes, not Characters: this reads every byte of every page. Tag names are ASCII.
        let bytes = source.bytes
        for line in 1...source.count {
            let range = source.range(ofLine: line)
            let end = range.upperBound
            var i = range.lowerBound
            while i < end {
                guard bytes[i] == UInt8(ascii: "<"), i + 1 < end else { i += 1; continue }
                let closing = bytes[i + 1] == UInt8(ascii: "/")
                var j = i + (closing ? 2 : 1)
                let nameStart = j
                while j < end, Self.isTagNameByte(bytes[j]) { j += 1 }
                if j == nameStart { i += 1; continue }
                let name = bytes[nameStart..<j]
                var quote: UInt8?
                while j < end {
                    let c = bytes[j]
                    if let q = quote {
                        if c == q { quote = nil }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        break
                    }
                    j += 1
                }
                let selfClosing = j < end && bytes[j - 1] == UInt8(ascii: "/")
                let isForeignRoot = Self.isForeignRoot(name)
                if isForeignRoot && closing { foreignDepth = max(0, foreignDepth - 1) }
                if !closing && selfClosing && foreignDepth == 0 && !isForeignRoot {
                    let tagName = String(decoding: name, as: UTF8.self)
                    if !HTMLRules.voidElements.contains(tagName.lowercased()) {
                        issue(line: line, column: source.characterColumn(line: line, byteOffset: i), code: "self-closing",
                              "<\(tagName) /> is not a void element; HTML reads it as an open tag: write <\(tagName)></\(tagName)>")
                    }
                }
                if isForeignRoot && !closing && !selfClosing { foreignDepth += 1 }
                i = max(j, i + 1)
            }
        }
    }

    /// Whether a tag name is `svg` or `math` in any ASCII case: the names whose `lowercased()` is one of those
    /// (no other character lower-cases to these letters).
    private static func isForeignRoot(_ name: ArraySlice<UInt8>) -> Bool {
        // Setting 0x20 lower-cases ASCII letters and changes no other tag-name byte into one.
        let lower = name.lazy.map { $0 | 0x20 }
        return lower.elementsEqual("svg".utf8) || lower.elementsEqual("math".utf8)
    }

    /// ASCII letters, digits, `-` and `:`; bytes of non-ASCII letters count too, as `Character.isLetter` did.
    private static func isTagNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}
