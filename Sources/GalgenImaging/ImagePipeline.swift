public import Foundation

/// Turns one source JPEG into all its variants from a single decode.
public struct ImagePipeline: Sendable {
    /// Bump when the output of this pipeline changes for the same input and spec; it is part of every cache key.
    public static let version = 1

    /// Limits and encoder settings.
    public struct Settings: Sendable, Hashable {
        /// Variant widths, ascending.
        public var widths: [Int]
        /// JPEG quality, 1–100.
        public var quality: Int
        /// Refuse sources with more pixels than this (checked from the header).
        public var maxPixels: Int
        /// Refuse sources larger than this many bytes.
        public var maxSourceBytes: Int
        /// Write progressive JPEGs.
        public var progressive: Bool

        /// Creates settings.
        /// - Parameters:
        ///   - widths: Variant widths, ascending.
        ///   - quality: JPEG quality.
        ///   - maxPixels: Pixel limit.
        ///   - maxSourceBytes: Byte limit.
        ///   - progressive: Write progressive JPEGs.
        public init(widths: [Int], quality: Int, maxPixels: Int, maxSourceBytes: Int, progressive: Bool = false) {
            self.widths = widths
            self.quality = quality
            self.maxPixels = maxPixels
            self.maxSourceBytes = maxSourceBytes
            self.progressive = progressive
        }
    }

    /// What the header and EXIF say about a source, without decoding it.
    public struct SourceInfo: Sendable, Hashable, Codable {
        /// Width as displayed (after EXIF orientation).
        public var width: Int
        /// Height as displayed.
        public var height: Int
        /// EXIF orientation, 1–8.
        public var orientation: Int
        /// Stored (file) width.
        public var storedWidth: Int
        /// Stored (file) height.
        public var storedHeight: Int
    }

    /// The result for one source.
    public struct Output: Sendable {
        /// The source's geometry.
        public var info: SourceInfo
        /// Mean colour, `#rrggbb`, for the placeholder background.
        public var averageColor: String
        /// Encoded variants, in plan order.
        public var variants: [(size: VariantPlan.Size, jpeg: Data)]
        /// libjpeg's first warning, when the data was damaged but decodable.
        public var warning: String?
    }

    /// The settings.
    public let settings: Settings

    /// Creates a pipeline.
    /// - Parameter settings: Limits and encoder settings.
    public init(settings: Settings) {
        self.settings = settings
    }

    /// Checks format and limits and reads the geometry; decodes nothing.
    /// - Parameter data: The source bytes.
    /// - Throws: ``ImagingError``.
    public func inspect(_ data: Data) throws(ImagingError) -> SourceInfo {
        guard data.count <= settings.maxSourceBytes else {
            throw ImagingError(.tooLarge, "file is \(data.count) bytes, more than maxSourceBytes (\(settings.maxSourceBytes))")
        }
        let format = ImageFormat.sniff(data)
        switch format {
        case .jpeg: break
        case .empty: throw ImagingError(.unsupportedFormat, "not an image: the file is empty")
        case .html: throw ImagingError(.unsupportedFormat, "not an image: the bytes are an HTML page")
        case .unknown: throw ImagingError(.unsupportedFormat, "not an image: unrecognised bytes")
        default: throw ImagingError(.unsupportedFormat, "unsupported format \(format.rawValue); galgen reads JPEG")
        }
        let header = try JPEGCodec.info(data)
        guard header.width > 0, header.height > 0 else { throw ImagingError(.corrupt, "the JPEG header gives no size") }
        guard header.width * header.height <= settings.maxPixels else {
            throw ImagingError(.tooLarge, "image is \(header.width)x\(header.height) pixels, more than maxPixels (\(settings.maxPixels))")
        }
        let orientation = ExifOrientation.read(from: data)
        let swapped = orientation >= 5
        return SourceInfo(width: swapped ? header.height : header.width, height: swapped ? header.width : header.height,
                          orientation: orientation, storedWidth: header.width, storedHeight: header.height)
    }

    /// Decodes once (DCT-scaled), orients, then resamples and encodes each planned size.
    /// - Parameters:
    ///   - data: The source bytes.
    ///   - only: When given, encode only these widths of the plan (the rest are cached already).
    /// - Throws: ``ImagingError``.
    public func process(_ data: Data, only: Set<Int>? = nil) throws(ImagingError) -> Output {
        let info = try inspect(data)
        let plan = VariantPlan(sourceWidth: info.width, sourceHeight: info.height, widths: settings.widths)
        let denominator = plan.scaleDenominator(storedWidth: info.storedWidth, storedHeight: info.storedHeight,
                                                swapped: info.orientation >= 5)
        let decoded = try JPEGCodec.decode(data, scaleDenominator: denominator, maxPixels: settings.maxPixels)
        let oriented = PixelOps.orient(decoded.pixels, orientation: info.orientation)
        var variants: [(size: VariantPlan.Size, jpeg: Data)] = []
        for size in plan.sizes where only?.contains(size.width) ?? true {
            let resized = try PixelOps.resize(oriented, width: size.width, height: size.height)
            variants.append((size, try JPEGCodec.encode(resized, quality: settings.quality, progressive: settings.progressive)))
        }
        return Output(info: info, averageColor: PixelOps.averageColor(oriented), variants: variants, warning: decoded.firstWarning)
    }
}
