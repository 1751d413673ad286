public import Foundation
public import GalgenImaging
import CTestWritersShim

/// HEIC and AVIF test inputs (libheif's encoders, through `CTestWritersShim`); galgen reads both but
/// writes AVIF only through libavif (``AVIFCodec``).
extension HEIFCodec {
    /// Encodes RGB or RGBA: HEIC (x265) or AVIF (aom), with an orientation written as irot/imir and an
    /// optional ICC profile.
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
        return try TestWriter.bytes("cannot encode HEIF/AVIF") { out, length, err in
            rgb.withUnsafeBufferPointer { px in
                (profile ?? []).withUnsafeBufferPointer { icc in
                    gg_test_heif_encode(px.baseAddress, Int32(width), Int32(height), Int32(channels), avif ? 1 : 0, Int32(quality),
                                        Int32(orientation), profile == nil ? nil : icc.baseAddress, icc.count, &out, &length, &err, err.count)
                }
            }
        }
    }
}
