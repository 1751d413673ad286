public import Foundation
import GalgenCore
import CHEIFShim

/// libheif, through the C shim: HEIC/HEIF (iPhone photos; HEVC through libde265) and AVIF (AV1),
/// the primary image decoded upright (irot/imir applied), its ICC profile or nclx primaries, and
/// its alpha.
public struct HEIFCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// A decoded primary image: RGB, or RGBA when some pixel is not opaque.
    public struct Decoded: Sendable {
        /// RGB pixels, upright.
        public var pixels: PixelBuffer
        /// The ICC profile (`prof`/`rICC`), when there is one.
        public var iccProfile: [UInt8]?
        /// nclx colour primaries when there is no ICC profile (1 BT.709/sRGB, 12 Display P3), else 0.
        public var nclxPrimaries: Int
    }

    /// The primary image's size, from the file's boxes (no decoding).
    /// - Parameter data: The file's bytes.
    /// - Throws: ``ImagingError``.
    public static func size(_ data: Data) throws(ImagingError) -> (width: Int, height: Int) {
        var info = gg_heif_info_t()
        var err = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in gg_heif_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &err, err.count) }
        guard rc == Int32(GG_HEIF_OK), info.width > 0, info.height > 0 else {
            throw ImagingError(.corrupt, "not a readable HEIF/AVIF: \(ImagingError.text(err))")
        }
        return (Int(info.width), Int(info.height))
    }

    /// Decodes the primary image.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - maxPixels: Refuse, before decoding, images with more pixels than this.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, maxPixels: Int) throws(ImagingError) -> Decoded {
        var image = gg_heif_image()
        var err = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in
            gg_heif_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int64(maxPixels), &image, &err, err.count)
        }
        try ImagingError.checkDecode(rc, broken: "HEIF/AVIF data is broken: \(ImagingError.text(err))",
                                     tooLarge: "HEIF/AVIF image is larger than maxPixels (\(maxPixels))",
                                     failed: "out of memory decoding HEIF/AVIF")
        defer {
            gg_heif_release(&image)
            gg_heif_free(image.icc)
        }
        let profile = image.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: image.icc_len)) }
        // libheif's image is written packed into the buffer the pipeline keeps (once: RGB, or RGBA
        // only when some pixel is not opaque), then released.
        let (width, height, channels) = (Int(image.width), Int(image.height), Int(image.channels))
        guard width > 0, height > 0 else { throw ImagingError(.corrupt, "HEIF/AVIF image has no pixels") }
        var copied = Int32(GG_HEIF_ERR)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * channels) { buffer, count in
            copied = gg_heif_copy(&image, buffer.baseAddress)
            count = copied == Int32(GG_HEIF_OK) ? width * height * channels : 0
        }
        guard copied == Int32(GG_HEIF_OK) else { throw ImagingError(.corrupt, "HEIF/AVIF image has no pixels") }
        let pixels = PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
        return Decoded(pixels: pixels,
                       iccProfile: profile, nclxPrimaries: Int(image.nclx_primaries))
    }

    /// Encodes RGB or RGBA, for test inputs: HEIC (x265) or AVIF (aom), with an orientation written as
    /// irot/imir and an optional ICC profile.
    /// - Parameters:
    ///   - rgb: `width * height * channels` samples.
    ///   - width: Width.
    ///   - height: Height.
    ///   - channels: 3 (RGB) or 4 (RGBA: the alpha is written as an alpha image).
    ///   - avif: AVIF instead of HEIC.
    ///   - quality: 0–100.
    ///   - orientation: EXIF-style orientation 1–8.
    ///   - profile: An ICC profile to attach.
    /// - Throws: ``ImagingError``.
    public static func encode(_ rgb: [UInt8], width: Int, height: Int, channels: Int = 3, avif: Bool, quality: Int = 90,
                              orientation: Int = 1, profile: [UInt8]? = nil) throws(ImagingError) -> Data {
        precondition((channels == 3 || channels == 4) && rgb.count == width * height * channels, "samples do not match the size")
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var err = [CChar](repeating: 0, count: 256)
        let rc = rgb.withUnsafeBufferPointer { px in
            (profile ?? []).withUnsafeBufferPointer { icc in
                gg_heif_encode(px.baseAddress, Int32(width), Int32(height), Int32(channels), avif ? 1 : 0, Int32(quality), Int32(orientation),
                               profile == nil ? nil : icc.baseAddress, icc.count, &out, &length, &err, err.count)
            }
        }
        guard rc == Int32(GG_HEIF_OK), let out else { throw ImagingError(.processingFailed, "cannot encode HEIF/AVIF: \(ImagingError.text(err))") }
        defer { gg_heif_free(out) }
        return Data(bytes: out, count: length)
    }
}

extension HEIFCodec: ImageDecoder {
    public var formatNames: [String] { [MediaFormat.heic.name, MediaFormat.avif.name] }

    /// ISO base media files whose brands the format table gives to AVIF or HEIC (the major brand
    /// first, then the compatible ones), which tells an image from a video.
    public func sniff(_ head: [UInt8]) -> String? {
        guard let format = MediaFormat.sniff(head), format == .avif || format == .heic else { return nil }
        return format.name
    }

    /// Decoded at full size; irot/imir are applied by libheif, so the orientation is 1.
    public func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
        let (width, height) = try Self.size(data)
        return try fullSize(width: width, height: height, format: format, maxPixels: settings.maxPixels)
    }

    /// Upright; nclx primaries that say Display P3 stand for its profile.
    public func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
        let decoded = try Self.decode(data, maxPixels: maxPixels)
        var image = DecodedImage(pixels: decoded.pixels, profile: decoded.iccProfile ?? (decoded.nclxPrimaries == 12 ? ColorManagement.displayP3 : nil))
        image.upright = true
        return image
    }
}
