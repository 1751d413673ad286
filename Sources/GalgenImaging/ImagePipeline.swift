public import Foundation
public import GalgenCore

/// Turns one source image into all its variants, in every output format, from a single decode.
public struct ImagePipeline: Sendable {
    /// Bump when the output of this pipeline changes for the same input and spec; it is part of every cache key.
    /// 2: embedded ICC profiles are converted to sRGB (lcms2).
    /// 3: alpha is resampled weighted by alpha, then composited (JPEG) or kept (WebP, AVIF); gray ICC profiles are applied.
    /// 4: the resampler sums whole pixels in vectors (some pixels differ by one level from version 3).
    public static let version = 4

    /// Limits and encoder settings.
    public struct Settings: Sendable, Hashable {
        /// Variant widths, ascending.
        public var widths: [Int]
        /// JPEG quality, 1–100.
        public var quality: Int
        /// The formats to write, in order of preference; the last is the `<img>` fallback.
        public var formats: [OutputFormat] = [.jpeg]
        /// WebP quality, 0–100.
        public var webpQuality = EncoderDefaults.webpQuality
        /// libwebp's method: 0 (fast) to 6 (smallest).
        public var webpEffort = EncoderDefaults.webpEffort
        /// AVIF quality, 0–100.
        public var avifQuality = EncoderDefaults.avifQuality
        /// libavif's speed: 0 (slowest, smallest) to 10 (fastest).
        public var avifSpeed = EncoderDefaults.avifSpeed
        /// The AV1 encoder.
        public var avifEncoder = AVIFCodec.Encoder.aom
        /// sRGB for every variant, or Display P3 for sources whose profile says they are wider.
        public var colorSpace = OutputColorSpace.srgb
        /// Refuse sources that need more pixels than this in memory (checked from the header, at
        /// the DCT scale the decode will use).
        public var maxPixels: Int
        /// Refuse sources larger than this many bytes.
        public var maxSourceBytes: Int
        /// Write progressive JPEGs.
        public var progressive: Bool
        /// The colour transparent pixels are composited over in JPEG variants, as R, G, B.
        public var background: [UInt8]

        /// Creates settings.
        /// - Parameters:
        ///   - widths: Variant widths, ascending.
        ///   - quality: JPEG quality.
        ///   - maxPixels: Pixel limit.
        ///   - maxSourceBytes: Byte limit.
        ///   - progressive: Write progressive JPEGs.
        ///   - background: R, G, B of the colour transparent pixels are composited over.
        public init(widths: [Int], quality: Int, maxPixels: Int, maxSourceBytes: Int, progressive: Bool = false,
                    background: [UInt8] = [255, 255, 255]) {
            self.widths = widths
            self.quality = quality
            self.maxPixels = maxPixels
            self.maxSourceBytes = maxSourceBytes
            self.progressive = progressive
            self.background = background
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

        /// The geometry of a stored image shown with an orientation (5–8 swap width and height).
        /// - Parameters:
        ///   - storedWidth: Width as stored.
        ///   - storedHeight: Height as stored.
        ///   - orientation: EXIF orientation, 1–8.
        public init(storedWidth: Int, storedHeight: Int, orientation: Int = 1) {
            let swapped = orientation >= 5
            width = swapped ? storedHeight : storedWidth
            height = swapped ? storedWidth : storedHeight
            self.orientation = orientation
            self.storedWidth = storedWidth
            self.storedHeight = storedHeight
        }
    }

    /// The result for one source.
    public struct Output: Sendable {
        /// The source's geometry.
        public var info: SourceInfo
        /// Mean colour, `#rrggbb`, for the placeholder background.
        public var averageColor: String
        /// One encoded variant.
        public struct Variant: Sendable {
            /// Its size.
            public var size: VariantPlan.Size
            /// Its format.
            public var format: OutputFormat
            /// The file's bytes.
            public var data: Data
        }

