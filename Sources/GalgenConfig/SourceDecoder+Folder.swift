import GalgenCore

extension SourceDecoder {
    /// A `folder` source: the folder, which files, what is published, album order and downloads.
    static func decodeFolder(_ reader: inout ConfigReader, node: JSONNode, path: String, name: String, title: String,
                             base: String) throws(ConfigError) -> SourceConfig {
        let document = reader.document
        let folderNode = try reader.require("path", "\"photos\"")
        guard case .string(let folder) = folderNode.value, !folder.trimmingWhitespace.isEmpty else {
            throw reader.error(.invalidValue, folderNode, key: "path", message: "expected the photo folder as a non-empty string",
                               hint: "e.g. \"path\": \"photos\" (relative to config.json) or an absolute path")
        }
        var query = FolderQuery(path: Paths.resolve(folder, against: base))
        query.include = try patterns(&reader, key: "include", path: path)
        query.exclude = try patterns(&reader, key: "exclude", path: path)
        query.gps = try reader.bool("gps") ?? false
        query.allowHTML = try reader.bool("html") ?? false
        if let sortNode = reader.node("albumSort") {
            (query.albumSort, query.albumOrder) = try albumSort(sortNode, path: path + ".albumSort", document: document)
        }
        if let downloadNode = reader.node("download") {
            let choices = FolderQuery.Download.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            guard case .string(let text) = downloadNode.value, let download = FolderQuery.Download(rawValue: text) else {
                throw reader.error(.invalidValue, downloadNode, key: "download", message: "expected \(choices)",
                                   hint: "\"originals\" zips the files as they are; \"largest\" the largest published size")
            }
            query.download = download
        }
        var fields = FolderQuery.fields(gps: query.gps)
        if let fieldsNode = reader.node("fields") {
            var fieldsReader = try ConfigReader(fieldsNode, path: path + ".fields", document: document)
            if let extraNode = fieldsReader.node("extra") {
                fields.extra = try decodeExtra(extraNode, path: path + ".fields.extra", document: document)
            }
            try fieldsReader.finish()
        }
        var source = SourceConfig(name: name, title: title, kind: .folder, origin: .folder(query), items: FieldPath("")!, fields: fields)
        source.sort = fields.extra.contains { $0.name == "taken" } ? FolderQuery.defaultSort : [SortSpec(by: "id")]
        return source
    }

    private static func patterns(_ reader: inout ConfigReader, key: String, path: String) throws(ConfigError) -> [String] {
        guard let found = reader.node(key) else { return [] }
        let items: [JSONNode]
        if case .array(let list) = found.value { items = list } else { items = [found] }
        var result: [String] = []
        for item in items {
            guard case .string(let pattern) = item.value, !pattern.isEmpty else {
                throw ConfigReader.error(.wrongType, at: item.offset, path: ConfigReader.join(path, key), document: reader.document,
                                         message: "expected a glob pattern string, found \(item.value.kindName)",
                                         hint: "e.g. \"\(key)\": [\"*.jpg\", \"2024/*\"]")
            }
            result.append(pattern)
        }
        return result
    }

    private static func albumSort(_ node: JSONNode, path: String, document: JSONDocument)
        throws(ConfigError) -> (FolderQuery.AlbumSort, SortSpec.Order) {
        let choices = FolderQuery.AlbumSort.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        let hint = "e.g. \"albumSort\": \"name\" or {\"by\": \"date\", \"order\": \"desc\"}"
        if case .string(let text) = node.value {
            guard let by = FolderQuery.AlbumSort(rawValue: text) else {
                throw ConfigReader.error(.invalidValue, at: node.offset, path: path, document: document,
                                         message: "albums sort by \(choices), not \"\(text)\"", hint: hint)
            }
            return (by, .asc)
        }
        var reader = try ConfigReader(node, path: path, document: document)
        let byText = try reader.string("by", required: true, example: "\"name\"") ?? "name"
        guard let by = FolderQuery.AlbumSort(rawValue: byText) else {
            throw reader.error(.invalidValue, reader.node("by")!, key: "by", message: "albums sort by \(choices), not \"\(byText)\"", hint: hint)
        }
        let orderText = try reader.string("order", example: "\"desc\"") ?? "asc"
        guard let order = SortSpec.Order(rawValue: orderText) else {
            throw reader.error(.invalidValue, reader.node("order")!, key: "order", message: "expected \"asc\" or \"desc\"", hint: hint)
        }
        try reader.finish()
        return (by, order)
    }
}
