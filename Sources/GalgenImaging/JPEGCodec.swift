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
        /// The pixels.
        public var pixels: PixelBuffer
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
    ///   - maxPixels: Refuse, before decoding, images with more stored pixels than this.
    /// - Throws: ``ImagingError``.
    public static func decode(_ data: Data, scaleDenominator: Int = 1, maxPixels: Int = 0) throws(ImagingError) -> Decoded {
        var image = gg_image()
        var err = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in
            gg_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(scaleDenominator),
                           Int64(maxPixels), &image, &err, err.count)
        }
        switch rc {
        case Int32(GG_OK): break
        case Int32(GG_ERR_LIMIT): throw ImagingError(.tooLarge, message(err))
        case Int32(GG_ERR_JPEG): throw ImagingError(.corrupt, "JPEG data is broken: \(message(err))")
        default: throw ImagingError(.processingFailed, message(err))
        }
        defer { gg_free(image.pixels) }
        let count = Int(image.width) * Int(image.height) * 3
        let bytes = [UInt8](UnsafeBufferPointer(start: image.pixels, count: count))
        let warning: String? = image.warnings > 0
            ? withUnsafeBytes(of: image.warning) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } : nil
        return Decoded(pixels: PixelBuffer(width: Int(image.width), height: Int(image.height), bytes: bytes),
                       warningCount: Int(image.warnings), firstWarning: warning)
    }

    /// Encodes RGB as a baseline (or progressive) JPEG with optimised Huffman tables and no metadata.
    /// - Parameters:
    ///   - pixels: The image.
    ///   - quality: 1–100.
    ///   - progressive: Write a progressive JPEG.
    ///   - app1: An APP1 payload to embed (only for making test files); nil for none.
    /// - Throws: ``ImagingError``.
    public static func encode(_ pixels: PixelBuffer, quality: Int, progressive: Bool = false, app1: [UInt8]? = nil) throws(ImagingError) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var outLength: UInt = 0
        var err = [CChar](repeating: 0, count: 256)
        let app = app1 ?? []
        let rc = pixels.bytes.withUnsafeBufferPointer { rgb in
            app.withUnsafeBufferPointer { a in
                gg_jpeg_encode(rgb.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(quality),
                               progressive ? 1 : 0, a.baseAddress, a.count, &out, &outLength, &err, err.count)
            }
        }
        guard rc == Int32(GG_OK), let out else { throw ImagingError(.processingFailed, "JPEG encoding failed: \(message(err))") }
        defer { gg_free(out) }
        return Data(bytes: out, count: Int(outLength))
    }
}
