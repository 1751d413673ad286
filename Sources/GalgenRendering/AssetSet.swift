public import Foundation
import GalgenCore

/// Static files from the theme's `assets/` folder, published under content-hashed names
/// (`assets/style-0123456789.css`) so they can be cached forever.
///
/// JavaScript modules (`.js`, `.mjs`) that import each other by relative specifier
/// (`import { layout } from './geometry.js'`) are published with those specifiers rewritten to the
/// hashed names, so a module's hash covers the modules it imports: change one and every module
/// that reaches it gets a new name, and a page never mixes old and new modules. Modules and stylesheets
/// are published without their comments and indentation (``ScriptTrimmer``, ``StyleTrimmer``), the
/// built-in theme's and a site's alike, so an ejected theme builds the very same site; a name's hash is
/// the hash of the bytes published. Other assets are published as they are.
public struct AssetSet: Sendable {
    /// One asset.
    public struct Asset: Sendable, Hashable {
        /// Path below the site root, with the content hash in the name.
        public var outputPath: String
        /// Name templates use: the path below `assets/` with every other character than letters and digits as `_` (`style.css` → `style_css`).
        public var key: String
        /// The bytes published (a module's and a stylesheet's trimmed, a module's with its imports rewritten).
        public var data: Data
        /// Output paths of the modules this one imports statically (`import … from`), directly or
        /// through others, sorted: what a page that loads it can `modulepreload`. Empty for other assets.
        public var staticImports: [String] = []
    }

    /// Assets sorted by output path.
    public let assets: [Asset]

    /// Hashes the assets of a theme (every file below its `assets/`).
    /// - Parameter theme: The theme.
    /// - Throws: ``RenderingError`` when a module imports a relative path that is not an asset of the
    ///   theme, or when modules import each other in a cycle (a content hash needs its imports' hashes first).
    public init(theme: Theme) throws(RenderingError) {
        var graph = ModuleGraph(files: theme.assets)
        var assets: [Asset] = []
        for file in theme.assets {
            assets.append(try graph.asset(for: String(file.path.dropFirst("assets/".count))))
        }
        self.assets = assets.sorted { $0.outputPath < $1.outputPath }
    }

    /// The output path of the asset with this key, if present.
    /// - Parameter key: The asset's key, e.g. `style_css`.
    public func path(forKey key: String) -> String? { assets.first { $0.key == key }?.outputPath }

    /// The asset with this key, if present.
    /// - Parameter key: The asset's key, e.g. `gallery_js`.
    public func asset(forKey key: String) -> Asset? { assets.first { $0.key == key } }

    /// `style.css` → `style-<hash>.css` (the hash before the last extension of the file name).
    static func hashedName(_ relative: String, hash: String) -> String {
        let dot = relative.lastIndex(of: ".").flatMap { relative[$0...].contains("/") ? nil : $0 }
        return dot.map { "\(relative[..<$0])-\(hash)\(relative[$0...])" } ?? "\(relative)-\(hash)"
    }

    static func key(_ relative: String) -> String {
        String(relative.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}

/// Hashes assets in import order: a module's imports are hashed (and rewritten) before it.
private struct ModuleGraph {
    private let files: [String: Theme.File]
    private var done: [String: AssetSet.Asset] = [:]
    private var visiting: [String] = []

    init(files: [Theme.File]) {
        var byPath: [String: Theme.File] = [:]
        for file in files { byPath[String(file.path.dropFirst("assets/".count))] = file }
        self.files = byPath
    }

    mutating func asset(for relative: String) throws(RenderingError) -> AssetSet.Asset {
        if let asset = done[relative] { return asset }
        guard let file = files[relative] else { preconditionFailure("not an asset: \(relative)") }
        var data = file.data
        var imports: Set<String> = []
        if relative.hasSuffix(".css") { data = Data(StyleTrimmer.trim([UInt8](data))) }
        if relative.hasSuffix(".js") || relative.hasSuffix(".mjs") {
            let (bytes, specifiers) = ScriptTrimmer.trimmed([UInt8](data))
            data = Data(bytes)
            if let start = visiting.firstIndex(of: relative) {
                let cycle = (visiting[start...] + [relative]).joined(separator: " → ")
                throw RenderingError(.assetUnreadable, location: file.location,
                                     message: "modules import each other in a cycle (\(cycle)); content-hashed names need an "
                                        + "import graph without cycles: move what both need into a third module")
            }
            visiting.append(relative)
            defer { visiting.removeLast() }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 256)
            var copied = 0
            for found in specifiers {
                let spec = String(decoding: bytes[found.range], as: UTF8.self)
                guard let target = Self.resolve(spec, from: relative), files[target] != nil else {
                    throw RenderingError(.assetUnreadable, location: file.location,
                                         message: "imports '\(spec)', which is not a file of the theme's assets/ folder; "
                                            + "add it there or fix the path")
                }
                let dependency = try asset(for: target)
                let hashedFile = dependency.outputPath.split(separator: "/").last.map(String.init) ?? ""
                let folder = spec.lastIndex(of: "/").map { String(spec[...$0]) } ?? "./"
                out += bytes[copied..<found.range.lowerBound]
                out += Array((folder + hashedFile).utf8)
                copied = found.range.upperBound
                if found.isStatic {
                    imports.insert(dependency.outputPath)
                    imports.formUnion(dependency.staticImports)
                }
            }
            if copied > 0 {
                out += bytes[copied...]
                data = Data(out)
            }
        }
        let output = "assets/" + AssetSet.hashedName(relative, hash: ContentHash.fileTag(data))
        let asset = AssetSet.Asset(outputPath: output, key: AssetSet.key(relative), data: data, staticImports: imports.sorted())
        done[relative] = asset
        return asset
    }

    /// `./x.js` from `lib/a.js` → `lib/x.js`; nil when it leaves `assets/` or is not relative.
    static func resolve(_ spec: String, from importer: String) -> String? {
        guard spec.hasPrefix("./") || spec.hasPrefix("../") else { return nil }
        var parts = importer.split(separator: "/").dropLast().map(String.init)
        for part in spec.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case "": return nil
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