        /// Encoded variants: by width in plan order, each width's formats in settings order.
        public var variants: [Variant]
        /// Preferred formats (not the fallback) this image could not be written in, with the encoder's
        /// reason (e.g. WebP's 16383-pixel limit): the image is published without them.
        public var skipped: [OutputFormat: String] = [:]
        /// libjpeg's first warning, when the data was damaged but decodable.
        public var warning: String?
        /// Set when an embedded colour profile could not be used (the colours were taken as sRGB).
        public var colorWarning: String?
        /// Whether the variants are Display P3 (tagged so), not untagged sRGB.
        public var displayP3 = false
        /// Set for an animation, of which only the first frame is used, or a damaged GIF shown as far as it decoded.
        public var note: String?
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
        case .jpeg: break  // sniffed on the SOI marker alone: libjpeg judges the rest
        case .png, .webp, .gif, .heic, .avif, .tiff: return try inspectFullSize(data, format: format)
        case .empty: throw ImagingError(.unsupportedFormat, "not an image: the file is empty")
        case .html: throw ImagingError(.unsupportedFormat, "not an image: the bytes are an HTML page")
        case .unknown: throw ImagingError(.unsupportedFormat, "not an image: unrecognised bytes")
        default: throw ImagingError(.unsupportedFormat, "unsupported format \(format.rawValue); galgen reads JPEG, PNG, WebP, GIF, HEIC, AVIF and TIFF")
        }
        let header = try JPEGCodec.info(data)
        guard header.width > 0, header.height > 0 else { throw ImagingError(.corrupt, "the JPEG header gives no size") }
        let info = SourceInfo(storedWidth: header.width, storedHeight: header.height, orientation: ExifOrientation.read(from: data))
        let declared = header.width * header.height
        if declared > settings.maxPixels {
            // The decode is DCT-scaled, so what memory holds is the scaled size; but a file far too
            // small for the size it declares is a decompression bomb (progressive EOB runs or a
            // truncated stream decode as grey at any size, and decoding them still takes seconds).
            // Real photographs carry more than one byte per 1,000 pixels, even at low quality.
            if data.count < declared / 1_000 {
                throw ImagingError(.tooLarge, "image declares \(header.width)x\(header.height) pixels in only \(data.count) bytes: "
                                   + "a decompression bomb (refused before decoding)")
            }
            // A progressive (multi-scan) JPEG is different: libjpeg keeps every DCT coefficient of the
            // full-size image until the last scan, 2 bytes per sample whatever the scale.
            if header.progressive {
                // 2 bytes per sample: 1 sample per pixel for gray, 1.5 (4:2:0) to 3 (4:4:4) for colour.
                let least = declared * (header.components >= 3 ? 3 : 2) / 1_000_000
                let most = declared * 2 * min(header.components, 3) / 1_000_000
                let size = least == most ? "about \(least) MB" : "\(least)–\(most) MB"
                throw ImagingError(.tooLarge, "progressive JPEG of \(header.width)x\(header.height) pixels: libjpeg holds every DCT "
                                   + "coefficient of the full image (\(size)) whatever the scale, so maxPixels "
                                   + "(\(settings.maxPixels)) applies to its full size")
            }
            let d = plan(for: info).scaleDenominator(storedWidth: header.width, storedHeight: header.height, swapped: info.orientation >= 5)
            let held = ((header.width + d - 1) / d) * ((header.height + d - 1) / d)
            guard held <= settings.maxPixels else {
                throw ImagingError(.tooLarge, "image is \(header.width)x\(header.height) pixels and would need \(held) pixels in memory "
                                   + "even at 1/\(d), more than maxPixels (\(settings.maxPixels))")
            }
        }
        return info
    }

