public import Foundation
public import GalgenCore

/// Turns one source image into all its variants, in every output format, from a single decode.
public struct ImagePipeline: Sendable {
    /// Bump when the output of this pipeline changes for the same input and spec; it is part of every cache key.
    /// 2: embedded ICC profiles are converted to sRGB (lcms2).
    /// 3: alpha is resampled weighted by alpha, then composited (JPEG) or kept (WebP, AVIF); gray ICC profiles are applied.
    /// 4: the resampler sums whole pixels in vectors (some pixels differ by one level from version 3).
    /// 5: variants and previews shrunk by more than 4x are block-averaged first (``reducingGap``).
    public static let version = 5

    /// How much of a large shrink the Lanczos filter does itself (``PixelOps/resize(_:width:height:reducingGap:)``):
    /// the rest is block averaging, as Pillow's `thumbnail` does by default.
    public static let reducingGap = 2

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

        /// Why a source of `bytes` bytes is refused (more than ``maxSourceBytes``), or nil when it is not.
        /// - Parameters:
        ///   - bytes: The source's size.
        ///   - what: What it is, for the message (`file`, `download`).
        public func sizeRefusal(_ bytes: Int, of what: String = "file") -> String? {
            bytes > maxSourceBytes ? "\(what) is \(bytes) bytes, more than maxSourceBytes (\(maxSourceBytes))" : nil
        }

        /// ``background`` as six lowercase hex digits, as cache keys write it.
        public var backgroundHex: String { ContentHash.hex(background) }
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
        /// What the pages show of it beside its files: its upright size, its mean colour (for the
        /// placeholder background) and its ThumbHash preview (``ThumbHash``; nil when it could not be made).
        public var facts: ImageFacts
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
    /// The formats it reads and writes.
    public let codecs: ImageCodecs

    /// Creates a pipeline.
    /// - Parameters:
    ///   - settings: Limits and encoder settings.
    ///   - codecs: The formats it reads and writes (every format it is asked to write must be there).
    public init(settings: Settings, codecs: ImageCodecs = .standard) {
        self.settings = settings
        self.codecs = codecs
    }

    /// Checks format and limits and reads the geometry; decodes nothing.
    /// - Parameter data: The source bytes.
    /// - Throws: ``ImagingError``.
    public func inspect(_ data: Data) throws(ImagingError) -> SourceInfo {
        try source(data).info
    }

    /// The decoder of a source and what its header says, its limits checked.
    private func source(_ data: Data) throws(ImagingError) -> (decoder: any ImageDecoder, info: SourceInfo) {
        if let refusal = settings.sizeRefusal(data.count) { throw ImagingError(.tooLarge, refusal) }
        guard let found = codecs.decoder(for: data) else { throw codecs.refusal(for: data) }
        return (found.decoder, try found.decoder.inspect(data, format: found.format, settings: settings))
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
        let (decoder, inspected) = try source(data)
        var info = inspected
        let denominator = plan(for: info).scaleDenominator(storedWidth: info.storedWidth, storedHeight: info.storedHeight,
                                                           swapped: info.orientation >= 5)
        let decoded = try decoder.decode(data, scaleDenominator: denominator, maxPixels: settings.maxPixels)
        if decoded.upright, decoded.pixels.width != info.width || decoded.pixels.height != info.height {
            // A decoder that applies its own transformations (HEIF irot/imir) has the last word on the size.
            info = SourceInfo(storedWidth: decoded.pixels.width, storedHeight: decoded.pixels.height)
        }
        let (pixels, colorWarning, wide) = colorManaged(decoded)
        let (variants, skipped) = try encodeVariants(of: pixels, info: info, only: only, displayP3: wide)
        var average = PixelOps.averageColor(pixels, background: settings.background)
        if wide, let p3 = ColorManagement.displayP3 { average = ColorManagement.hexToSRGB(average, from: p3) }   // CSS colours are sRGB
        let facts = ImageFacts(width: info.width, height: info.height, averageColor: average,
                               preview: preview(of: pixels, orientation: info.orientation, wide: wide))
        var output = Output(info: info, facts: facts, variants: variants, warning: decoded.warning, colorWarning: colorWarning,
                            note: decoded.note)
        output.skipped = skipped
        output.displayP3 = wide
        return output
    }

