public import Foundation
import CJPEGShim

/// libjpeg, through the C shim: header reads, DCT-scaled decodes and encodes. Safe to call from
/// several tasks at once; libjpeg errors come back as ``ImagingError``, never as a process exit.
public enum JPEGCodec {
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

    private static func message(_ buffer: [CChar]) -> String {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
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
        guard rc == Int32(GG_OK) else { throw ImagingError(.corrupt, "not a readable JPEG: \(message(err))") }
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
        switch rc {
        case Int32(GG_OK): break
        case Int32(GG_ERR_LIMIT): throw ImagingError(.tooLarge, message(err))
        case Int32(GG_ERR_JPEG): throw ImagingError(.corrupt, "JPEG data is broken: \(message(err))")
        default: throw ImagingError(.processingFailed, message(err))
        }
        defer {
            gg_free(image.pixels)
            gg_free(image.icc)
        }
        let channels = Int(image.channels)
        let count = Int(image.width) * Int(image.height) * channels
        let bytes = [UInt8](UnsafeBufferPointer(start: image.pixels, count: count))
        let profile = image.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: Int(image.icc_len))) }
        let warning: String? = image.warnings > 0
            ? withUnsafeBytes(of: image.warning) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } : nil
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
        guard rc == Int32(GG_OK), let out else { throw ImagingError(.processingFailed, "JPEG encoding failed: \(message(err))") }
        defer { gg_free(out) }
        return Data(bytes: out, count: Int(outLength))
    }
}
