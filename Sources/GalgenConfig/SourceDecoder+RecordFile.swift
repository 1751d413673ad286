import GalgenCore

extension SourceDecoder {
    /// A source read from one local file through a field mapping (`csv`, `jsonl`): `path` and `fields`,
    /// both required. Its records are read by the reader GalgenBuild registers for its type.
    static func decodeRecordFile(_ reader: inout ConfigReader, kind: SourceConfig.Kind, node: JSONNode, path: String,
                                 name: String, title: String, base: String) throws(ConfigError) -> SourceConfig {
        let document = reader.document
        let fileNode = try reader.require("path", "\"records.\(kind.rawValue)\"")
        guard case .string(let file) = fileNode.value, !file.isEmpty else {
            throw reader.error(.invalidValue, fileNode, key: "path", message: "expected the file's path as a non-empty string",
                               hint: "name the \(kind.rawValue) file, relative to config.json")
        }
        let fieldsNode = try reader.require("fields", "{ \"id\": \"id\", \"title\": \"title\", \"image\": \"image\" }")
        let fields = try decodeFields(fieldsNode, path: path + ".fields", document: document)
        return SourceConfig(name: name, title: title, kind: kind, origin: .file(Paths.resolve(file, against: base)),
                            items: FieldPath("")!, fields: fields)
    }
}
