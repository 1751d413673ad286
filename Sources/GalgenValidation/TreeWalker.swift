import CLibXML2
import GalgenCore

/// Walks a parsed page and records every rule it breaks.
struct TreeWalker {
    let path: String
    let source: SourceLines
    let exists: @Sendable (String) -> Bool
    private(set) var issues: [ValidationIssue] = []
    private var ids: [String: Int] = [:]
    private var fragments: [(id: String, line: Int, column: Int)] = []
    private var tagsSeen: [String: Int] = [:]
    private var titles = 0

    init(path: String, source: SourceLines, exists: @escaping @Sendable (String) -> Bool) {
        self.path = path
        self.source = source
        self.exists = exists
    }

    mutating func issue(line: Int, column: Int, code: String, _ message: String) {
        issues.append(ValidationIssue(page: path, line: line, column: column, code: code, message: message))
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
        if attribute("lang", of: root) == nil {
            issue(line: line(of: root), column: 1, code: "lang", "<html> needs a lang attribute")
        }
        walk(root, foreign: false)
        if titles != 1 {
            issue(line: 1, column: 1, code: "title", titles == 0 ? "the page has no non-empty <title>" : "the page has \(titles) <title> elements")
        }
        for f in fragments where ids[f.id] == nil {
            issue(line: f.line, column: f.column, code: "broken-fragment", "link to #\(f.id), but no element on this page has that id")
        }
    }

    // MARK: - Tree

    private func name(of node: UnsafeMutablePointer<xmlNode>) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private func line(of node: UnsafeMutablePointer<xmlNode>) -> Int { Int(xmlGetLineNo(node)) }

    private func attribute(_ attr: String, of node: UnsafeMutablePointer<xmlNode>) -> String? {
        attributes(of: node).first { $0.name == attr }?.value
    }

