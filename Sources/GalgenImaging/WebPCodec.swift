public import Foundation
import CWebPShim
public import GalgenCore

/// libwebp, through the C shim: lossy, lossless and alpha WebP, the first frame of an animation,
/// and the `ICCP` profile. Alpha is kept.
public struct WebPCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// What a WebP header says.
    public struct Info: Sendable, Hashable {
        /// Width.
        public var width: Int
        /// Height.
        public var height: Int
        /// Whether it is animated.
        public var animated: Bool
    }

    /// A decoded WebP: RGB, or RGBA when some pixel is not opaque.
    public struct Decoded: Sendable {
        /// RGB pixels.
        public var pixels: PixelBuffer
        /// The `ICCP` profile, when there is one.
        public var iccProfile: [UInt8]?
        /// Whether the file is animated (the pixels are its first frame).
        public var animated: Bool
    }

    /// Reads the header only.
    /// - Parameter data: The file's bytes.
    /// - Throws: ``ImagingError``.
    public static func info(_ data: Data) throws(ImagingError) -> Info {
        var info = gg_webp_info_t()
        let rc = data.withUnsafeBytes { raw in gg_webp_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info) }
        guard rc == Int32(GG_WEBP_OK), info.width > 0, info.height > 0 else {
            throw ImagingError(.corrupt, "not a readable WebP: libwebp cannot read its header")
        }
        return Info(width: Int(info.width), height: Int(info.height), animated: info.animated != 0)
    }

    /// Decodes (an animation's first frame).
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - maxPixels: Refuse, from the header, images with more pixels than this.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, maxPixels: Int) throws(ImagingError) -> Decoded {
        var image = gg_webp_image()
        let rc = data.withUnsafeBytes { raw in gg_webp_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int64(maxPixels), &image) }
        try ImagingError.checkDecode(rc, broken: "WebP data is broken: libwebp cannot decode it",
                                     tooLarge: "WebP is larger than maxPixels (\(maxPixels))", failed: "out of memory decoding WebP")
        defer {
            gg_webp_free(image.pixels)
            gg_webp_free(image.icc)
        }
        let profile = image.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: image.icc_len)) }
        return Decoded(pixels: PixelOps.fromRGBA(image.pixels, width: Int(image.width), height: Int(image.height)),
                       iccProfile: profile, animated: image.animated != 0)
    }

    /// Encodes a galgen output: lossy, with alpha when the pixels have it, no metadata.
    /// - Parameters:
    ///   - pixels: RGB or RGBA.
    ///   - quality: 0–100.
    ///   - effort: libwebp's method, 0 (fast) to 6 (smallest).
    /// - Throws: ``ImagingError``.
    ///   - profile: An ICC profile to tag the file with (a wide-gamut site's), or nil.
    public static func encode(_ pixels: PixelBuffer, quality: Int, effort: Int, profile: [UInt8]? = nil) throws(ImagingError) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var code: Int32 = 0
        let rc = pixels.bytes.withUnsafeBufferPointer { px in
            (profile ?? []).withUnsafeBufferPointer { icc in
                gg_webp_encode_image(px.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels),
                                     Float(quality), Int32(effort), profile == nil ? nil : icc.baseAddress, icc.count, &out, &length, &code)
            }
        }
        guard rc == Int32(GG_WEBP_OK), let out else {
            if rc == Int32(GG_WEBP_NOMEM) { throw ImagingError(.processingFailed, "out of memory encoding WebP") }
            // libwebp's WebPEncodingError values, in its order.
            let reasons = ["", "out of memory", "out of memory flushing bits", "missing picture", "bad dimension",
                           "first partition too big", "partition too big", "bad write", "file too big", "user abort", "last"]
            let reason = Int(code) < reasons.count ? reasons[Int(code)] : "error \(code)"
            throw ImagingError(.processingFailed, "cannot encode the \(pixels.width)x\(pixels.height) WebP variant: libwebp says \(reason)")
        }
        defer { gg_webp_free(out) }
        return Data(bytes: out, count: length)
    }
}

extension WebPCodec: ImageDecoder {
    public var formatNames: [String] { [MediaFormat.webp.name] }

    public func sniff(_ head: [UInt8]) -> String? {
        MediaFormat.webp.matches(head) ? MediaFormat.webp.name : nil
    }

    /// Decoded at full size; EXIF orientation from the `EXIF` chunk.
    public func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
        let header = try Self.info(data)
        return try fullSize(width: header.width, height: header.height, exif: ContainerChunks.webpEXIF(data), format: format, maxPixels: settings.maxPixels)
    }

    public func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
        let decoded = try Self.decode(data, maxPixels: maxPixels)
        let note = decoded.animated ? "animated WebP: its first frame is shown" : nil
        return DecodedImage(pixels: decoded.pixels, profile: decoded.iccProfile, note: note)
    }
}

extension WebPCodec: ImageEncoder {
    /// How galgen writes its WebP variants.
    public struct Options: Sendable, Hashable {
        /// 0–100.
        public var quality: Int
        /// libwebp's method, 0 (fast) to 6 (smallest).
        public var effort: Int
    }

    public var format: OutputFormat { .webp }
    public var keepsAlpha: Bool { true }

    public func options(_ settings: ImagePipeline.Settings) -> Options {
        Options(quality: settings.webpQuality, effort: settings.webpEffort)
    }

    public func encode(_ pixels: PixelBuffer, displayP3: Bool, options: Options) throws(ImagingError) -> Data {
        try Self.encode(pixels, quality: options.quality, effort: options.effort, profile: displayP3 ? ColorManagement.displayP3 : nil)
    }

    public func cacheKeyText(_ options: Options) -> String { "format=webp|quality=\(options.quality)|effort=\(options.effort)" }

    public func actionKeyText(_ options: Options) -> String { "webp=\(options.quality),\(options.effort)" }

    /// A WebP RIFF header (the format table's row) whose length is the file's.
    public func verify(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        guard bytes.count == 12 else { return "too short (\(data.count) bytes)" }
        guard MediaFormat.webp.matches(bytes) else { return "does not start like a WebP" }
        let length = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return length + 8 == data.count ? nil : "is truncated or padded (RIFF says \(length + 8) bytes, file has \(data.count))"
    }
}
