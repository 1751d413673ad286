import CLibXML2

/// The XMP values galgen reads from one packet, parsed by libxml2 (namespace-aware, no network, no entity
/// substitution, no DTD). Properties count both as attributes of a top-level `rdf:Description` and as its
/// child elements; arrays (`rdf:Alt`, `rdf:Bag`, `rdf:Seq`) give their `rdf:li` items.
struct XMPPacket {
    /// Packets larger than this are not parsed (a JPEG's is at most 64 KiB; 1 MiB leaves room for TIFF and PNG).
    static let maximumSize = 1 << 20

    var title: String?
    var caption: String?
    var keywords: [String] = []
    var creators: [String] = []
    var rating: Double?
    /// The date taken and the property it came from.
    var date: (value: String, source: String)?
    var warnings: [String] = []

    private static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    private static let dc = "http://purl.org/dc/elements/1.1/"
    private static let xmpBasic = "http://ns.adobe.com/xap/1.0/"
    private static let exif = "http://ns.adobe.com/exif/1.0/"
    private static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// One value of a property: its text and, inside an `rdf:Alt`, its `xml:lang`.
    private typealias Item = (lang: String?, text: String)

    /// The properties found, by "namespace name", in document order.
    private var properties: [String: [Item]] = [:]

    /// Parses `packet` (its bytes up to the first NUL) and picks the values.
    init(_ packet: UnsafeRawBufferPointer) {
        _ = Self.initialized
        let end = packet.firstIndex(of: 0) ?? packet.count
        let bytes = UnsafeRawBufferPointer(rebasing: packet[..<end])
        guard bytes.count <= Self.maximumSize else {
            warnings.append("The XMP packet is \(bytes.count) bytes, over the \(Self.maximumSize)-byte limit; it was not read.")
            return
        }
        // XMP forbids a DTD; refusing one up front means no entity is ever declared, let alone expanded.
        guard !Self.contains(bytes, "<!DOCTYPE"), !Self.contains(bytes, "<!ENTITY") else {
            warnings.append("The XMP packet declares a DTD or entities, which XMP does not allow; it was not read.")
            return
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = bytes.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), "xmp.xml", nil, options) }
        guard let doc = parsed else {
            warnings.append("The XMP packet is not well-formed XML; it was not read.")
            return
        }
        defer { xmlFreeDoc(doc) }
        if let root = xmlDocGetRootElement(doc) { collect(root, depth: 0) }
        pick()
    }

    /// Finds the `rdf:RDF` elements (under `x:xmpmeta` or at the root) and reads their descriptions.
    private mutating func collect(_ node: xmlNodePtr, depth: Int) {
        guard depth < 8 else { return }
        if Self.isElement(node, Self.rdf, "RDF") {
            for child in Self.elements(of: node) where Self.isElement(child, Self.rdf, "Description") { read(description: child) }
            return
        }
        for child in Self.elements(of: node) { collect(child, depth: depth + 1) }
    }

    private mutating func read(description: xmlNodePtr) {
        var attribute = description.pointee.properties
        while let a = attribute {
            if let href = a.pointee.ns?.pointee.href, let name = a.pointee.name, let value = xmlNodeListGetString(a.pointee.doc, a.pointee.children, 1) {
                add(String(cString: href), String(cString: name), (nil, String(cString: value)))
                galgen_xmlFree(value)
            }
            attribute = a.pointee.next
        }
        for property in Self.elements(of: description) {
            guard let href = property.pointee.ns?.pointee.href, let name = property.pointee.name else { continue }
            let key = (String(cString: href), String(cString: name))
            let containers = Self.elements(of: property).filter {
                Self.isElement($0, Self.rdf, "Alt") || Self.isElement($0, Self.rdf, "Bag") || Self.isElement($0, Self.rdf, "Seq")
            }
            if let array = containers.first {
                for li in Self.elements(of: array) where Self.isElement(li, Self.rdf, "li") {
                    add(key.0, key.1, (Self.lang(of: li), Self.text(of: li)))
                }
            } else if Self.elements(of: property).isEmpty {
                add(key.0, key.1, (nil, Self.text(of: property)))
            }
        }
    }

    private mutating func add(_ namespace: String, _ name: String, _ item: Item) {
        properties[namespace + " " + name, default: []].append(item)
    }

    /// The values galgen keeps, from the collected properties.
    private mutating func pick() {
        title = Self.alternative(properties[Self.dc + " title"])
        caption = Self.alternative(properties[Self.dc + " description"])
        keywords = (properties[Self.dc + " subject"] ?? []).compactMap { MetadataText.clean($0.text) }
        creators = (properties[Self.dc + " creator"] ?? []).compactMap { MetadataText.clean($0.text) }
        if let text = properties[Self.xmpBasic + " Rating"]?.first?.text, let value = Double(text.trimmingSpaces),
           (-1...5).contains(value) {
            rating = value
        }
        let dates = [(Self.exif, "DateTimeOriginal", "XMP exif:DateTimeOriginal"),
                     (Self.photoshop, "DateCreated", "XMP photoshop:DateCreated"),
                     (Self.xmpBasic, "CreateDate", "XMP xmp:CreateDate")]
        for (namespace, name, source) in dates {
            if let value = MetadataDate.xmp(properties[namespace + " " + name]?.first.flatMap { MetadataText.clean($0.text) }) {
                date = (value, source)
                break
            }
        }
    }

    /// A language alternative: the `x-default` item, else the first.
    private static func alternative(_ items: [Item]?) -> String? {
        guard let items else { return nil }
        let chosen = items.first { $0.lang?.lowercased() == "x-default" } ?? items.first
        return chosen.flatMap { MetadataText.clean($0.text) }
    }

    // MARK: - libxml2 tree

    private static func isElement(_ node: xmlNodePtr, _ namespace: String, _ name: String) -> Bool {
        guard let href = node.pointee.ns?.pointee.href, let local = node.pointee.name else { return false }
        return String(cString: local) == name && String(cString: href) == namespace
    }

    private static func elements(of node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { result.append(c) }
            child = c.pointee.next
        }
        return result
    }

    private static func text(of node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { galgen_xmlFree(content) }
        return String(cString: content)
    }

    private static func lang(of node: xmlNodePtr) -> String? {
        guard let lang = xmlNodeGetLang(node) else { return nil }
        defer { galgen_xmlFree(lang) }
        return String(cString: lang)
    }

    private static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard bytes.count >= n.count, let first = n.first else { return false }
        var at = 0
        while at + n.count <= bytes.count {
            if bytes[at] == first, bytes[at..<at + n.count].elementsEqual(n) { return true }
            at += 1
        }
        return false
    }
}

private extension String {
    var trimmingSpaces: String { MetadataText.clean(self) ?? "" }
}
