public import Foundation
public import GalgenCore

/// Static files from the templates' `assets/` folder, published under content-hashed names
/// (`assets/style-0123456789.css`) so they can be cached forever.
public struct AssetSet: Sendable {
    /// One asset.
    public struct Asset: Sendable, Hashable {
        /// Path below the site root, with the content hash in the name.
        public var outputPath: String
        /// Name templates use: the path below `assets/` with every other character than letters and digits as `_` (`style.css` → `style_css`).
        public var key: String
        /// The bytes.
        public var data: Data
    }

    /// Assets sorted by output path.
    public let assets: [Asset]

    /// Loads every file below `<templates>/assets/`; a missing folder means no assets.
    /// - Parameters:
    ///   - templatesDirectory: Absolute path of the templates folder.
    ///   - fileSystem: Where files are read from.
    /// - Throws: ``RenderingError``.
    public init(templatesDirectory: String, fileSystem: any FileSystem) throws(RenderingError) {
        let folder = templatesDirectory + "/assets"
        guard fileSystem.kind(at: folder) == .directory else {
            assets = []
            return
        }
        var result: [Asset] = []
        do {
            for relative in try fileSystem.listFilesRecursively(at: folder) where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                let data = try fileSystem.readFile(at: folder + "/" + relative)
                let hash = ContentHash.fileTag(data)
                let dot = relative.lastIndex(of: ".").flatMap { relative[$0...].contains("/") ? nil : $0 }
                let hashed = dot.map { "\(relative[..<$0])-\(hash)\(relative[$0...])" } ?? "\(relative)-\(hash)"
                let key = String(relative.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
                result.append(Asset(outputPath: "assets/" + hashed, key: key, data: data))
            }
        } catch {
            throw RenderingError(.assetUnreadable, location: error.path, message: error.reason)
        }
        assets = result.sorted { $0.outputPath < $1.outputPath }
    }

    /// The output path of the asset with this key, if present.
    /// - Parameter key: The asset's key, e.g. `style_css`.
    public func path(forKey key: String) -> String? { assets.first { $0.key == key }?.outputPath }
}
