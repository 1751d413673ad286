public import GalgenCore
import Foundation

/// Reads `config.json` strictly: unknown keys, wrong types and bad values are errors that name
/// the file, `line:column`, the key path and a fix.
public struct ConfigLoader: Sendable {
    private let fileSystem: any FileSystem

    /// Creates a loader.
    /// - Parameter fileSystem: Where the config file is read from.
    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Loads and checks a config file.
    /// - Parameter path: Absolute path of `config.json`.
    /// - Returns: The checked config, with every relative path resolved against the file's folder.
    /// - Throws: ``ConfigError``.
    public func load(path: String) throws(ConfigError) -> SiteConfig {
        try loadDigested(path: path).config
    }

    /// Loads and checks a config file, with a digest of the very bytes it was read from (what a
    /// build's record of its inputs holds: a file changed after it was read gives another digest).
    /// - Parameter path: Absolute path of `config.json`.
    /// - Returns: The checked config and the digest of the file's bytes.
    /// - Throws: ``ConfigError``.
    public func loadDigested(path: String) throws(ConfigError) -> (config: SiteConfig, digest: OutputKey) {
        let data: Data
        do {
            data = try fileSystem.readFile(at: path)
        } catch {
            if error.code == .notFound {
                throw ConfigError(.fileNotFound, file: path, message: "no config file here",
                                  hint: "run galgen in the folder that holds config.json, pass --config PATH, or start a new site with galgen init")
            }
            throw ConfigError(.unreadable, file: path, message: error.reason)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, sourceName: path)
        } catch {
            throw ConfigError(.malformedJSON, file: path, position: (error.line, error.column),
                              message: "malformed JSON: \(error.message)",
                              hint: "config.json must be strict JSON: double quotes, no comments, no trailing commas")
        }
        return (try decode(document, path: path), OutputKey(digesting: data))
    }

    /// Decodes a parsed config.
    /// - Parameters:
    ///   - document: The parsed JSON.
    ///   - path: Absolute path of the config file (its folder resolves relative paths).
    /// - Throws: ``ConfigError``.
    public func decode(_ document: JSONDocument, path: String) throws(ConfigError) -> SiteConfig {
        let base = Paths.directory(of: path)
        var root = try ConfigReader(document.root, path: "", document: document)
        let title = try root.string("title") ?? SiteConfig.Defaults.title
        let description = try root.string("description")
        let baseURL = try Self.baseURL(&root)
        let language = try Self.language(&root)
        let pageSize = try root.int("pageSize", range: 1...10_000) ?? SiteConfig.Defaults.pageSize
        let widths = try Self.imageWidths(&root)
        let quality = try root.int("jpegQuality", range: 1...100) ?? SiteConfig.Defaults.jpegQuality
        let progressive = try root.bool("jpegProgressive") ?? false
        let background = try Self.background(&root)
        let formats = try Self.formats(&root)
        let webpQuality = try root.int("webpQuality", range: 0...100) ?? SiteConfig.Defaults.webpQuality
        let webpEffort = try root.int("webpEffort", range: 0...6) ?? SiteConfig.Defaults.webpEffort
        let avifQuality = try root.int("avifQuality", range: 0...100) ?? SiteConfig.Defaults.avifQuality
        let avifSpeed = try root.int("avifSpeed", range: 0...10) ?? SiteConfig.Defaults.avifSpeed
        let colorSpace = try Self.colorSpace(&root)
        let eager = try root.int("eagerImages", range: 0...10_000) ?? SiteConfig.Defaults.eagerImages
        let itemPages = try Self.itemPages(&root)
        let fieldFormat = try Self.fieldFormat(&root)
        let maxPixels = try root.int("maxPixels", range: 1...1_000_000_000) ?? SiteConfig.Defaults.maxPixels
        let maxBytes = try root.int("maxSourceBytes", range: 1...4_000_000_000) ?? SiteConfig.Defaults.maxSourceBytes
        let namedTemplates = try root.string("templates", example: "\"Templates\"")
        let namedAssets = try root.string("assets", example: "\"assets\"")
        let output = try root.string("output", example: "\"public\"")
        let cache = try Self.cacheSettings(&root)
        let fetch = try Self.fetchSettings(&root)
        let sourcesNode = try root.require("sources", "[ { \"name\": …, \"type\": \"json\", … } ]")
        guard case .array(let sourceNodes) = sourcesNode.value else {
            throw root.error(.wrongType, sourcesNode, key: "sources",
                             message: "expected an array of sources, found \(sourcesNode.value.kindName)",
                             hint: "write \"sources\": [ { … }, … ]")
        }
        try root.finish()

        var sources: [SourceConfig] = []
        for (index, node) in sourceNodes.enumerated() {
            let source = try SourceDecoder.decode(node, path: "sources[\(index)]", document: document, base: base)
            if let earlier = sources.firstIndex(where: { $0.name == source.name }) {
                throw ConfigReader.error(.invalidValue, at: node.offset, path: "sources[\(index)].name", document: document,
                                         message: "the name \"\(source.name)\" is already used by sources[\(earlier)]",
                                         hint: "give every source its own name")
            }
            sources.append(source)
        }
        var config = SiteConfig(
            title: title, description: description, baseURL: baseURL, language: language, pageSize: pageSize,
            imageWidths: widths, jpegQuality: quality, jpegProgressive: progressive, eagerImages: eager, maxPixels: maxPixels, maxSourceBytes: maxBytes,
            templatesDirectory: Paths.resolve(namedTemplates ?? SiteConfig.Defaults.templates, against: base),
            outputDirectory: output.map { Paths.resolve($0, against: base) },
            cacheDirectory: cache.dir.map { Paths.resolve($0, against: base) },
            sources: sources, fetch: fetch, configPath: path, baseDirectory: base)
        config.background = background
        config.formats = formats
        config.webpQuality = webpQuality
        config.webpEffort = webpEffort
        config.avifQuality = avifQuality
        config.avifSpeed = avifSpeed
        config.colorSpace = colorSpace
        config.itemPages = itemPages
        config.fieldFormat = fieldFormat
        config.remoteCache = cache.remote
        config.templatesNamed = namedTemplates != nil
        config.assetsDirectory = Paths.resolve(namedAssets ?? SiteConfig.Defaults.assets, against: base)
        config.assetsNamed = namedAssets != nil
        return config
    }

    private static func fetchSettings(_ root: inout ConfigReader) throws(ConfigError) -> FetchSettings {
        var settings = FetchSettings()
        guard let node = root.node("fetch") else { return settings }
        var reader = try ConfigReader(node, path: "fetch", document: root.document)
        let day = 86_400.0
        settings.connectTimeout = try reader.seconds("connectTimeout", range: 0.01...600) ?? settings.connectTimeout
        settings.idleTimeout = try reader.seconds("idleTimeout", range: 0.01...3600) ?? settings.idleTimeout
        settings.totalTimeout = try reader.seconds("totalTimeout", range: 0.01...86_400) ?? settings.totalTimeout
        settings.retries = try reader.int("retries", range: 0...20) ?? settings.retries
        settings.backoff = try reader.seconds("backoff", range: 0...600) ?? settings.backoff
        settings.maxBackoff = try reader.seconds("maxBackoff", range: 0...86_400) ?? settings.maxBackoff
        settings.perHost = try reader.int("perHost", range: 1...256) ?? settings.perHost
        settings.maxRedirects = try reader.int("maxRedirects", range: 0...50) ?? settings.maxRedirects
        settings.maxResponseBytes = try reader.int("maxResponseBytes", range: 1...4_000_000_000) ?? settings.maxResponseBytes
        settings.imageMaxAge = try reader.seconds("imageMaxAge", range: 0...(100 * 365 * day)) ?? settings.imageMaxAge
        settings.userAgent = try reader.string("userAgent", example: "\"my-gallery-bot/1.0\"")
        try reader.finish()
        return settings
    }

    private static func baseURL(_ root: inout ConfigReader) throws(ConfigError) -> String? {
        guard let node = root.node("baseURL") else { return nil }
        guard case .string(let text) = node.value, let url = WebURL.httpURL(text) else {
            throw root.error(.invalidValue, node, key: "baseURL", message: "expected an absolute http(s) URL",
                             hint: "e.g. \"baseURL\": \"https://example.org/gallery/\"")
        }
        return url.hasSuffix("/") ? url : url + "/"
    }

    private static func background(_ root: inout ConfigReader) throws(ConfigError) -> [UInt8] {
        guard let node = root.node("background") else { return [255, 255, 255] }
        if case .string(let text) = node.value, text.count == 7, text.hasPrefix("#") {
            let hex = text.dropFirst()
            let channels = [0, 2, 4].compactMap { UInt8(hex.dropFirst($0).prefix(2), radix: 16) }
            if channels.count == 3 { return channels }
        }
        throw root.error(.invalidValue, node, key: "background", message: "expected a colour as \"#rrggbb\"",
                         hint: "e.g. \"background\": \"#ffffff\" (white, the default) or \"#000000\"")
    }

    private static func language(_ root: inout ConfigReader) throws(ConfigError) -> String {
        guard let node = root.node("language") else { return SiteConfig.Defaults.language }
        let parts = (node.value.scalarText ?? "").split(separator: "-", omittingEmptySubsequences: false)
        let valid: Bool = {
            guard case .string = node.value, let first = parts.first, (2...8).contains(first.count),
                first.allSatisfy({ $0.isASCII && $0.isLetter })
            else { return false }
            return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        }()
        guard valid, case .string(let tag) = node.value else {
            throw root.error(.invalidValue, node, key: "language", message: "expected a language tag such as \"en\" or \"pt-BR\"",
                             hint: "use a BCP 47 language tag")
        }
        return tag
    }

    private static func colorSpace(_ root: inout ConfigReader) throws(ConfigError) -> OutputColorSpace {
        guard let node = root.node("colorSpace") else { return .srgb }
        guard case .string(let name) = node.value, let space = OutputColorSpace(rawValue: name.lowercased()) else {
            throw root.error(.invalidValue, node, key: "colorSpace", message: "expected \"srgb\" or \"p3\"",
                             hint: "\"p3\" keeps wide-gamut photos in Display P3 (tagged); \"srgb\" (the default) converts everything to sRGB")
        }
        return space
    }

    private static func itemPages(_ root: inout ConfigReader) throws(ConfigError) -> ItemPages {
        guard let node = root.node("itemPages") else { return .all }
        guard case .string(let name) = node.value, let value = ItemPages(rawValue: name.lowercased()) else {
            throw root.error(.invalidValue, node, key: "itemPages", message: "expected \"all\" or \"none\"",
                             hint: "\"none\" writes no page per item (links open the item on its gallery page); \"all\" (the default) writes one for each")
        }
        return value
    }

    private static func formats(_ root: inout ConfigReader) throws(ConfigError) -> [OutputFormat] {
        guard let node = root.node("formats") else { return SiteConfig.Defaults.formats }
        let names = OutputFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .array(let items) = node.value, !items.isEmpty else {
            throw root.error(.invalidValue, node, key: "formats", message: "expected an array of output formats (\(names))",
                             hint: "e.g. \"formats\": [\"avif\", \"webp\", \"jpeg\"]: best first, the last is the <img> fallback")
        }
        var formats: [OutputFormat] = []
        for (i, item) in items.enumerated() {
            guard case .string(let name) = item.value, let format = OutputFormat(rawValue: name.lowercased()) else {
                throw ConfigReader.error(.invalidValue, at: item.offset, path: "formats[\(i)]", document: root.document,
                                         message: "unknown output format \(item.value.scalarText.map { "\"\($0)\"" } ?? item.value.kindName)",
                                         hint: "galgen writes \(names)")
            }
            if formats.contains(format) {
                throw ConfigReader.error(.invalidValue, at: item.offset, path: "formats[\(i)]", document: root.document,
                                         message: "the format \"\(name)\" is listed twice", hint: "list each format once")
            }
            formats.append(format)
        }
        return formats
    }

    private static func imageWidths(_ root: inout ConfigReader) throws(ConfigError) -> [Int] {
        guard let node = root.node("imageWidths") else { return SiteConfig.Defaults.imageWidths }
        guard case .array(let items) = node.value, !items.isEmpty, items.count <= 12 else {
            throw root.error(.invalidValue, node, key: "imageWidths", message: "expected an array of 1 to 12 widths",
                             hint: "e.g. \"imageWidths\": [160, 320, 640]")
        }
        var widths: [Int] = []
        for (i, item) in items.enumerated() {
            let w = try ConfigReader.integer(item, path: "imageWidths[\(i)]", range: 16...8192, document: root.document)
            if widths.contains(w) {
                throw ConfigReader.error(.invalidValue, at: item.offset, path: "imageWidths[\(i)]", document: root.document,
                                         message: "the width \(w) is listed twice", hint: "list each width once")
            }
            widths.append(w)
        }
        return widths.sorted()
    }
}