    /// The geometry of a format that is decoded at full size (PNG, WebP, GIF, HEIF, TIFF): `maxPixels` applies
    /// to that size, refused from the header.
    private func inspectFullSize(_ data: Data, format: ImageFormat) throws(ImagingError) -> SourceInfo {
        let width: Int, height: Int
        var tiffOrientation: Int?
        switch format {
        case .png:
            let header = try PNGCodec.info(data)
            (width, height) = (header.width, header.height)
        case .webp:
            let header = try WebPCodec.info(data)
            (width, height) = (header.width, header.height)
        case .heic, .avif:
            (width, height) = try HEIFCodec.size(data)
        case .tiff:
            let header = try TIFFCodec.info(data)
            (width, height, tiffOrientation) = (header.width, header.height, header.orientation)
        default:
            // GIF rows stream by, so an oversized screen is sampled down while it is read.
            let screen = try GIFCodec.size(data)
            let step = GIFCodec.scale(width: screen.width, height: screen.height, maxPixels: settings.maxPixels)
            (width, height) = ((screen.width + step - 1) / step, (screen.height + step - 1) / step)
        }
        guard width * height <= settings.maxPixels else {
            throw ImagingError(.tooLarge, "image is \(width)x\(height) pixels, more than maxPixels (\(settings.maxPixels)); "
                               + "a \(format.rawValue) is decoded at full size, so it is refused from its header")
        }
        // A large TIFF page in a file far too small for it is a decompression bomb (or a header that
        // lies): refused before libtiff allocates and fills it, as JPEG's rule does. Deflate gives at
        // most about 1,000 bytes a byte (about 340 RGB pixels), so only near-blank grey or bilevel
        // pages come near the line; pages under 16 MP are not checked (they decode in well under a second).
        if format == .tiff, width * height > 1 << 24, data.count < width * height / 1_000 {
            throw ImagingError(.tooLarge, "image declares \(width)x\(height) pixels in only \(data.count) bytes: "
                               + "a decompression bomb (refused before decoding)")
        }
        // The TIFF Orientation tag means what EXIF's does (libtiff hands over the rows as stored).
        if let tiffOrientation { return SourceInfo(storedWidth: width, storedHeight: height, orientation: tiffOrientation) }
        // EXIF orientation in PNG's eXIf and WebP's EXIF chunks (HEIF's irot/imir are applied by libheif).
        let exif = format == .png ? ContainerChunks.pngEXIF(data) : format == .webp ? ContainerChunks.webpEXIF(data) : nil
        return SourceInfo(storedWidth: width, storedHeight: height, orientation: exif.map(ExifOrientation.read(fromEXIF:)) ?? 1)
    }

    /// The variants to make of a source.
    func plan(for info: SourceInfo) -> VariantPlan {
        VariantPlan(sourceWidth: info.width, sourceHeight: info.height, widths: settings.widths)
    }