    private func attributes(of node: UnsafeMutablePointer<xmlNode>) -> [(name: String, value: String)] {
        var result: [(String, String)] = []
        var attr = node.pointee.properties
        while let a = attr {
            let attrName = a.pointee.name.map { String(cString: $0) } ?? ""
            var value = ""
            if let raw = xmlNodeListGetString(node.pointee.doc, a.pointee.children, 1) {
                value = String(cString: raw)
                galgen_xmlFree(raw)
            }
            result.append((attrName, value))
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
        let lineNumber = line(of: node)
        let key = "\(lineNumber):\(element)"
        let occurrence = tagsSeen[key, default: 0]
        tagsSeen[key] = occurrence + 1
        let column = source.column(ofTag: element, line: lineNumber, occurrence: occurrence)
        let attrs = attributes(of: node)
        let isForeign = foreign || element == "svg" || element == "math"

        if !isForeign && !HTMLRules.knownElements.contains(element) {
            issue(line: lineNumber, column: column, code: "unknown-element",
                  "unknown element <\(element)> (record text that was not escaped?)")
        }
        checkAttributes(attrs, element: element, line: lineNumber, column: column)
        if !isForeign {
            switch element {
            case "img": checkImage(attrs, line: lineNumber, column: column)
            case "script": checkScript(attrs, line: lineNumber, column: column)
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

    private mutating func checkAttributes(_ attrs: [(name: String, value: String)], element: String, line: Int, column: Int) {
        for (attr, value) in attrs {
            let lower = attr.lowercased()
            if lower.hasPrefix("on") {
                issue(line: line, column: column, code: "event-handler",
                      "<\(element)> has an event handler attribute \(attr); scripts belong in external files")
            }
            if lower == "id" {
                if let first = ids[value] {
                    issue(line: line, column: column, code: "duplicate-id", "duplicate id \"\(value)\" (first used on line \(first))")
                } else {
                    ids[value] = line
                }
            }
            if HTMLRules.urlAttributes[element]?.contains(lower) == true || lower == "href" || lower == "xlink:href" {
                checkURL(value, element: element, attribute: attr, line: line, column: column)
            }
            if HTMLRules.srcsetAttributes[element]?.contains(lower) == true {
                for candidate in value.split(separator: ",") {
                    let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first.map(String.init) ?? ""
                    checkURL(url, element: element, attribute: attr, line: line, column: column)
                }
            }
        }
    }

    private mutating func checkImage(_ attrs: [(name: String, value: String)], line: Int, column: Int) {
        let names = Set(attrs.map(\.name))
        for required in ["src", "alt", "width", "height"] where !names.contains(required) {
            issue(line: line, column: column, code: "img-\(required)", "<img> without \(required)")
        }
        for dimension in ["width", "height"] {
            guard let value = attrs.first(where: { $0.name == dimension })?.value else { continue }
            if Int(value).map({ $0 <= 0 }) ?? true || value.hasPrefix("+") || value.hasPrefix("0") {
                issue(line: line, column: column, code: "img-\(dimension)", "<img> \(dimension)=\"\(value)\" is not a positive whole number")
            }
        }
    }

    private mutating func checkScript(_ attrs: [(name: String, value: String)], line: Int, column: Int) {
        if let src = attrs.first(where: { $0.name == "src" })?.value {
            if WebURL.scheme(of: src) != nil || src.hasPrefix("//") {
                issue(line: line, column: column, code: "external-script", "<script src=\"\(src)\"> loads code from outside the site")
            }
            return
        }
        let type = attrs.first(where: { $0.name == "type" })?.value.lowercased() ?? ""
        if !HTMLRules.dataScriptTypes.contains(type) {
            issue(line: line, column: column, code: "inline-script",
                  "inline <script> (record text that was not escaped?); scripts must be files of the site, data must be type=\"application/json\"")
        }
    }

    private mutating func checkURL(_ raw: String, element: String, attribute: String, line: Int, column: Int) {
        let value = raw.trimmingWhitespace
        if value.isEmpty {
            issue(line: line, column: column, code: "empty-url", "<\(element)> has an empty \(attribute)")
            return
        }
        if let scheme = WebURL.scheme(of: value) {
            let dataImage = scheme == "data" && (element == "img" || element == "source")
            if HTMLRules.forbiddenSchemes.contains(scheme) && !dataImage {
                issue(line: line, column: column, code: "forbidden-url", "<\(element) \(attribute)> uses a \(scheme): URL")
            }
            return
        }
        if value.hasPrefix("//") { return }
        if value.hasPrefix("#") {
            fragments.append((String(value.dropFirst()).removingPercentEncodingIfPossible, line, column))
            return
        }
        var target = value
        if let i = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<i]) }
        target = target.removingPercentEncodingIfPossible
        let base = target.hasPrefix("/") ? "" : Paths.directory(of: "/" + path)
        let joined = base + "/" + target
        // Reject paths that climb above the site root.
        var depth = 0
        for segment in joined.split(separator: "/") {
            if segment == ".." { depth -= 1 } else if segment != "." { depth += 1 }
            if depth < 0 {
                issue(line: line, column: column, code: "outside-site", "<\(element) \(attribute)=\"\(value)\"> points outside the site")
                return
            }
        }
        var resolved = String(Paths.normalize(joined).dropFirst())
        if resolved.isEmpty || target.hasSuffix("/") || target.isEmpty {
            resolved += resolved.isEmpty || resolved.hasSuffix("/") ? "index.html" : "/index.html"
        }
        if !exists(resolved) && !exists(resolved + "/index.html") {
            issue(line: line, column: column, code: "broken-link",
                  "<\(element) \(attribute)=\"\(value)\"> does not resolve to a file of the output (\(resolved))")
        }
    }

    // MARK: - Text checks

    /// Finds `<x … />` on elements that are not void, outside `<svg>` and `<math>`.
    mutating func checkSelfClosing() {
        var foreignDepth = 0
        for (index, text) in source.lines.enumerated() {
            // Bytes, not Characters: this reads every line of every page. Tag names are ASCII.
            let bytes = Array(text.utf8)
            var i = 0
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count else { i += 1; continue }
                let closing = bytes[i + 1] == UInt8(ascii: "/")
                var j = i + (closing ? 2 : 1)
                let nameStart = j
                while j < bytes.count, Self.isTagNameByte(bytes[j]) { j += 1 }
                if j == nameStart { i += 1; continue }
                let tagName = String(decoding: bytes[nameStart..<j], as: UTF8.self)
                var quote: UInt8?
                while j < bytes.count {
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
                let selfClosing = j < bytes.count && j > 0 && bytes[j - 1] == UInt8(ascii: "/")
                let lower = tagName.lowercased()
                let isForeignRoot = lower == "svg" || lower == "math"
                if isForeignRoot && closing { foreignDepth = max(0, foreignDepth - 1) }
                if !closing && selfClosing && foreignDepth == 0 && !isForeignRoot && !HTMLRules.voidElements.contains(lower) {
                    issue(line: index + 1, column: SourceLines.characterColumn(text, byteOffset: i), code: "self-closing",
                          "<\(tagName) /> is not a void element; HTML reads it as an open tag: write <\(tagName)></\(tagName)>")
                }
                if isForeignRoot && !closing && !selfClosing { foreignDepth += 1 }
                i = max(j, i + 1)
            }
        }
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

extension String {
    /// Percent-decoded form, or the string itself when it is not valid percent-encoding.
    var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let b = utf8.popFirst() {
            if b == UInt8(ascii: "%"), utf8.count >= 2,
                let v = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
