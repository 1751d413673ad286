public import Foundation
import GalgenImaging

/// A small site in a temporary folder: a config, a records file and JPEGs; it uses the built-in
/// theme, and tests add templates or assets to override it. Tests change its pieces and build it.
public struct FixtureSite: Sendable {
    /// The folder holding everything.
    public let directory: TemporaryDirectory
    /// Absolute path of `config.json`.
    public var configPath: String { directory.path + "/config.json" }
    /// Absolute path of the default output folder.
    public var outputPath: String { directory.path + "/public" }
    /// Absolute path of the cache folder.
    public var cachePath: String { directory.path + "/.galgen/cache" }

    /// Creates a site with `count` records (`id`, `title`, `image`), each with its own small JPEG.
    /// - Parameters:
    ///   - count: Number of records.
    ///   - config: Extra top-level config members as JSON text (without braces), e.g. `"pageSize": 2`.
    public init(count: Int = 5, config: String = "") throws {
        directory = try TemporaryDirectory(prefix: "galgen-site")
        var records: [String] = []
        for i in 0..<count {
            let picture = Painter.solid(width: 200 + 20 * i, height: 160, rgb: (UInt8(40 * (i % 6)), 120, UInt8(255 - 30 * (i % 8))))
            try directory.write(try JPEGCodec.encode(picture, quality: 80), to: "images/\(i).jpg")
            records.append(#"{"id": "item-\#(i)", "title": "Item \#(i)", "image": "images/\#(i).jpg"}"#)
        }
        try writeRecords("[\n" + records.joined(separator: ",\n") + "\n]")
        try writeConfig(extra: config)
    }

    /// Replaces `records.json`.
    /// - Parameter json: The new file's text.
    public func writeRecords(_ json: String) throws { try directory.write(json, to: "records.json") }

    /// Writes `config.json` with one `json` source over `records.json`.
    /// - Parameters:
    ///   - extra: Extra top-level members (JSON text without braces).
    ///   - fields: The `fields` object's text.
    public func writeConfig(extra: String = "", fields: String = #"{"id": "id", "title": "title", "image": "image", "link": "link"}"#) throws {
        let prefix = extra.isEmpty ? "" : extra + ",\n"
        try directory.write("""
            {
            \(prefix)"title": "Fixture",
            "sources": [{"name": "things", "type": "json", "path": "records.json", "fields": \(fields)}]
            }
            """, to: "config.json")
    }

    /// Writes `config.json` with the given sources.
    /// - Parameters:
    ///   - sources: The `sources` array's text.
    ///   - extra: Extra top-level members (JSON text without braces).
    public func writeConfig(sources: String, extra: String = "") throws {
        let prefix = extra.isEmpty ? "" : extra + ",\n"
        try directory.write("{\n\(prefix)\"title\": \"Fixture\",\n\"sources\": \(sources)\n}", to: "config.json")
    }

    /// Copies the built-in theme's files from the repository (a full override of the theme).
    /// - Parameter destination: Absolute path of the new folder.
    public static func copyTemplates(to destination: String) throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: destination) { try fm.removeItem(atPath: destination) }
        try fm.copyItem(atPath: Repository.templates, toPath: destination)
    }

    /// All files below a folder (relative paths, sorted) with their bytes.
    /// - Parameter path: Absolute path of the folder.
    public static func snapshot(of path: String) throws -> [(String, Data)] {
        let root = URL(fileURLWithPath: path)
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var result: [(String, Data)] = []
        for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result.append((String(url.path.dropFirst(root.path.count + 1)), try Data(contentsOf: url)))
        }
        return result.sorted { $0.0 < $1.0 }
    }
}
