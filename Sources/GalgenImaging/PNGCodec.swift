public import Foundation
import GalgenCore
import CPNGShim

/// libpng, through the C shim: every colour type and bit depth, palettes with tRNS, interlacing and
/// `gAMA` are turned into 8-bit sRGB-encoded RGBA; the `iCCP` profile is returned for
/// ``ColorManagement``; CRC mismatches are ignored and damaged image data keeps the rows that decoded. Alpha is kept
/// (see ``PixelOps/fromRGBA(_:width:height:)``).
public struct PNGCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// What a PNG header says.
    public struct Info: Sendable, Hashable {
        /// Width.
        public var width: Int
        /// Height.
        public var height: Int
        /// Whether it has an alpha channel or tRNS transparency.
        public var hasAlpha: Bool
        /// Bits per sample in the file.
        public var bitDepth: Int
    }

    /// A decoded PNG: RGB, or RGBA when some pixel is not opaque.
    public struct Decoded: Sendable {
        /// RGB pixels.
        public var pixels: PixelBuffer
        /// The `iCCP` profile, when there is one.
        public var iccProfile: [UInt8]?
        /// libpng's first warning, or why the image data ended early (the rows after it are empty).
        public var warning: String?
    }

    /// Reads the header only.
    /// - Parameter data: The file's bytes.
    /// - Throws: ``ImagingError``.
    public static func info(_ data: Data) throws(ImagingError) -> Info {
        var info = gg_png_info_t()
        var err = [CChar](repeating: 0, count: 128)
        let rc = data.withUnsafeBytes { raw in gg_png_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &err, err.count) }
        guard rc == Int32(GG_PNG_OK) else { throw ImagingError(.corrupt, "not a readable PNG: \(ImagingError.text(err))") }
        return Info(width: Int(info.width), height: Int(info.height), hasAlpha: info.has_alpha != 0, bitDepth: Int(info.bit_depth))
    }

    /// Decodes.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - maxPixels: Refuse, from the header, images with more pixels than this.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, maxPixels: Int) throws(ImagingError) -> Decoded {
        var image = gg_png_image()
        var err = [CChar](repeating: 0, count: 128)
        let rc = data.withUnsafeBytes { raw in
            gg_png_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int64(maxPixels), &image, &err, err.count)
        }
        try ImagingError.checkDecode(rc, broken: "PNG data is broken: \(ImagingError.text(err))",
                                     tooLarge: "PNG is larger than maxPixels (\(maxPixels))", failed: ImagingError.text(err))
        defer {
            gg_png_free(image.pixels)
            gg_png_free(image.icc)
        }
        var profile = image.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: Int(image.icc_len))) }
        if profile == nil, image.has_chrm != 0 {
            profile = chrmProfile(withUnsafeBytes(of: image.chrm) { Array($0.bindMemory(to: Double.self)) })
        }
        let warning = ImagingError.text(fixed: image.warning)
        let (width, height) = (Int(image.width), Int(image.height))
        let pixels = image.channels == 4 ? PixelOps.fromRGBA(image.pixels, width: width, height: height)
            : PixelBuffer(width: width, height: height, bytes: [UInt8](UnsafeBufferPointer(start: image.pixels, count: width * height * 3)))
        return Decoded(pixels: pixels,
                       iccProfile: profile, warning: warning.isEmpty ? nil : warning)
    }

    /// sRGB's cHRM values (D65 white, then red, green and blue), which need no conversion.
    private static let srgbChromaticities: [Double] = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]

    /// A profile for a file's `cHRM` primaries and white point, with the sRGB tone curve (libpng has
    /// already applied `gAMA`); nil when they are sRGB's or cannot make a profile.
    static func chrmProfile(_ c: [Double]) -> [UInt8]? {
        guard c.count == 8, zip(c, srgbChromaticities).contains(where: { abs($0 - $1) > 0.002 }) else { return nil }
        return ColorManagement.rgbProfile(red: (c[2], c[3]), green: (c[4], c[5]), blue: (c[6], c[7]), white: (c[0], c[1]))
    }
}

extension PNGCodec: ImageDecoder {
    public var formatNames: [String] { [MediaFormat.png.name] }

    /// The whole 8-byte signature (a body cut inside it is not a PNG).
    public func sniff(_ head: [UInt8]) -> String? {
        MediaFormat.png.matches(head) ? MediaFormat.png.name : nil
    }

    /// Decoded at full size; EXIF orientation from the `eXIf` chunk.
    public func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
        let header = try Self.info(data)
        return try fullSize(width: header.width, height: header.height, exif: ContainerChunks.pngEXIF(data), format: format, maxPixels: settings.maxPixels)
    }

    public func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
        let decoded = try Self.decode(data, maxPixels: maxPixels)
        return DecodedImage(pixels: decoded.pixels, profile: decoded.iccProfile,
                            note: decoded.warning.map { "damaged PNG data (\($0)); shown as far as it could be decoded" })
    }
}
