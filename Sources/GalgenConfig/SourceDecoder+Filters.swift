import GalgenCore

/// `filters` of a source: the fields its gallery can be narrowed by (docs/search.md, "Filters").
extension SourceDecoder {
    /// `"filters": ["genre", {"field": "price", "ranges": [0, 1, 5]}, {"field": "rating", "atLeast": [3, 4]}]`;
    /// `{"field": "genre", "pages": true}` gives each value pages of its own; `"cards": true | false` says whether its
    /// values get card blocks (docs/search.md, "Cards").
    static func decodeFilters(_ node: JSONNode, path: String, fields: FieldMapping, document: JSONDocument) throws(ConfigError) -> [FilterSpec] {
        guard case .array(let entries) = node.value else {
            throw ConfigReader.error(.wrongType, at: node.offset, path: path, document: document,
                                     message: "expected a list of filters, found \(node.value.kindName)",
                                     hint: "e.g. \"filters\": [\"genre\", { \"field\": \"price\", \"ranges\": [0, 1, 5] }]")
        }
        var filters: [FilterSpec] = []
        for (i, entry) in entries.enumerated() {
            let full = "\(path)[\(i)]"
            let filter = try decodeFilter(entry, path: full, fields: fields, document: document)
            if filters.contains(where: { $0.field == filter.field }) {
                throw ConfigReader.error(.invalidValue, at: entry.offset, path: full, document: document,
                                         message: "\"\(filter.field)\" is filtered by twice", hint: "keep one filter per field")
            }
            if filter.pages, let first = filters.first(where: \.pages) {
                throw ConfigReader.error(.invalidValue, at: entry.offset, path: full, document: document,
                                         message: "\"\(first.field)\" already has pages of its own; one filter of a source can have them",
                                         hint: "remove \"pages\" from \"\(filter.field)\" or from \"\(first.field)\"")
            }
            filters.append(filter)
        }
        return filters
    }

    private static func decodeFilter(_ entry: JSONNode, path: String, fields: FieldMapping, document: JSONDocument) throws(ConfigError) -> FilterSpec {
        switch entry.value {
        case .string(let name):
            try checkFieldName(name, node: entry, path: path, fields: fields, document: document)
            return FilterSpec(field: name)
        case .object:
            var reader = try ConfigReader(entry, path: path, document: document)
            let fieldNode = try reader.require("field", "\"price\"")
            guard case .string(let name) = fieldNode.value else {
                throw reader.error(.wrongType, fieldNode, key: "field", message: "expected a field name, found \(fieldNode.value.kindName)",
                                   hint: "e.g. \"field\": \"price\"")
            }
            try checkFieldName(name, node: fieldNode, path: ConfigReader.join(path, "field"), fields: fields, document: document)
            let ranges = reader.node("ranges"), atLeast = reader.node("atLeast")
            var kind = FilterSpec.Kind.value
            if ranges != nil && atLeast != nil {
                throw reader.error(.invalidValue, atLeast!, key: "atLeast", message: "a filter has either \"ranges\" or \"atLeast\", not both",
                                   hint: "write two filters on two fields, or remove one")
            }
            if let boundsNode = ranges ?? atLeast {
                let key = ranges != nil ? "ranges" : "atLeast"
                let type = fields.type(ofField: name) ?? .text
                guard FieldSpec.itemFieldNames.contains(name) == false, type.isNumeric else {
                    throw reader.error(.invalidValue, boundsNode, key: key, message: "\"\(key)\" needs a numeric field; \"\(name)\" is \(type.rawValue)",
                                       hint: "give \"\(name)\" a numeric \"type\" (number, currency, rating, duration, date) in fields.extra, or filter by its values: \"\(name)\"")
                }
                let bounds = try decodeBounds(boundsNode, path: ConfigReader.join(path, key), key: key, document: document)
                kind = ranges != nil ? .ranges(bounds) : .atLeast(bounds)
            }
            let pages = try reader.bool("pages") ?? false
            let cards = try reader.bool("cards")
            try reader.finish()
            return FilterSpec(field: name, kind: kind, pages: pages, cards: cards)
        default:
            throw ConfigReader.error(.wrongType, at: entry.offset, path: path, document: document,
                                     message: "expected a field name or an object, found \(entry.value.kindName)",
                                     hint: "e.g. \"genre\" or { \"field\": \"price\", \"ranges\": [0, 1, 5] }")
        }
    }

    /// A non-empty list of strictly ascending numbers.
    private static func decodeBounds(_ node: JSONNode, path: String, key: String, document: JSONDocument) throws(ConfigError) -> [Double] {
        let example = key == "ranges" ? "e.g. \"ranges\": [0, 1, 5] for under 1, 1 to 5 and 5 or more" : "e.g. \"atLeast\": [3, 4]"
        guard case .array(let items) = node.value, !items.isEmpty else {
            throw ConfigReader.error(node.value.isArray ? .invalidValue : .wrongType, at: node.offset, path: path, document: document,
                                     message: "expected a non-empty list of ascending numbers", hint: example)
        }
        var bounds: [Double] = []
        for (i, item) in items.enumerated() {
            guard case .number(let text) = item.value, let value = Double(text), value.isFinite else {
                throw ConfigReader.error(.wrongType, at: item.offset, path: "\(path)[\(i)]", document: document,
                                         message: "expected a number, found \(item.value.kindName)", hint: example)
            }
            if let last = bounds.last, value <= last {
                throw ConfigReader.error(.invalidValue, at: item.offset, path: "\(path)[\(i)]", document: document,
                                         message: "\(text) is not above the bound before it; the list must be strictly ascending", hint: example)
            }
            bounds.append(value)
        }
        return bounds
    }
}

private extension JSONValue {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
