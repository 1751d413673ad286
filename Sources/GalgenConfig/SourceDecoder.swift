import GalgenCore

/// Decodes one entry of `sources`.
enum SourceDecoder {
    static let reservedNames: Set<String> = ["assets", "data", "img", "page", "index"]

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
        let maxAge = try reader.seconds("maxAge", range: 0...(10 * 365 * 86_400)) ?? 0
        let source: SourceConfig
        switch kind {
        case .json:
            source = try decodeJSON(&reader, node: node, path: path, name: name, title: title, maxAge: maxAge, base: base)
        case .randomuser:
            let query = try decodeRandomUser(&reader, path: path)
            var fields = RandomUserQuery.defaultFields
            if let fieldsNode = reader.node("fields") {
                fields = try decodeFields(fieldsNode, path: path + ".fields", document: document, defaults: fields)
            }
            source = SourceConfig(name: name, title: title, kind: kind, origin: .randomUser(query), items: FieldPath("results")!,
                                  fields: fields, maxAge: maxAge)
        case .itunes:
            let query = try decodeITunes(&reader, path: path)
            var fields = ITunesQuery.normalisedFields
            fields.extra = query.defaultExtra
            if let fieldsNode = reader.node("fields") {
                fields = try decodeFields(fieldsNode, path: path + ".fields", document: document, defaults: fields, extraOnly: true)
            }
            source = SourceConfig(name: name, title: title, kind: kind, origin: .iTunes(query), items: FieldPath("results")!,
                                  fields: fields, maxAge: maxAge)
        case .folder:
            source = try decodeFolder(&reader, node: node, path: path, name: name, title: title, base: base)
        case .csv, .jsonl:
            source = try decodeRecordFile(&reader, kind: kind, node: node, path: path, name: name, title: title, base: base)
        }
        var decoded = source
        if let sortNode = reader.node("sort") {
            decoded.sort = try decodeSort(sortNode, path: path + ".sort", fields: source.fields, document: document)
        }
        if let groupNode = reader.node("groupBy") {
            decoded.groupBy = try decodeGroup(groupNode, path: path + ".groupBy", fields: source.fields, document: document)
        }
        if let filtersNode = reader.node("filters") {
            decoded.filters = try decodeFilters(filtersNode, path: path + ".filters", fields: source.fields, document: document)
        }
        if let layoutNode = reader.node("layout") {
            let choices = GalleryLayout.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            guard case .string(let text) = layoutNode.value, let layout = GalleryLayout(rawValue: text) else {
                throw reader.error(.invalidValue, layoutNode, key: "layout", message: "expected \(choices)",
                                   hint: "\"justified\" keeps each picture's shape in rows; \"grid\" crops them to squares")
            }
            decoded.layout = layout
        }
        try reader.finish()
        return decoded
    }

    private static func decodeJSON(_ reader: inout ConfigReader, node: JSONNode, path: String, name: String, title: String,
                                   maxAge: Double, base: String) throws(ConfigError) -> SourceConfig {
        let document = reader.document
        let file = try reader.string("path", example: "\"Samples/people.json\"")
        let url = try self.url(&reader, key: "url", path: path)
        let origin: SourceConfig.Origin
        switch (file, url) {
        case (let file?, nil):
            if file.isEmpty {
                throw ConfigReader.error(.invalidValue, at: node.offset, path: path + ".path", document: document,
                                         message: "the path is empty", hint: "name the JSON file, relative to config.json")
            }
            if reader.node("paging") != nil {
                throw ConfigReader.error(.invalidValue, at: node.offset, path: path + ".paging", document: document,
                                         message: "paging applies to a \"url\" source, not a local file", hint: "remove \"paging\"")
            }
            origin = .file(Paths.resolve(file, against: base))
        case (nil, let url?):
            origin = .url(url, paging: try decodePaging(&reader, path: path))
        case (nil, nil):
            throw ConfigReader.error(.missingKey, at: node.offset, path: path + ".path", document: document,
                                     message: "a json source needs \"path\" (a local file) or \"url\"",
                                     hint: "add \"path\": \"Samples/people.json\" or \"url\": \"https://example.org/items.json\"")
        case (_?, _?):
            throw ConfigReader.error(.invalidValue, at: node.offset, path: path + ".url", document: document,
                                     message: "a json source has either \"path\" or \"url\", not both", hint: "remove one of them")
        }
        let items = try fieldPath(&reader, key: "items", path: path) ?? FieldPath("")!
        let fieldsNode = try reader.require("fields", "{ \"id\": \"id\", \"title\": \"title\", \"image\": \"image\" }")
        let fields = try decodeFields(fieldsNode, path: path + ".fields", document: document)
        return SourceConfig(name: name, title: title, kind: .json, origin: origin, items: items, fields: fields, maxAge: maxAge)
    }

    private static func decodePaging(_ reader: inout ConfigReader, path: String) throws(ConfigError) -> Paging {
        guard let node = reader.node("paging") else { return Paging() }
        let full = path + ".paging"
        var paging = try ConfigReader(node, path: full, document: reader.document)
        let next = try fieldPath(&paging, key: "next", path: full)
        let parameter = try paging.string("parameter", example: "\"page\"")
        let start = try paging.int("start", range: 0...1_000_000)
        let maxPages = try paging.int("maxPages", range: 1...100_000) ?? Paging.defaultMaxPages
        try paging.finish()
        switch (next, parameter) {
        case (let next?, nil):
            if start != nil {
                throw paging.error(.invalidValue, node, key: "start", message: "\"start\" goes with \"parameter\", not \"next\"", hint: "remove \"start\"")
            }
            return Paging(mode: .nextLink(next), maxPages: maxPages)
        case (nil, let parameter?):
            guard !parameter.isEmpty, parameter.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                throw paging.error(.invalidValue, node, key: "parameter", message: "\"\(parameter)\" is not a query parameter name",
                                   hint: "use letters, digits, '_' or '-', e.g. \"page\"")
            }
            return Paging(mode: .parameter(parameter, start: start ?? 1), maxPages: maxPages)
        case (nil, nil):
            throw paging.error(.missingKey, node, key: "next", message: "paging needs \"next\" (the path of the next page's URL) or \"parameter\"",
                               hint: "e.g. \"paging\": { \"next\": \"links.next\" } or { \"parameter\": \"page\", \"start\": 1 }")
        case (_?, _?):
            throw paging.error(.invalidValue, node, key: "parameter", message: "paging has either \"next\" or \"parameter\", not both",
                               hint: "remove one of them")
        }
    }

    private static func decodeRandomUser(_ reader: inout ConfigReader, path: String) throws(ConfigError) -> RandomUserQuery {
        let url = try self.url(&reader, key: "url", path: path) ?? RandomUserQuery.defaultURL
        let count = try reader.int("count", range: 1...1_000_000) ?? 50
        let seed = try reader.string("seed", example: "\"galgen\"") ?? "galgen"
        let nat = try reader.string("nat", example: "\"us,gb\"")
        if let nat, nat.isEmpty || !nat.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == ",") }) {
            throw reader.error(.invalidValue, reader.node("nat")!, key: "nat", message: "\"\(nat)\" is not a list of nationality codes",
                               hint: "e.g. \"nat\": \"us,gb,fr\" (randomuser ignores the whole list if one code is unknown)")
        }
        let perRequest = try reader.int("perRequest", range: 1...5000) ?? 1000
        return RandomUserQuery(url: url, count: count, seed: seed, nationalities: nat?.lowercased(), perRequest: perRequest)
    }

    private static func decodeITunes(_ reader: inout ConfigReader, path: String) throws(ConfigError) -> ITunesQuery {
        let url = try self.url(&reader, key: "url", path: path) ?? ITunesQuery.defaultURL
        let termNode = try reader.require("term", "\"photo editor\"")
        guard case .string(let term) = termNode.value, !term.trimmingWhitespace.isEmpty else {
            throw reader.error(.invalidValue, termNode, key: "term", message: "expected the search words as a non-empty string",
                               hint: "e.g. \"term\": \"photo editor\"")
        }
        let media = try reader.string("media", example: "\"software\"")
        let entity = try reader.string("entity", example: "\"software\"")
        let country = try reader.string("country", example: "\"us\"") ?? "us"
        if country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw reader.error(.invalidValue, reader.node("country")!, key: "country", message: "\"\(country)\" is not a two-letter country code",
                               hint: "e.g. \"country\": \"us\"")
        }
        let limit = try reader.int("limit", range: 1...200) ?? 50
        return ITunesQuery(url: url, term: term, media: media, entity: entity, country: country.lowercased(), limit: limit)
    }

    private static func url(_ reader: inout ConfigReader, key: String, path: String) throws(ConfigError) -> String? {
        guard let node = reader.node(key) else { return nil }
        guard case .string(let text) = node.value, let url = WebURL.httpURL(text) else {
            throw reader.error(.invalidValue, node, key: key, message: "expected an absolute http(s) URL",
                               hint: "e.g. \"\(key)\": \"https://example.org/items.json\"")
        }
        return url
    }

    static func isURLSafeName(_ name: String) -> Bool {
        guard (1...64).contains(name.count), let first = name.unicodeScalars.first,
            (0x61...0x7A).contains(first.value) || (0x30...0x39).contains(first.value)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            (0x61...0x7A).contains($0.value) || (0x30...0x39).contains($0.value) || $0 == "-" || $0 == "_"
        }
    }

    /// A source's `fields`. With `defaults` (randomuser, iTunes) every key is optional and replaces
    /// only its default (`"extra": {}` removes the default extra fields); `extraOnly` allows `extra` alone.
    static func decodeFields(_ node: JSONNode, path: String, document: JSONDocument, defaults: FieldMapping? = nil,
                                     extraOnly: Bool = false) throws(ConfigError) -> FieldMapping {
        var reader = try ConfigReader(node, path: path, document: document)
        var mapping: FieldMapping
        if extraOnly, let defaults {
            mapping = defaults
        } else {
            let id = try fieldPath(&reader, key: "id", path: path, required: defaults == nil) ?? defaults?.id
            var title = try fieldPaths(&reader, key: "title", path: path)
            if title.isEmpty, let defaults { title = defaults.title }
            if title.isEmpty {
                throw ConfigReader.error(.missingKey, at: node.offset, path: path + ".title", document: document,
                                         message: "missing required key \"title\"",
                                         hint: "add \"title\": \"name\" or several paths: [\"name.first\", \"name.last\"]")
            }
            let subtitle = reader.node("subtitle") == nil ? (defaults?.subtitle ?? []) : try fieldPaths(&reader, key: "subtitle", path: path)
            let image = try fieldPath(&reader, key: "image", path: path) ?? defaults?.image
            let link = try fieldPath(&reader, key: "link", path: path) ?? defaults?.link
            guard let id else { fatalError("unreachable: id is required without defaults") }
            mapping = FieldMapping(id: id, title: title, subtitle: subtitle, image: image, link: link, extra: defaults?.extra ?? [])
        }
        if let extraNode = reader.node("extra") {
            mapping.extra = try decodeExtra(extraNode, path: path + ".extra", document: document)
        }
        try reader.finish()
        return mapping
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

    static func parse(_ node: JSONNode, path: String, document: JSONDocument) throws(ConfigError) -> FieldPath {
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
