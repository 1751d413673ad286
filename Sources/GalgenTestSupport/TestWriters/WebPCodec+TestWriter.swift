public import Foundation
public import GalgenImaging
import CTestWritersShim

/// WebP test inputs: still or animated, with ICCP and EXIF chunks (libwebp's animation encoder and
/// libwebpmux, through `CTestWritersShim`: the galgen binary links neither). galgen's own WebP
/// outputs are ``WebPCodec/encode(_:quality:effort:profile:)``.
extension WebPCodec {
    /// Encodes RGBA samples, lossy or lossless, optionally animated (odd frames inverted) and with an
    /// `ICCP` profile and `EXIF` data.
    /// - Parameters:
    ///   - rgba: `width * height * 4` samples.
    ///   - width: Width.
    ///   - height: Height.
    ///   - lossless: Lossless instead of lossy.
    ///   - quality: Lossy quality, 0–100.
    ///   - frames: Frames; more than 1 makes an animation.
    ///   - profile: An ICC profile to embed.
    ///   - exif: EXIF data (a TIFF header and IFDs) to embed.
    /// - Throws: ``ImagingError``.
    public static func encode(_ rgba: [UInt8], width: Int, height: Int, lossless: Bool = false, quality: Float = 90,
                              frames: Int = 1, profile: [UInt8]? = nil, exif: [UInt8]? = nil) throws(ImagingError) -> Data {
        try TestWriter.bytes("cannot encode WebP") { out, length, _ in
            rgba.withUnsafeBufferPointer { px in
                (profile ?? []).withUnsafeBufferPointer { icc in
                    (exif ?? []).withUnsafeBufferPointer { meta in
                        gg_test_webp_encode(px.baseAddress, Int32(width), Int32(height), lossless ? 1 : 0, quality, Int32(frames),
                                            profile == nil ? nil : icc.baseAddress, icc.count, exif == nil ? nil : meta.baseAddress,
                                            meta.count, &out, &length)
                    }
                }
            }
        }
    }

    /// `webp` with an ICCP chunk added by libwebpmux, as galgen's WebP outputs were tagged before
    /// `CWebPShim` wrote the chunk itself: the reference a test compares those bytes with.
    /// - Parameters:
    ///   - webp: A still WebP.
    ///   - profile: The ICC profile.
    /// - Throws: ``ImagingError``.
    public static func muxingProfile(_ webp: Data, _ profile: [UInt8]) throws(ImagingError) -> Data {
        try TestWriter.bytes("libwebpmux cannot add the ICCP chunk") { out, length, _ in
            webp.withUnsafeBytes { raw in
                profile.withUnsafeBufferPointer { icc in
                    gg_test_webp_mux_iccp(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, icc.baseAddress, icc.count, &out, &length)
                }
            }
        }
    }
}
