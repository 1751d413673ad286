import CAVIFShim
import GalgenCore
public import Foundation

/// libavif, through the C shim: galgen's AVIF outputs (AVIF inputs are read by ``HEIFCodec``).
public enum AVIFCodec {
    /// An AV1 encoder libavif can be built with.
    public enum Encoder: String, Sendable, Hashable, CaseIterable {
        /// libaom, the reference encoder (chosen by measurement: see the README).
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
            let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
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
