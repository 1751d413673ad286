public import Foundation
public import GalgenConfig
public import GalgenSiteModel

/// Each picture's shape as the justified layout reads it (docs/output.md, "Justified rows"): width ÷ height
/// in 64ths, from 16 (1:4) to 256 (4:1). The same number reaches the static page (`--a` on each cell, which
/// the CSS rows read) and the manifest (`aspects`, which the runtime's rows read), so both break the rows
/// alike; in 64ths, `--a × --row-h` is a whole number of Chromium's layout units (1/64 px) at any whole
/// row height, so the browser's sums and the runtime's are exact and equal. A shape past 4:1 or 1:4 is
/// cropped to it in the gallery (the item page and the viewer show it whole).
public enum AspectRatio {
    /// The narrowest and widest shapes kept, in 64ths.
    public static let range = 16...256

    /// The shape of `item`'s picture (its largest variant, upright), in 64ths; 64 (square) without one.
    public static func sixtyFourths(_ item: Item) -> Int {
        guard let largest = item.image?.variants.last, largest.width > 0, largest.height > 0 else { return 64 }
        let q = (Double(largest.width) * 64 / Double(largest.height)).rounded()
        return Int(min(Double(range.upperBound), max(Double(range.lowerBound), q)))
    }

    /// `q` 64ths as CSS writes it: exact, shortest (`1.5`, `0.671875`).
    public static func css(_ q: Int) -> String {
        let value = Double(q) / 64
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The manifest's `aspects`: one byte per item (its 64ths minus 16), base64.
    public static func encoded(_ items: [Item]) -> String {
        Data(items.map { UInt8(sixtyFourths($0) - range.lowerBound) }).base64EncodedString()
    }

    /// A justified cell's `sizes`: about the width its row gives it, at the theme's row heights (style.css:
    /// `--row-h` 100 px below 700 px wide, else 200 px, 240 px from 1232 px), rows being stretched by about a fifth.
    public static func sizes(_ q: Int) -> String {
        func px(_ rowHeight: Int) -> String { String(Int((Double(q * rowHeight) * 1.2 / 64).rounded(.up))) + "px" }
        return "(min-width: 1232px) \(px(240)), (min-width: 700px) \(px(200)), \(px(100))"
    }

    /// The square grid's `sizes` (its columns: style.css's `--cell-min` in a page at most 1232 px wide).
    public static let gridSizes = "(min-width: 1232px) 232px, (min-width: 700px) 24vw, 46vw"
}
