public import GalgenCore

/// Which variant sizes to make from a source of a given (oriented) size.
public struct VariantPlan: Sendable, Hashable {
    /// One output size.
    public struct Size: Sendable, Hashable, Codable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels (aspect ratio kept, rounded, at least 1).
        public var height: Int
    }

    /// The sizes, ascending by width.
    public var sizes: [Size]

    /// Plans variants: every configured width not larger than the source; when the source is
    /// narrower than the smallest width, one variant at the source's own width. Never upscales.
    /// - Parameters:
    ///   - sourceWidth: Oriented source width.
    ///   - sourceHeight: Oriented source height.
    ///   - widths: Configured widths, ascending.
    public init(sourceWidth: Int, sourceHeight: Int, widths: [Int]) {
        var chosen = widths.filter { $0 <= sourceWidth }
        if chosen.isEmpty { chosen = [sourceWidth] }
        sizes = chosen.map { w in
            let h = max(1, Int((Double(sourceHeight) * Double(w) / Double(sourceWidth)).rounded()))
            return Size(width: w, height: h)
        }
    }

    /// The largest DCT scale denominator (8, 4, 2 or 1) whose decoded size still covers the largest variant.
    /// - Parameters:
    ///   - storedWidth: Width as stored in the file.
    ///   - storedHeight: Height as stored in the file.
    ///   - swapped: Whether EXIF orientation swaps width and height.
    public func scaleDenominator(storedWidth: Int, storedHeight: Int, swapped: Bool) -> Int {
        guard let largest = sizes.last else { return 1 }
        let (needW, needH) = swapped ? (largest.height, largest.width) : (largest.width, largest.height)
        for d in [8, 4, 2] {
            let w = (storedWidth + d - 1) / d
            let h = (storedHeight + d - 1) / d
            if w >= needW && h >= needH { return d }
        }
        return 1
    }
}

/// One variant of a source: a width in a format.
public struct VariantID: Sendable, Hashable, Codable {
    /// The format.
    public var format: OutputFormat
    /// The width in pixels.
    public var width: Int

    /// Creates an identifier.
    /// - Parameters:
    ///   - format: The format.
    ///   - width: The width.
    public init(_ format: OutputFormat, _ width: Int) {
        self.format = format
        self.width = width
    }
}