    /// Decodes once (DCT-scaled), converts to sRGB, then resamples each planned size, orients it and
    /// encodes it in every format.
    /// - Parameters:
    ///   - data: The source bytes.
    ///   - only: When given, encode only these variants (the rest are cached already).
    /// - Throws: ``ImagingError``.
    public func process(_ data: Data, only: Set<VariantID>? = nil) throws(ImagingError) -> Output {
        var info = try inspect(data)
        var plan = plan(for: info)
        let format = ImageFormat.sniff(data)
        let denominator = plan.scaleDenominator(storedWidth: info.storedWidth, storedHeight: info.storedHeight,
                                                swapped: info.orientation >= 5)
        var pixels: PixelBuffer
        var cmyk: ColorManagement.Layout?
        var profile: [UInt8]?
        var warning: String?
        var note: String?
        switch format {
        case .png:
            let decoded = try PNGCodec.decode(data, maxPixels: settings.maxPixels)
            pixels = decoded.pixels
            profile = decoded.iccProfile
            note = decoded.warning.map { "damaged PNG data (\($0)); shown as far as it could be decoded" }
        case .webp:
            let decoded = try WebPCodec.decode(data, maxPixels: settings.maxPixels)
            pixels = decoded.pixels
            profile = decoded.iccProfile
            if decoded.animated { note = "animated WebP: its first frame is shown" }
        case .gif:
            let decoded = try GIFCodec.decode(data, maxPixels: settings.maxPixels)
            pixels = decoded.pixels
            note = [decoded.animated ? "animated GIF: its first frame is shown" : nil,
                    decoded.warning.map { "damaged GIF data (\($0)); shown as far as it could be decoded" }].compactMap { $0 }
                .joined(separator: "; ").nilIfEmpty
        case .heic, .avif:
            let decoded = try HEIFCodec.decode(data, maxPixels: settings.maxPixels)
            pixels = decoded.pixels
            profile = decoded.iccProfile ?? (decoded.nclxPrimaries == 12 ? ColorManagement.displayP3 : nil)
        case .tiff:
            let decoded = try TIFFCodec.decode(data, maxPixels: settings.maxPixels, keepCMYK: true)
            pixels = decoded.pixels
            cmyk = decoded.cmyk
            profile = decoded.iccProfile
            note = [decoded.morePages ? "multi-page TIFF: its first page is shown" : nil,
                    decoded.warning.map { "damaged TIFF data (\($0)); shown as far as it could be decoded" }].compactMap { $0 }
                .joined(separator: "; ").nilIfEmpty
        default:
            let decoded = try JPEGCodec.decode(data, scaleDenominator: denominator, maxPixels: settings.maxPixels, keepCMYK: true)
            pixels = decoded.pixels
            cmyk = decoded.cmyk
            profile = decoded.iccProfile
            warning = decoded.firstWarning
        }
        if format == .heic || format == .avif, pixels.width != info.width || pixels.height != info.height {
            // A decoder that applies its own transformations (HEIF irot/imir) has the last word on the size.
            info = SourceInfo(storedWidth: pixels.width, storedHeight: pixels.height)
            plan = self.plan(for: info)
        }
        var colorWarning: String?
        var wide = false
        if let profile {
            // A wide-gamut site keeps a tagged source's gamut in Display P3; everything else becomes sRGB.
            let target = settings.colorSpace == .p3 ? ColorManagement.displayP3 : nil
            let converted = ColorManagement.convert(pixels, layout: cmyk ?? (pixels.hasAlpha ? .rgba : .rgb), profile: profile, to: target)
            pixels = converted.pixels
            colorWarning = converted.warning
            wide = target != nil && converted.warning == nil
        }
        // Orientation is applied to each resampled variant, not to the decode: turning a 1280-wide result
        // costs a fraction of turning the full decode, and the resampler filters the same pixels.
        let swapped = info.orientation >= 5
        var variants: [Output.Variant] = []
        var skipped: [OutputFormat: String] = [:]
        for size in plan.sizes {
            let formats = settings.formats.filter { only?.contains(VariantID($0, size.width)) ?? true && skipped[$0] == nil }
            if formats.isEmpty { continue }
            // One resample per width: RGBA keeps its alpha for WebP and AVIF and is composited for JPEG.
            let (w, h) = swapped ? (size.height, size.width) : (size.width, size.height)
            let stored: PixelBuffer
            if pixels.hasAlpha && !formats.contains(where: \.keepsAlpha) {
                stored = try PixelOps.resizeFlattening(pixels, width: w, height: h, background: settings.background)
            } else {
                stored = try PixelOps.resize(pixels, width: w, height: h)
            }
            let resized = PixelOps.orient(stored, orientation: info.orientation)
            for format in formats {
                do {
                    variants.append(Output.Variant(size: size, format: format, data: try encode(resized, as: format, displayP3: wide)))
                } catch where format != settings.formats.last {
                    // A preferred format that cannot hold this image: publish it without that format.
                    skipped[format] = error.message
                    variants.removeAll { $0.format == format }
                }
            }
        }
        var average = PixelOps.averageColor(pixels, background: settings.background)
        if wide, let p3 = ColorManagement.displayP3 { average = ColorManagement.hexToSRGB(average, from: p3) }   // CSS colours are sRGB
        var output = Output(info: info, averageColor: average, variants: variants,
                            warning: warning, colorWarning: colorWarning, note: note)
        output.skipped = skipped
        output.displayP3 = wide
        return output
    }

    /// Encodes one resampled variant.
    private func encode(_ pixels: PixelBuffer, as format: OutputFormat, displayP3: Bool) throws(ImagingError) -> Data {
        let profile = displayP3 ? ColorManagement.displayP3 : nil
        switch format {
        case .jpeg:
            // An ICC profile in JPEG: APP2 "ICC_PROFILE\0", chunk 1 of 1 (galgen's P3 profile is well under 64 KB).
            let markers = profile.map { [(2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + $0)] } ?? []
            return try JPEGCodec.encode(PixelOps.flatten(pixels, background: settings.background), quality: settings.quality,
                                        progressive: settings.progressive, markers: markers)
        case .webp:
            return try WebPCodec.encode(pixels, quality: settings.webpQuality, effort: settings.webpEffort, profile: profile)
        case .avif:
            return try AVIFCodec.encode(pixels, quality: settings.avifQuality, speed: settings.avifSpeed, encoder: settings.avifEncoder,
                                        displayP3: displayP3)
        }
    }
}

extension String {
    /// nil for the empty string.
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