    /// The ThumbHash preview of the colour-managed pixels: resampled to 100 px at most, turned upright
    /// and, on a wide-gamut site, converted to sRGB (the runtime paints it as an sRGB picture).
    private func preview(of pixels: PixelBuffer, orientation: Int, wide: Bool) -> String? {
        guard let small = ThumbHash.fit(pixels) else { return nil }
        var upright = PixelOps.orient(small, orientation: orientation)
        if wide, let p3 = ColorManagement.displayP3 {
            let converted = ColorManagement.toSRGB(upright, layout: upright.hasAlpha ? .rgba : .rgb, profile: p3)
            if converted.warning == nil { upright = converted.pixels }
        }
        return ThumbHash.base64(ThumbHash.encode(upright))
    }

    /// The decoded pixels converted from their profile: to sRGB, or kept wide in Display P3 on a wide-gamut site.
    private func colorManaged(_ decoded: DecodedImage) -> (pixels: PixelBuffer, warning: String?, wide: Bool) {
        guard let profile = decoded.profile else { return (decoded.pixels, nil, false) }
        // A wide-gamut site keeps a tagged source's gamut in Display P3; everything else becomes sRGB.
        let target = settings.colorSpace == .p3 ? ColorManagement.displayP3 : nil
        let pixels = decoded.pixels
        let converted = ColorManagement.convert(pixels, layout: decoded.cmyk ?? (pixels.hasAlpha ? .rgba : .rgb), profile: profile, to: target)
        return (converted.pixels, converted.warning, target != nil && converted.warning == nil)
    }

    /// Resamples each planned size once, orients it and encodes it in every format; a preferred format
    /// that cannot hold the image is left out (with the encoder's reason), the fallback's failure fails the image.
    private func encodeVariants(of pixels: PixelBuffer, info: SourceInfo, only: Set<VariantID>?,
                                displayP3: Bool) throws(ImagingError) -> ([Output.Variant], [OutputFormat: String]) {
        let encoders = settings.formats.map { codecs.encoder(for: $0) }
        // Orientation is applied to each resampled variant, not to the decode: turning a 1280-wide result
        // costs a fraction of turning the full decode, and the resampler filters the same pixels.
        let swapped = info.orientation >= 5
        var variants: [Output.Variant] = []
        var skipped: [OutputFormat: String] = [:]
        for size in plan(for: info).sizes {
            let chosen = encoders.filter { only?.contains(VariantID($0.format, size.width)) ?? true && skipped[$0.format] == nil }
            if chosen.isEmpty { continue }
            // One resample per width: RGBA keeps its alpha for WebP and AVIF and is composited for JPEG.
            let (w, h) = swapped ? (size.height, size.width) : (size.width, size.height)
            let stored: PixelBuffer
            if pixels.hasAlpha && !chosen.contains(where: { $0.keepsAlpha }) {
                stored = try PixelOps.resizeFlattening(pixels, width: w, height: h, background: settings.background)
            } else {
                stored = try PixelOps.resize(pixels, width: w, height: h, reducingGap: Self.reducingGap)
            }
            let resized = PixelOps.orient(stored, orientation: info.orientation)
            for encoder in chosen {
                let format = encoder.format
                do {
                    variants.append(Output.Variant(size: size, format: format,
                                                   data: try encoder.encode(resized, displayP3: displayP3, settings: settings)))
                } catch where format != settings.formats.last {
                    // A preferred format that cannot hold this image: publish it without that format.
                    skipped[format] = error.message
                    variants.removeAll { $0.format == format }
                }
            }
        }
        return (variants, skipped)
    }
}

