import CAVIFShim
public import GalgenCore
public import Foundation

/// libavif, through the C shim: galgen's AVIF outputs (AVIF inputs are read by ``HEIFCodec``).
public struct AVIFCodec: Sendable {
    /// The codec, for ``ImageCodecs``.
    public init() {}


    /// An AV1 encoder libavif can be built with.
    public enum Encoder: String, Sendable, Hashable, CaseIterable {
        /// libaom, the reference encoder (chosen by measurement: Benchmarks/RESULTS.md, "Output formats: WebP and AVIF").
        case aom
        /// rav1e.
        case rav1e
        /// SVT-AV1.
        case svt

        var code: Int32 {
            switch self {
            case .aom: Int32(GG_AVIF_AOM)
            case .rav1e: Int32(GG_AVIF_RAV1E)
            case .svt: Int32(GG_AVIF_SVT)
            }
        }

        /// Whether this libavif has the encoder.
        public var isAvailable: Bool { gg_avif_has_encoder(code) != 0 }
    }

    /// libavif's version and its codecs', for the benchmark reports.
    public static var versions: String {
        LibraryVersion.read("libavif") { gg_avif_versions($0, $1) }.version
    }

    /// Encodes a still AVIF: YUV 4:2:0, tagged sRGB, alpha kept when the pixels have it, no metadata.
    /// - Parameters:
    ///   - pixels: RGB or RGBA.
    ///   - quality: 0–100 (mapped to the AV1 quantizer as libavif 1.x maps its quality).
    ///   - speed: 0 (slowest, smallest) to 10 (fastest).
    ///   - encoder: The AV1 encoder.
    ///   - yuv444: Full-resolution chroma (larger files; for tests and measurements).
    ///   - displayP3: The pixels are Display P3 (tagged so by the nclx primaries), not sRGB.
    /// - Throws: ``ImagingError``.
    public static func encode(_ pixels: PixelBuffer, quality: Int, speed: Int, encoder: Encoder = .aom,
                              yuv444: Bool = false, displayP3: Bool = false) throws(ImagingError) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = [CChar](repeating: 0, count: 256)
        let rc = pixels.bytes.withUnsafeBufferPointer { px in
            gg_avif_encode(px.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels), Int32(quality),
                           Int32(speed), encoder.code, yuv444 ? 1 : 0, displayP3 ? 1 : 0, &out, &length, &error, error.count)
        }
        guard rc == Int32(GG_AVIF_OK), let out else {
            let message = ImagingError.text(error)
            switch rc {
            case Int32(GG_AVIF_NO_CODEC):
                throw ImagingError(.processingFailed, "this libavif has no \(encoder.rawValue) encoder")
            case Int32(GG_AVIF_NOMEM): throw ImagingError(.processingFailed, "out of memory encoding AVIF")
            default: throw ImagingError(.processingFailed, "cannot encode AVIF" + (message.isEmpty ? "" : ": \(message)"))
            }
        }
        defer { gg_avif_free(out) }
        return Data(bytes: out, count: length)
    }
}

extension AVIFCodec: ImageEncoder {
    /// How galgen writes its AVIF variants.
    public struct Options: Sendable, Hashable {
        /// 0–100.
        public var quality: Int
        /// 0 (slowest, smallest) to 10 (fastest).
        public var speed: Int
        /// The AV1 encoder.
        public var encoder: Encoder
    }

    public var format: OutputFormat { .avif }
    public var keepsAlpha: Bool { true }

    public func options(_ settings: ImagePipeline.Settings) -> Options {
        Options(quality: settings.avifQuality, speed: settings.avifSpeed, encoder: settings.avifEncoder)
    }

    public func encode(_ pixels: PixelBuffer, displayP3: Bool, options: Options) throws(ImagingError) -> Data {
        try Self.encode(pixels, quality: options.quality, speed: options.speed, encoder: options.encoder, displayP3: displayP3)
    }

    public func cacheKeyText(_ options: Options) -> String {
        "format=avif|quality=\(options.quality)|speed=\(options.speed)|encoder=\(options.encoder.rawValue)"
    }

    public func actionKeyText(_ options: Options) -> String { "avif=\(options.quality),\(options.speed),\(options.encoder.rawValue)" }

    /// An `ftyp` box of an AVIF brand first (the format table's row), and top-level boxes (ISO BMFF)
    /// that add up to the file.
    public func verify(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.count >= 16 else { return "too short (\(data.count) bytes)" }
        guard MediaFormat.avif.matches(bytes) else { return "does not start like an AVIF (no ftyp box of an AVIF brand)" }
        var offset = 0
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return "is truncated inside a box header" }
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1 {
                guard offset + 16 <= bytes.count else { return "is truncated inside a box header" }
                size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8, offset + size <= bytes.count else { return "is truncated (a box runs past the end)" }
            offset += size
        }
        return nil
    }
}
