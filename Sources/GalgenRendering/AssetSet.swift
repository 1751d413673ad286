public import Foundation
import GalgenCore

/// Static files from the theme's `assets/` folder, published under content-hashed names
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

    /// Hashes the assets of a theme (every file below its `assets/`).
    /// - Parameter theme: The theme.
    public init(theme: Theme) {
        assets = theme.assets.map { file in
            let relative = String(file.path.dropFirst("assets/".count))
            let hash = ContentHash.fileTag(file.data)
            let dot = relative.lastIndex(of: ".").flatMap { relative[$0...].contains("/") ? nil : $0 }
            let hashed = dot.map { "\(relative[..<$0])-\(hash)\(relative[$0...])" } ?? "\(relative)-\(hash)"
            let key = String(relative.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
            return Asset(outputPath: "assets/" + hashed, key: key, data: file.data)
        }.sorted { $0.outputPath < $1.outputPath }
    }

    /// The output path of the asset with this key, if present.
    /// - Parameter key: The asset's key, e.g. `style_css`.
    public func path(forKey key: String) -> String? { assets.first { $0.key == key }?.outputPath }
}
