import GalgenCore

/// `fields.extra`, `sort` and `groupBy` of a source: what a collection shows, in which order, split how.
extension SourceDecoder {
    /// Names `extra` may not use: the item's own fields.
    static let coreFieldNames: Set<String> = ["id", "title", "subtitle", "image", "link"]

    /// `"extra": {"email": "email", "price": {"path": "price", "type": "currency", "currency": "USD"}}`.
    static func decodeExtra(_ node: JSONNode, path: String, document: JSONDocument) throws(ConfigError) -> [FieldSpec] {
        guard case .object(let members) = node.value else {
            throw ConfigReader.error(.wrongType, at: node.offset, path: path, document: document,
                                     message: "expected an object of named fields, found \(node.value.kindName)",
                                     hint: "e.g. \"extra\": { \"email\": \"email\", \"released\": { \"path\": \"releaseDate\", \"type\": \"date\" } }")
        }
        _ = try ConfigReader(node, path: path, document: document)  // rejects a name given twice
        var fields: [FieldSpec] = []
        for member in members {
            let full = ConfigReader.join(path, member.key)
            guard isFieldName(member.key) else {
                throw ConfigReader.error(.invalidValue, at: member.keyOffset, path: full, document: document,
                                         message: "\"\(member.key)\" is not a field name",
                                         hint: "use 1–40 ASCII letters, digits or '_', starting with a letter, e.g. \"releaseDate\"")
            }
            guard !coreFieldNames.contains(member.key) else {
                throw ConfigReader.error(.invalidValue, at: member.keyOffset, path: full, document: document,
                                         message: "\"\(member.key)\" is one of the item's own fields, not an extra one",
                                         hint: "map it beside \"extra\" (fields.\(member.key)), or give the extra field another name")
            }
            fields.append(try decodeField(member.key, member.node, path: full, document: document))
        }
        return fields
    }

