public import Foundation
import CJPEGShim
public import GalgenCore

/// libjpeg, through the C shim: header reads, DCT-scaled decodes and encodes. Safe to call from
/// several tasks at once; libjpeg errors come back as ``ImagingError``, never as a process exit.
public struct JPEGCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// What a JPEG header says.
    public struct Info: Sendable, Hashable {
        /// Stored width (before EXIF orientation).
        public var width: Int
        /// Stored height (before EXIF orientation).
        public var height: Int
        /// Components in the file: 1 gray, 3 colour, 4 CMYK/YCCK.
        public var components: Int
        /// Whether the file is progressive.
        public var progressive: Bool
    }

    /// A decoded image and any warnings libjpeg raised on the way (e.g. truncated data).
    public struct Decoded: Sendable {
        /// The pixels (RGB; CMYK only when ``cmyk`` is set).
        public var pixels: PixelBuffer
        /// Set when the pixels are 4-channel CMYK kept for a colour-managed conversion (`keepCMYK`
        /// and an embedded profile); the value says whether they are inverted (Adobe's convention).
        public var cmyk: ColorManagement.Layout?
        /// The embedded ICC profile, when there is one.
        public var iccProfile: [UInt8]?
        /// Number of libjpeg warnings.
        public var warningCount: Int
        /// The first warning's text.
        public var firstWarning: String?
    }

    /// Reads the header only: no pixel is decoded.
    /// - Parameter data: The file's bytes.
    /// - Throws: ``ImagingError``.
    public static func info(_ data: Data) throws(ImagingError) -> Info {
        var info = gg_info()
        var err = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in
            gg_jpeg_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &err, err.count)
        }
        guard rc == Int32(GG_OK) else { throw ImagingError(.corrupt, "not a readable JPEG: \(ImagingError.text(err))") }
        return Info(width: Int(info.width), height: Int(info.height), components: Int(info.components),
                    progressive: info.progressive != 0)
    }

    /// Decodes to RGB at 1/`scaleDenominator` of the stored size.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - scaleDenominator: 1, 2, 4 or 8.
    ///   - maxPixels: Refuse, before decoding, images whose scaled output has more pixels than this.
    ///   - keepCMYK: Leave CMYK and YCCK files with an embedded profile as CMYK, for ``ColorManagement``.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, scaleDenominator: Int = 1, maxPixels: Int = 0, keepCMYK: Bool = false) throws(ImagingError) -> Decoded {
        var image = gg_image()
        var err = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in
            gg_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(scaleDenominator),
                           Int64(maxPixels), keepCMYK ? 1 : 0, &image, &err, err.count)
        }
        try ImagingError.checkDecode(rc, broken: "JPEG data is broken: \(ImagingError.text(err))", tooLarge: ImagingError.text(err),
                                     failed: ImagingError.text(err))
        defer {
            gg_free(image.pixels)
            gg_free(image.icc)
        }
        let channels = Int(image.channels)
        let count = Int(image.width) * Int(image.height) * channels
        let bytes = [UInt8](UnsafeBufferPointer(start: image.pixels, count: count))
        let profile = image.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: Int(image.icc_len))) }
        let warning: String? = image.warnings > 0
            ? ImagingError.text(fixed: image.warning) : nil
        return Decoded(pixels: PixelBuffer(width: Int(image.width), height: Int(image.height), channels: channels, bytes: bytes),
                       cmyk: channels == 4 ? (image.cmyk_inverted != 0 ? .cmykInverted : .cmyk) : nil,
                       iccProfile: profile, warningCount: Int(image.warnings), firstWarning: warning)
    }

    /// How to write a JPEG (galgen's outputs use only `progressive`; the rest makes test inputs).
    public struct EncodeFlags: OptionSet, Sendable, Hashable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// Progressive scans.
        public static let progressive = EncodeFlags(rawValue: Int32(GG_ENC_PROGRESSIVE))
        /// Arithmetic coding.
        public static let arithmetic = EncodeFlags(rawValue: Int32(GG_ENC_ARITHMETIC))
        /// Store 4-component input as YCCK.
        public static let ycck = EncodeFlags(rawValue: Int32(GG_ENC_YCCK))
    }

    /// Encodes RGB with optimised Huffman tables. galgen's outputs carry no metadata: `markers`
    /// exists only to make test and sample inputs (EXIF, XMP).
    /// - Parameters:
    ///   - pixels: The image.
    ///   - quality: 1–100.
    ///   - progressive: Write a progressive JPEG.
    ///   - markers: APPn markers to embed, as (n, payload).
    /// - Throws: ``ImagingError``.
    public static func encode(_ pixels: PixelBuffer, quality: Int, progressive: Bool = false,
                              markers: [(Int, [UInt8])] = []) throws(ImagingError) -> Data {
        try encode(raw: pixels.bytes, width: pixels.width, height: pixels.height, components: 3, quality: quality,
                   flags: progressive ? .progressive : [], markers: markers)
    }

    /// Encodes interleaved gray (1), RGB (3) or CMYK (4) bytes.
    /// - Parameters:
    ///   - bytes: `width * height * components` bytes.
    ///   - width: Width.
    ///   - height: Height.
    ///   - components: 1, 3 or 4.
    ///   - quality: 1–100.
    ///   - flags: Progressive, arithmetic, YCCK.
    ///   - markers: APPn markers to embed, as (n, payload).
    /// - Throws: ``ImagingError``.
    public static func encode(raw bytes: [UInt8], width: Int, height: Int, components: Int, quality: Int,
                              flags: EncodeFlags = [], markers: [(Int, [UInt8])] = []) throws(ImagingError) -> Data {
        guard bytes.count == width * height * components else {
            throw ImagingError(.processingFailed, "pixel buffer size does not match \(width)x\(height)x\(components)")
        }
        var packed: [UInt8] = []
        for (n, payload) in markers {
            packed += [UInt8(n & 15), UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)] + payload
        }
        var out: UnsafeMutablePointer<UInt8>?
        var outLength: UInt = 0
        var err = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { px in
            packed.withUnsafeBufferPointer { m in
                gg_jpeg_encode(px.baseAddress, Int32(width), Int32(height), Int32(components), Int32(quality), flags.rawValue,
                               m.baseAddress, m.count, &out, &outLength, &err, err.count)
            }
        }
        guard rc == Int32(GG_OK), let out else { throw ImagingError(.processingFailed, "JPEG encoding failed: \(ImagingError.text(err))") }
        defer { gg_free(out) }
        return Data(bytes: out, count: Int(outLength))
    }
}

