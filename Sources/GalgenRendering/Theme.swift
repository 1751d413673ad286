public import Foundation
public import GalgenCore
public import GalgenConfig
import GalgenTheme

/// The files a site is rendered with: galgen's built-in theme, overridden file by file by the site,
/// as Hugo's lookup order does. A site file wins; every other name falls back to the built-in one.
///
/// Layers, lowest first: the built-in theme; the templates folder (`*.mustache` at its top,
/// everything below its `assets/`, and the message tables `i18n/*.json`); the site's assets folder (everything below it, published under
/// `assets/`). A site therefore holds only the files it changes, and a folder made by
/// `galgen theme eject` overrides every file with identical bytes.
public struct Theme: Sendable {
    /// Where a file came from.
    public enum Origin: Sendable, Hashable {
        /// Compiled into galgen.
        case builtin
        /// A file of the site, by absolute path.
        case site(String)
    }

    /// One file of the theme.
    public struct File: Sendable {
        /// Path inside the theme: `item.mustache`, `assets/style.css`.
        public var path: String
        /// The bytes.
        public var data: Data
        /// Where it came from.
        public var origin: Origin

        /// Where to point a person at the file: its path on disk, or `built-in theme: <path>`.
        public var location: String {
            switch origin {
            case .builtin: "built-in theme: \(path)"
            case .site(let file): file
            }
        }
    }

    /// A site folder that may add or replace files.
    public struct Layer: Sendable {
        /// Absolute path of the folder.
        public var directory: String
        /// Whether the folder must exist (it was named in the config) or is looked for by default.
        public var required: Bool
        /// The config key that names it, for messages.
        public var key: String

        /// Creates a layer.
        /// - Parameters:
        ///   - directory: Absolute path of the folder.
        ///   - required: Whether a missing folder is an error.
        ///   - key: The config key that names it.
        public init(directory: String, required: Bool, key: String) {
            self.directory = directory
            self.required = required
            self.key = key
        }
    }

    /// The files that make the site (templates and assets; not the theme's README), sorted by path.
    public let files: [File]

    /// The Mustache templates (`*.mustache` at the top of the theme).
    public var templates: [File] { files.filter { !$0.path.contains("/") && $0.path.hasSuffix(".mustache") } }
    /// The assets (below `assets/`).
    public var assets: [File] { files.filter { $0.path.hasPrefix("assets/") } }
    /// The message tables (`i18n/<language>.json`; see ``Messages``).
    public var tables: [File] { files.filter { $0.path.hasPrefix("i18n/") } }

    /// The built-in theme alone.
    public static var builtin: Theme {
        Theme(files: Self.builtinFiles)
    }

    /// The built-in theme's files that a build uses (its README is only for `galgen theme eject`).
    static var builtinFiles: [File] {
        BuiltinTheme.files.filter { $0.path != "README.md" }.map { File(path: $0.path, data: Data($0.bytes), origin: .builtin) }
    }

    init(files: [File]) {
        self.files = files.sorted { $0.path < $1.path }
    }

    /// The built-in theme overridden by a site's folders.
    /// - Parameters:
    ///   - templates: The templates folder: its top-level `*.mustache` files and its `assets/` folder.
    ///   - assets: The site's assets folder: every file below it, published under `assets/`.
    ///   - fileSystem: Where files are read from (symbolic links are followed).
    /// - Throws: ``RenderingError`` when a required folder is missing or a file cannot be read.
    public static func load(templates: Layer, assets: Layer?, fileSystem: any FileSystem) throws(RenderingError) -> Theme {
        var byPath: [String: File] = [:]
        for file in builtinFiles { byPath[file.path] = file }
        for file in try files(in: templates, fileSystem: fileSystem, map: { relative in
            if !relative.contains("/") { return relative.hasSuffix(".mustache") ? relative : nil }
            if relative.hasPrefix("i18n/") { return relative.hasSuffix(".json") && !relative.dropFirst(5).contains("/") ? relative : nil }
            return relative.hasPrefix("assets/") ? relative : nil
        }) {
            byPath[file.path] = file
        }
        if let assets {
            for file in try files(in: assets, fileSystem: fileSystem, map: { "assets/" + $0 }) { byPath[file.path] = file }
        }
        return Theme(files: Array(byPath.values))
    }

    /// The files of one layer, under their theme paths (`map` returns nil for files that are not part of the theme).
    private static func files(in layer: Layer, fileSystem: any FileSystem, map: (String) -> String?) throws(RenderingError) -> [File] {
        switch fileSystem.targetKind(at: layer.directory) {
        case .directory:
            break
        case nil where !layer.required:
            return []
        case nil:
            throw RenderingError(.templatesNotFound, location: layer.directory,
                                 message: "the folder named by \"\(layer.key)\" in the config: \(fileSystem.whyMissing(layer.directory)); "
                                    + "fix the path, or remove \"\(layer.key)\" to use the built-in theme")
        default:
            throw RenderingError(.templatesNotFound, location: layer.directory,
                                 message: "is not a folder (\"\(layer.key)\" must name a folder)")
        }
        var result: [File] = []
        do {
            for relative in try fileSystem.listFilesRecursively(at: layer.directory, followingLinks: true)
            where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                guard let path = map(relative) else { continue }
                let full = layer.directory + "/" + relative
                result.append(File(path: path, data: try fileSystem.readFile(at: full), origin: .site(full)))
            }
        } catch {
            throw RenderingError(.assetUnreadable, location: error.path, message: error.reason)
        }
        return result
    }
}

extension Theme {
    /// The theme of a site: the built-in theme overridden by the config's templates folder
    /// (`templates`, default `Templates/`) and assets folder (`assets`, default `assets/`). A folder
    /// the config names must exist; a default one is used when present.
    /// - Parameters:
    ///   - config: The site's config.
    ///   - fileSystem: Where files are read from.
    /// - Throws: ``RenderingError``.
    public static func load(config: SiteConfig, fileSystem: any FileSystem) throws(RenderingError) -> Theme {
        try load(templates: Layer(directory: config.templatesDirectory, required: config.templatesNamed, key: "templates"),
                 assets: Layer(directory: config.assetsDirectory, required: config.assetsNamed, key: "assets"),
                 fileSystem: fileSystem)
    }
}
