public import Foundation
import GalgenCore
import CHEIFShim

/// libheif, through the C shim: HEIC/HEIF (iPhone photos; HEVC through libde265) and AVIF (AV1),
/// the primary image decoded upright (irot/imir applied), its ICC profile or nclx primaries, and
/// its alpha. libheif is loaded at run time: where the system lacks it, each such file fails with
/// ``ImagingError/Code/unsupportedFormat`` and the reason (what to install).
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
        if rc == Int32(GG_HEIF_UNAVAILABLE) { throw ImagingError(.unsupportedFormat, ImagingError.text(err)) }
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
                                     unsupported: ImagingError.text(err),
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