    private static func decodeField(_ name: String, _ node: JSONNode, path: String, document: JSONDocument) throws(ConfigError) -> FieldSpec {
        if case .string = node.value { return FieldSpec(name: name, path: try parse(node, path: path, document: document)) }
        guard case .object = node.value else {
            throw ConfigReader.error(.wrongType, at: node.offset, path: path, document: document,
                                     message: "expected a dotted path or an object, found \(node.value.kindName)",
                                     hint: "e.g. \"\(name)\": \"a.b\" or { \"path\": \"a.b\", \"type\": \"date\" }")
        }
        var reader = try ConfigReader(node, path: path, document: document)
        let pathNode = try reader.require("path", "\"dotted.path\"")
        let fieldPath = try parse(pathNode, path: ConfigReader.join(path, "path"), document: document)
        var type = FieldType.text
        if let typeNode = reader.node("type") {
            let known = FieldType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard case .string(let text) = typeNode.value, let parsed = FieldType(rawValue: text) else {
                let guess = typeNode.value.scalarText.flatMap { ConfigReader.closest($0, in: FieldType.allCases.map(\.rawValue)) }
                throw reader.error(.invalidValue, typeNode, key: "type",
                                   message: "unknown field type \(typeNode.value.scalarText.map { "\"\($0)\"" } ?? typeNode.value.kindName)",
                                   hint: guess.map { "did you mean \"\($0)\"?" } ?? "use one of \(known)")
            }
            type = parsed
        }
        let label = try reader.string("label", example: "\"Release date\"")
        if let label, label.trimmingWhitespace.isEmpty {
            throw reader.error(.invalidValue, reader.node("label")!, key: "label", message: "the label is empty",
                               hint: "remove \"label\" to use the field's name, or write one")
        }
        var spec = FieldSpec(name: name, label: label.map { $0.trimmingWhitespace }, path: fieldPath, type: type)
        // Options that belong to one type only: named elsewhere, they are a mistake worth saying.
        if let currency = try typed(&reader, "currency", for: .currency, type: type, example: "\"USD\"") {
            guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw reader.error(.invalidValue, reader.node("currency")!, key: "currency",
                                   message: "\"\(currency)\" is not an ISO 4217 currency code", hint: "e.g. \"currency\": \"EUR\"")
            }
            spec.currency = currency.uppercased()
        }
        if let unit = try typed(&reader, "unit", for: .duration, type: type, example: "\"ms\"") {
            guard let parsed = FieldSpec.DurationUnit(rawValue: unit) else {
                throw reader.error(.invalidValue, reader.node("unit")!, key: "unit", message: "unknown unit \"\(unit)\"",
                                   hint: "use \"s\" (seconds, the default) or \"ms\" (milliseconds)")
            }
            spec.unit = parsed
        }
        if let maxNode = reader.node("max") {
            guard type == .rating else {
                throw reader.error(.invalidValue, maxNode, key: "max", message: "\"max\" applies to rating fields, not \(type.rawValue)",
                                   hint: "remove \"max\", or set \"type\": \"rating\"")
            }
            guard case .number(let text) = maxNode.value, let value = Double(text), value > 0, value <= 1000 else {
                throw reader.error(.invalidValue, maxNode, key: "max", message: "expected the top of the scale, a number above 0 and up to 1000",
                                   hint: "e.g. \"max\": 5 or \"max\": 10")
            }
            spec.max = value
        }
        if let timeNode = reader.node("time") {
            guard type == .date else {
                throw reader.error(.invalidValue, timeNode, key: "time", message: "\"time\" applies to date fields, not \(type.rawValue)",
                                   hint: "remove \"time\", or set \"type\": \"date\"")
            }
            guard case .bool(let shows) = timeNode.value else {
                throw reader.error(.wrongType, timeNode, key: "time", message: "expected true or false, found \(timeNode.value.kindName)",
                                   hint: "\"time\": false shows only the day of a date-time with locale formats")
            }
            spec.showsTime = shows
        }
        if let search = try reader.bool("search") {
            guard !search || type.isSearchable else {
                throw reader.error(.invalidValue, reader.node("search")!, key: "search",
                                   message: "\(type.rawValue) fields cannot be searched by words",
                                   hint: "remove \"search\" (text, email and url fields can be searched; narrow numbers by filters)")
            }
            spec.search = search
        }
        try reader.finish()
        return spec
    }

    /// A string option that only one field type takes.
    private static func typed(_ reader: inout ConfigReader, _ key: String, for wanted: FieldType, type: FieldType,
                              example: String) throws(ConfigError) -> String? {
        guard let value = try reader.string(key, example: example) else { return nil }
        guard type == wanted else {
            throw reader.error(.invalidValue, reader.node(key)!, key: key,
                               message: "\"\(key)\" applies to \(wanted.rawValue) fields, not \(type.rawValue)",
                               hint: "remove \"\(key)\", or set \"type\": \"\(wanted.rawValue)\"")
        }
        return value
    }

    /// `"sort": [{"by": "title"}, {"by": "released", "order": "desc"}]` (or one such object, or a field name).
    static func decodeSort(_ node: JSONNode, path: String, fields: FieldMapping, document: JSONDocument) throws(ConfigError) -> [SortSpec] {
        let entries: [(JSONNode, String)]
        if case .array(let items) = node.value {
            entries = items.enumerated().map { ($1, "\(path)[\($0)]") }
        } else {
            entries = [(node, path)]
        }
        var keys: [SortSpec] = []
        for (entry, full) in entries {
            let by: String
            let byNode: JSONNode
            var order = SortSpec.Order.asc
            switch entry.value {
            case .string(let name):
                (by, byNode) = (name, entry)
            case .object:
                var reader = try ConfigReader(entry, path: full, document: document)
                byNode = try reader.require("by", "\"title\"")
                guard case .string(let name) = byNode.value else {
                    throw reader.error(.wrongType, byNode, key: "by", message: "expected a field name, found \(byNode.value.kindName)",
                                       hint: "e.g. \"by\": \"title\"")
                }
                by = name
                order = try self.order(&reader, hint: "e.g. \"order\": \"desc\" for newest or largest first") ?? order
                try reader.finish()
            default:
                throw ConfigReader.error(.wrongType, at: entry.offset, path: full, document: document,
                                         message: "expected a sort key, found \(entry.value.kindName)",
                                         hint: "e.g. { \"by\": \"released\", \"order\": \"desc\" }")
            }
            let at = entry.value.isObject ? ConfigReader.join(full, "by") : full
            try checkFieldName(by, node: byNode, path: at, fields: fields, document: document)
            if keys.contains(where: { $0.by == by }) {
                throw ConfigReader.error(.invalidValue, at: byNode.offset, path: at, document: document,
                                         message: "\"\(by)\" is sorted by twice", hint: "keep the first of them")
            }
            keys.append(SortSpec(by: by, order: order))
        }
        return keys
    }

    /// `"groupBy": "genre"` or `{"field": "released", "by": "year", "order": "desc"}`.
    static func decodeGroup(_ node: JSONNode, path: String, fields: FieldMapping, document: JSONDocument) throws(ConfigError) -> GroupSpec {
        let field: String
        let fieldNode: JSONNode
        var bucket = GroupSpec.Bucket.value
        var order = SortSpec.Order.asc
        var at = path
        switch node.value {
        case .string(let name):
            (field, fieldNode) = (name, node)
        case .object:
            var reader = try ConfigReader(node, path: path, document: document)
            fieldNode = try reader.require("field", "\"genre\"")
            guard case .string(let name) = fieldNode.value else {
                throw reader.error(.wrongType, fieldNode, key: "field", message: "expected a field name, found \(fieldNode.value.kindName)",
                                   hint: "e.g. \"field\": \"genre\"")
            }
            field = name
            at = ConfigReader.join(path, "field")
            if let byNode = reader.node("by") {
                let known = GroupSpec.Bucket.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                guard case .string(let text) = byNode.value, let parsed = GroupSpec.Bucket(rawValue: text) else {
                    throw reader.error(.invalidValue, byNode, key: "by", message: "unknown grouping \(byNode.value.scalarText.map { "\"\($0)\"" } ?? byNode.value.kindName)",
                                       hint: "use one of \(known)")
                }
                bucket = parsed
            }
            order = try self.order(&reader, hint: "e.g. \"order\": \"desc\" for the newest album first") ?? order
            try reader.finish()
        default:
            throw ConfigReader.error(.wrongType, at: node.offset, path: path, document: document,
                                     message: "expected a field name or an object, found \(node.value.kindName)",
                                     hint: "e.g. \"groupBy\": \"genre\" or { \"field\": \"released\", \"by\": \"year\" }")
        }
        try checkFieldName(field, node: fieldNode, path: at, fields: fields, document: document)
        let type = fields.type(ofField: field) ?? .text
        if (bucket == .year || bucket == .month) && type != .date {
            throw ConfigReader.error(.invalidValue, at: node.offset, path: ConfigReader.join(path, "by"), document: document,
                                     message: "grouping by \(bucket.rawValue) needs a date field; \"\(field)\" is \(type.rawValue)",
                                     hint: "give \"\(field)\" \"type\": \"date\" in fields.extra, or group by \"value\"")
        }
        return GroupSpec(field: field, bucket: bucket, order: order)
    }

    /// An `order` key: `"asc"` or `"desc"`.
    private static func order(_ reader: inout ConfigReader, hint: String) throws(ConfigError) -> SortSpec.Order? {
        guard let node = reader.node("order") else { return nil }
        guard case .string(let text) = node.value, let parsed = SortSpec.Order(rawValue: text) else {
            throw reader.error(.invalidValue, node, key: "order", message: "the order must be \"asc\" or \"desc\"", hint: hint)
        }
        return parsed
    }

    /// Refuses a name that is neither a record field (title, subtitle, id) nor one of `fields.extra`,
    /// naming the closest one: `sort`, `groupBy` and `filters` name fields this way.
    static func checkFieldName(_ name: String, node: JSONNode, path: String, fields: FieldMapping,
                               document: JSONDocument) throws(ConfigError) {
        let known = FieldSpec.itemFieldNames + fields.extra.map(\.name)
        guard known.contains(name) else {
            let hint = ConfigReader.closest(name, in: known).map { "did you mean \"\($0)\"?" }
                ?? "use title, subtitle, id or a field of fields.extra (\(fields.extra.map(\.name).joined(separator: ", ")))"
            throw ConfigReader.error(.invalidValue, at: node.offset, path: path, document: document,
                                     message: "\"\(name)\" is not a field of this source", hint: hint)
        }
    }

    static func isFieldName(_ name: String) -> Bool {
        guard (1...40).contains(name.count), let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}

private extension JSONValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
