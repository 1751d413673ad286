import GalgenCore

/// Decodes one entry of `sources`.
enum SourceDecoder {
    static let reservedNames: Set<String> = ["assets", "img", "page", "index"]

    static func decode(_ node: JSONNode, path: String, document: JSONDocument, base: String) throws(ConfigError) -> SourceConfig {
        var reader = try ConfigReader(node, path: path, document: document)
        let nameNode = try reader.require("name", "\"people\"")
        guard case .string(let name) = nameNode.value, isURLSafeName(name) else {
            throw reader.error(.invalidValue, nameNode, key: "name",
                               message: "a source name must be 1–64 lowercase letters, digits, '-' or '_', starting with a letter or digit",
                               hint: "e.g. \"name\": \"people\"")
        }
        if reservedNames.contains(name) {
            throw reader.error(.invalidValue, nameNode, key: "name", message: "\"\(name)\" is reserved for galgen's own output",
                               hint: "choose another name")
        }
        let typeNode = try reader.require("type", "\"json\"")
        let supported = SourceConfig.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let typeName) = typeNode.value, let kind = SourceConfig.Kind(rawValue: typeName) else {
            throw reader.error(.invalidValue, typeNode, key: "type",
                               message: "unsupported source type \(typeNode.value.scalarText.map { "\"\($0)\"" } ?? typeNode.value.kindName)",
                               hint: "supported types: \(supported)")
        }
        let title = try reader.string("title") ?? name
        let file = try reader.string("path", required: true, example: "\"Samples/people.json\"") ?? ""
        if file.isEmpty {
            throw ConfigReader.error(.invalidValue, at: node.offset, path: path + ".path", document: document,
                                     message: "the path is empty", hint: "name the JSON file, relative to config.json")
        }
        let items = try fieldPath(&reader, key: "items", path: path) ?? FieldPath("")!
        let fieldsNode = try reader.require("fields", "{ \"id\": \"id\", \"title\": \"title\", \"image\": \"image\" }")
        let fields = try decodeFields(fieldsNode, path: path + ".fields", document: document)
        try reader.finish()
        return SourceConfig(name: name, title: title, kind: kind, path: Paths.resolve(file, against: base), items: items, fields: fields)
    }

    static func isURLSafeName(_ name: String) -> Bool {
        guard (1...64).contains(name.count), let first = name.unicodeScalars.first,
            (0x61...0x7A).contains(first.value) || (0x30...0x39).contains(first.value)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            (0x61...0x7A).contains($0.value) || (0x30...0x39).contains($0.value) || $0 == "-" || $0 == "_"
        }
    }

    private static func decodeFields(_ node: JSONNode, path: String, document: JSONDocument) throws(ConfigError) -> FieldMapping {
        var reader = try ConfigReader(node, path: path, document: document)
        guard let id = try fieldPath(&reader, key: "id", path: path, required: true) else {
            fatalError("unreachable: required")
        }
        let title = try fieldPaths(&reader, key: "title", path: path)
        if title.isEmpty {
            throw ConfigReader.error(.missingKey, at: node.offset, path: path + ".title", document: document,
                                     message: "missing required key \"title\"",
                                     hint: "add \"title\": \"name\" or several paths: [\"name.first\", \"name.last\"]")
        }
        let subtitle = try fieldPaths(&reader, key: "subtitle", path: path)
        let image = try fieldPath(&reader, key: "image", path: path)
        let link = try fieldPath(&reader, key: "link", path: path)
        try reader.finish()
        return FieldMapping(id: id, title: title, subtitle: subtitle, image: image, link: link)
    }

    private static func fieldPath(_ reader: inout ConfigReader, key: String, path: String, required: Bool = false) throws(ConfigError) -> FieldPath? {
        let found: JSONNode?
        if required { found = try reader.require(key, "\"dotted.path\"") } else { found = reader.node(key) }
        guard let found else { return nil }
        return try parse(found, path: ConfigReader.join(path, key), document: reader.document)
    }

    private static func fieldPaths(_ reader: inout ConfigReader, key: String, path: String) throws(ConfigError) -> [FieldPath] {
        guard let found = reader.node(key) else { return [] }
        let full = ConfigReader.join(path, key)
        if case .array(let items) = found.value {
            var result: [FieldPath] = []
            for (i, item) in items.enumerated() { result.append(try parse(item, path: "\(full)[\(i)]", document: reader.document)) }
            return result
        }
        return [try parse(found, path: full, document: reader.document)]
    }

    private static func parse(_ node: JSONNode, path: String, document: JSONDocument) throws(ConfigError) -> FieldPath {
        guard case .string(let text) = node.value else {
            throw ConfigReader.error(.wrongType, at: node.offset, path: path, document: document,
                                     message: "expected a dotted path string, found \(node.value.kindName)",
                                     hint: "e.g. \"picture.large\"")
        }
        guard let fieldPath = FieldPath(text) else {
            throw ConfigReader.error(.invalidValue, at: node.offset, path: path, document: document,
                                     message: "\"\(text)\" has an empty segment", hint: "write segments separated by single dots, e.g. \"name.first\"")
        }
        return fieldPath
    }
}