extension JPEGCodec: ImageDecoder {
    public var formatNames: [String] { [MediaFormat.jpeg.name] }

    /// The format table's JPEG row: the SOI marker alone (a file with stray bytes before its next
    /// marker is still a JPEG that libjpeg decodes, with a warning; libjpeg is the judge of the rest).
    public func sniff(_ head: [UInt8]) -> String? {
        MediaFormat.jpeg.matches(head) ? MediaFormat.jpeg.name : nil
    }

    /// The decode is DCT-scaled, so `maxPixels` applies to the scaled size, except for decompression
    /// bombs and progressive files (see the comments).
    public func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo {
        let header = try Self.info(data)
        guard header.width > 0, header.height > 0 else { throw ImagingError(.corrupt, "the JPEG header gives no size") }
        let info = ImagePipeline.SourceInfo(storedWidth: header.width, storedHeight: header.height, orientation: ExifOrientation.read(from: data))
        let declared = header.width * header.height
        guard declared > settings.maxPixels else { return info }
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
        let plan = VariantPlan(sourceWidth: info.width, sourceHeight: info.height, widths: settings.widths)
        let d = plan.scaleDenominator(storedWidth: header.width, storedHeight: header.height, swapped: info.orientation >= 5)
        let held = ((header.width + d - 1) / d) * ((header.height + d - 1) / d)
        guard held <= settings.maxPixels else {
            throw ImagingError(.tooLarge, "image is \(header.width)x\(header.height) pixels and would need \(held) pixels in memory "
                               + "even at 1/\(d), more than maxPixels (\(settings.maxPixels))")
        }
        return info
    }

    /// DCT-scaled; CMYK and YCCK with a profile stay CMYK for the colour step.
    public func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage {
        let decoded = try Self.decode(data, scaleDenominator: scaleDenominator, maxPixels: maxPixels, keepCMYK: true)
        var image = DecodedImage(pixels: decoded.pixels, profile: decoded.iccProfile)
        image.cmyk = decoded.cmyk
        image.warning = decoded.firstWarning
        return image
    }
}

extension JPEGCodec: ImageEncoder {
    /// How galgen writes its JPEG variants.
    public struct Options: Sendable, Hashable {
        /// 1–100.
        public var quality: Int
        /// Progressive scans.
        public var progressive: Bool
        /// R, G, B of the colour transparent pixels are composited over.
        public var background: [UInt8]
    }

    public var format: OutputFormat { .jpeg }
    public var keepsAlpha: Bool { false }

    public func options(_ settings: ImagePipeline.Settings) -> Options {
        Options(quality: settings.quality, progressive: settings.progressive, background: settings.background)
    }

    public func encode(_ pixels: PixelBuffer, displayP3: Bool, options: Options) throws(ImagingError) -> Data {
        let profile = displayP3 ? ColorManagement.displayP3 : nil
        // An ICC profile in JPEG: APP2 "ICC_PROFILE\0", chunk 1 of 1 (galgen's P3 profile is well under 64 KB).
        let markers = profile.map { [(2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + $0)] } ?? []
        return try Self.encode(PixelOps.flatten(pixels, background: options.background), quality: options.quality,
                               progressive: options.progressive, markers: markers)
    }

    public func cacheKeyText(_ options: Options) -> String {
        "format=jpeg|quality=\(options.quality)|progressive=\(options.progressive ? 1 : 0)|background=\(ContentHash.hex(options.background))"
    }

    public func actionKeyText(_ options: Options) -> String { "jpeg=\(options.quality),\(options.progressive ? 1 : 0)" }

    /// Start-of-image and end-of-image markers present.
    public func verify(_ data: Data) -> String? {
        guard data.count >= 4 else { return "too short (\(data.count) bytes)" }
        guard MediaFormat.jpeg.matches(data.prefix(64)) else { return "does not start like a JPEG" }
        guard data.suffix(2) == Data([0xFF, 0xD9]) else { return "is truncated (no end-of-image marker)" }
        return nil
    }
}
