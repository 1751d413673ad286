public import Foundation
import GalgenCore

/// Static files from the theme's `assets/` folder, published under content-hashed names
/// (`assets/style-0123456789.css`) so they can be cached forever.
///
/// JavaScript modules (`.js`, `.mjs`) that import each other by relative specifier
/// (`import { layout } from './geometry.js'`) are published with those specifiers rewritten to the
/// hashed names, so a module's hash covers the modules it imports: change one and every module
/// that reaches it gets a new name, and a page never mixes old and new modules. Modules are published
/// without their comments and indentation (``ScriptTrimmer``), the built-in theme's and a site's alike,
/// so an ejected theme builds the very same site.
public struct AssetSet: Sendable {
    /// One asset.
    public struct Asset: Sendable, Hashable {
        /// Path below the site root, with the content hash in the name.
        public var outputPath: String
        /// Name templates use: the path below `assets/` with every other character than letters and digits as `_` (`style.css` → `style_css`).
        public var key: String
        /// The bytes (a module's with its imports rewritten).
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
        if relative.hasSuffix(".js") || relative.hasSuffix(".mjs") {
            data = Data(ScriptTrimmer.trim([UInt8](data)))
            if let start = visiting.firstIndex(of: relative) {
                let cycle = (visiting[start...] + [relative]).joined(separator: " → ")
                throw RenderingError(.assetUnreadable, location: file.location,
                                     message: "modules import each other in a cycle (\(cycle)); content-hashed names need an "
                                        + "import graph without cycles: move what both need into a third module")
            }
            visiting.append(relative)
            defer { visiting.removeLast() }
            let bytes = [UInt8](data)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 256)
            var copied = 0
            for found in ImportScanner.specifiers(in: bytes) {
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

/// Finds the relative module specifiers of a JavaScript module: `import … from '…'`,
/// `export … from '…'`, `import '…'` and `import('…')`, skipping comments, strings and template
/// literals. Only specifiers that start with `./` or `../` are returned (bare and absolute ones are
/// left alone). Regular-expression literals are not parsed; a quote inside one could hide a specifier
/// that follows on the same statement, which the built-in theme does not do.
enum ImportScanner {
    struct Found: Equatable {
        /// The specifier's bytes, without its quotes.
        var range: Range<Int>
        /// `import … from` / `export … from` / `import '…'`, not `import(…)`.
        var isStatic: Bool
    }

    static func specifiers(in s: [UInt8]) -> [Found] {
        var found: [Found] = []
        var i = 0
        var lastWord = ""          // the last identifier seen outside strings and comments
        var afterImportParen = false
        let n = s.count
        func isIdent(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24
        }
        while i < n {
            let c = s[i]
            if c == UInt8(ascii: "/"), i + 1 < n, s[i + 1] == UInt8(ascii: "/") {
                while i < n, s[i] != 0x0A { i += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < n, s[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < n, !(s[i] == UInt8(ascii: "*") && s[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`") {
                let start = i + 1
                i += 1
                while i < n, s[i] != c {
                    if s[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                let end = min(i, n)
                i += 1
                let wanted = c != UInt8(ascii: "`") && (lastWord == "from" || lastWord == "import" || afterImportParen)
                if wanted, end - start >= 2, s[start] == UInt8(ascii: "."),
                   s[start + 1] == UInt8(ascii: "/") || (s[start + 1] == UInt8(ascii: ".") && end - start >= 3 && s[start + 2] == UInt8(ascii: "/")) {
                    found.append(Found(range: start..<end, isStatic: !afterImportParen))
                }
                lastWord = ""
                afterImportParen = false
                continue
            }
            if isIdent(c) {
                let start = i
                while i < n, isIdent(s[i]) { i += 1 }
                // `.from`, `x.import` are property names, not keywords
                let property = start > 0 && s[start - 1] == UInt8(ascii: ".")
                lastWord = property ? "" : String(decoding: s[start..<i], as: UTF8.self)
                afterImportParen = false
                continue
            }
            if c == UInt8(ascii: "(") {
                afterImportParen = lastWord == "import"
                lastWord = ""
                i += 1
                continue
            }
            if c != 0x20, c != 0x0A, c != 0x09, c != 0x0D {
                lastWord = ""
                afterImportParen = false
            }
            i += 1
        }
        return found
    }
}
