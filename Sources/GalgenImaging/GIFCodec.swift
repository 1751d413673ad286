public import Foundation
import GalgenCore
import CGIFShim

/// giflib, through the C shim: the first frame of a GIF (still or animated), on its logical
/// screen, its transparent index kept as alpha.
public struct GIFCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// A decoded GIF's first frame: RGB, or RGBA when it has transparent pixels.
    public struct Decoded: Sendable {
        /// RGB pixels.
        public var pixels: PixelBuffer
        /// Whether the file is animated (the pixels are its first frame).
        public var animated: Bool
        /// Set when the frame was damaged or truncated (the rows read are kept) or had no palette.
        public var warning: String?
    }

    /// The logical screen's size, from the header.
    /// - Parameter data: The file's bytes.
    /// - Throws: ``ImagingError``.
    public static func size(_ data: Data) throws(ImagingError) -> (width: Int, height: Int) {
        var info = gg_gif_info_t()
        var err = [CChar](repeating: 0, count: 128)
        let rc = data.withUnsafeBytes { raw in gg_gif_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &err, err.count) }
        guard rc == Int32(GG_GIF_OK) else { throw ImagingError(.corrupt, "not a readable GIF: \(ImagingError.text(err))") }
        guard info.width > 0, info.height > 0 else { throw ImagingError(.corrupt, "not a readable GIF: its logical screen has no size") }
        return (Int(info.width), Int(info.height))
    }

    /// The sampling step that keeps a screen of `width` × `height` within `maxPixels`: 1 when it fits.
    /// - Parameters:
    ///   - width: Screen width.
    ///   - height: Screen height.
    ///   - maxPixels: The limit.
    public static func scale(width: Int, height: Int, maxPixels: Int) -> Int {
        var step = 1
        while maxPixels > 0, ((width + step - 1) / step) * ((height + step - 1) / step) > maxPixels { step += 1 }
        return step
    }

    /// Decodes the first frame; a screen larger than
    /// `maxPixels` is sampled down while it is read, so memory stays within the limit.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - maxPixels: The most pixels to hold.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, maxPixels: Int) throws(ImagingError) -> Decoded {
        let screen = try size(data)
        let step = scale(width: screen.width, height: screen.height, maxPixels: maxPixels)
        var image = gg_gif_image()
        var err = [CChar](repeating: 0, count: 128)
        let rc = data.withUnsafeBytes { raw in
            gg_gif_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(step), &image, &err, err.count)
        }
        try ImagingError.checkDecode(rc, broken: "GIF data is broken: \(ImagingError.text(err))", failed: "out of memory decoding GIF")
        defer { gg_gif_free(image.pixels) }
        let warning = ImagingError.text(fixed: image.warning)
        return Decoded(pixels: PixelOps.fromRGBA(image.pixels, width: Int(image.width), height: Int(image.height)),
                       animated: image.animated != 0, warning: warning.isEmpty ? nil : warning)
    }
}

extension GIFCodec: ImageDecoder {
    public var formatNames: [String] { [MediaFormat.gif.name] }

    public func sniff(_ head: [UInt8]) -> String? {
        MediaFormat.gif.matches(head) ? MediaFormat.gif.name : nil
    }

    /// GIF rows stream by, so an oversized screen is sampled down while it is read: `maxPixels`
    /// applies to the sampled size.
    public func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
        let screen = try Self.size(data)
        let step = Self.scale(width: screen.width, height: screen.height, maxPixels: settings.maxPixels)
        return try fullSize(width: (screen.width + step - 1) / step, height: (screen.height + step - 1) / step, format: format,
                            maxPixels: settings.maxPixels)
    }

    public func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
        let decoded = try Self.decode(data, maxPixels: maxPixels)
        let note = [decoded.animated ? "animated GIF: its first frame is shown" : nil,
                    decoded.warning.map { "damaged GIF data (\($0)); shown as far as it could be decoded" }].compactMap { $0 }
        return DecodedImage(pixels: decoded.pixels, note: note.isEmpty ? nil : note.joined(separator: "; "))
    }
}
