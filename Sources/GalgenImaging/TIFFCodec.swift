public import Foundation
import GalgenCore
import CTIFFShim

/// libtiff, through the C shim, reading from memory: the first page (directory) of a TIFF or BigTIFF,
/// through libtiff's own RGBA conversion (every photometric, bit depth, compression, strips and
/// tiles); rows come as stored and the Orientation tag is returned for the pipeline to apply, as EXIF
/// orientation is; the ICC profile is returned for ``ColorManagement``, and 8-bit CMYK with a profile
/// is kept as CMYK for it. Alpha is kept (see ``PixelOps/fromRGBA(_:width:height:)``).
public struct TIFFCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// What the first directory says.
    public struct Info: Sendable, Hashable {
        /// Stored width (before orientation).
        public var width: Int
        /// Stored height (before orientation).
        public var height: Int
        /// The Orientation tag, 1–8 (1 when absent).
        public var orientation: Int
        /// Bits per sample.
        public var bitsPerSample: Int
        /// Samples per pixel.
        public var samplesPerPixel: Int
        /// TIFF's PhotometricInterpretation (2 RGB, 5 CMYK, …).
        public var photometric: Int
        /// TIFF's Compression (1 none, 5 LZW, 7 JPEG, 8 Deflate, …).
        public var compression: Int
        /// Whether the page is stored in tiles.
        public var tiled: Bool
        /// Whether ExtraSamples declares alpha.
        public var hasAlpha: Bool
    }

    /// A decoded first page, as stored: RGB, or RGBA when some pixel is not opaque (CMYK when ``cmyk`` is set).
    public struct Decoded: Sendable {
        /// The pixels, rows as stored (``orientation`` not applied).
        public var pixels: PixelBuffer
        /// Set when the pixels are CMYK kept for the ICC profile (255 = full ink).
        public var cmyk: ColorManagement.Layout?
        /// The ICC profile, when there is one.
        public var iccProfile: [UInt8]?
        /// The Orientation tag, 1–8.
        public var orientation: Int
        /// Whether more pages follow the first (which is the one decoded); thumbnails do not count.
        public var morePages: Bool
        /// libtiff's first error for strips or tiles that could not be decoded (they are left transparent).
        public var warning: String?
    }

    /// Reads the first directory only.
    /// - Parameter data: The file's bytes.
    /// - Throws: ``ImagingError``.
    public static func info(_ data: Data) throws(ImagingError) -> Info {
        var info = gg_tiff_info_t()
        var err = [CChar](repeating: 0, count: 192)
        let rc = data.withUnsafeBytes { raw in gg_tiff_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &err, err.count) }
        switch rc {
        case Int32(GG_TIFF_OK): break
        case Int32(GG_TIFF_LIMIT): throw ImagingError(.tooLarge, "TIFF declares an absurd size: \(ImagingError.text(err))")
        default: throw ImagingError(.corrupt, "not a readable TIFF: \(ImagingError.text(err))")
        }
        return Info(width: Int(info.width), height: Int(info.height), orientation: Int(info.orientation),
                    bitsPerSample: Int(info.bits_per_sample), samplesPerPixel: Int(info.samples_per_pixel),
                    photometric: Int(info.photometric), compression: Int(info.compression), tiled: info.tiled != 0,
                    hasAlpha: info.has_alpha != 0)
    }

    /// Decodes the first page.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - maxPixels: Refuse, from the header, pages with more pixels than this.
    ///   - keepCMYK: Leave 8-bit CMYK with an ICC profile as CMYK, for ``ColorManagement``.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, maxPixels: Int, keepCMYK: Bool = false) throws(ImagingError) -> Decoded {
        var image = gg_tiff_image()
        var err = [CChar](repeating: 0, count: 1024)
        let rc = data.withUnsafeBytes { raw in
            gg_tiff_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int64(maxPixels), keepCMYK ? 1 : 0, &image, &err, err.count)
        }
        try ImagingError.checkDecode(rc, broken: "TIFF data is broken: \(ImagingError.text(err))",
                                     tooLarge: "TIFF is larger than maxPixels (\(maxPixels))",
                                     unsupported: "a TIFF that libtiff cannot convert to RGB: \(ImagingError.text(err))",
                                     failed: "out of memory decoding TIFF")
        defer {
            gg_tiff_free(image.pixels)
            gg_tiff_free(image.icc)
        }
        let (width, height) = (Int(image.width), Int(image.height))
        let pixels = image.cmyk != 0
            ? PixelBuffer(width: width, height: height, channels: 4, bytes: [UInt8](UnsafeBufferPointer(start: image.pixels, count: width * height * 4)))
            : PixelOps.fromRGBA(image.pixels, width: width, height: height)
        let profile = image.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: Int(image.icc_len))) }
        let warning = ImagingError.text(fixed: image.warning)
        return Decoded(pixels: pixels, cmyk: image.cmyk != 0 ? .cmyk : nil, iccProfile: profile, orientation: Int(image.orientation),
                       morePages: image.more_pages != 0, warning: warning.isEmpty ? nil : warning)
    }
}

extension TIFFCodec: ImageDecoder {
    public var formatNames: [String] { [MediaFormat.tiff.name] }

    /// TIFF and BigTIFF in both byte orders (the format table's row), all read by libtiff.
    public func sniff(_ head: [UInt8]) -> String? {
        MediaFormat.tiff.matches(head) ? MediaFormat.tiff.name : nil
    }

    /// Decoded at full size; the Orientation tag means what EXIF's does (libtiff hands over the rows as stored).
    public func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
        let header = try Self.info(data)
        let (width, height) = (header.width, header.height)
        let info = try fullSize(width: width, height: height, orientation: header.orientation, format: format, maxPixels: settings.maxPixels)
        // A large TIFF page in a file far too small for it is a decompression bomb (or a header that
        // lies): refused before libtiff allocates and fills it, as JPEG's rule does. Deflate gives at
        // most about 1,000 bytes a byte (about 340 RGB pixels), so only near-blank grey or bilevel
        // pages come near the line; pages under 16 MP are not checked (they decode in well under a second).
        if width * height > 1 << 24, data.count < width * height / 1_000 {
            throw ImagingError(.tooLarge, "image declares \(width)x\(height) pixels in only \(data.count) bytes: "
                               + "a decompression bomb (refused before decoding)")
        }
        return info
    }

    /// The first page, CMYK with a profile kept as CMYK for the colour step.
    public func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
        let decoded = try Self.decode(data, maxPixels: maxPixels, keepCMYK: true)
        let note = [decoded.morePages ? "multi-page TIFF: its first page is shown" : nil,
                    decoded.warning.map { "damaged TIFF data (\($0)); shown as far as it could be decoded" }].compactMap { $0 }
        var image = DecodedImage(pixels: decoded.pixels, profile: decoded.iccProfile, note: note.isEmpty ? nil : note.joined(separator: "; "))
        image.cmyk = decoded.cmyk
        return image
    }
}
