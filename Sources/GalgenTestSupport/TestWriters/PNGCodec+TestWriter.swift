public import Foundation
public import GalgenImaging
import CTestWritersShim

/// PNG test inputs (libpng's simplified writer, through `CTestWritersShim`); galgen itself never writes PNG.
extension PNGCodec {
    /// Encodes a PNG: 8-bit samples (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA; `palette` stores RGB or RGBA as
    /// indexed colour with tRNS), or 16-bit linear samples (`sixteen`, written with gAMA 1.0).
    /// - Parameters:
    ///   - samples: Interleaved samples: bytes, or native-endian UInt16 pairs when `sixteen`.
    ///   - width: Width.
    ///   - height: Height.
    ///   - channels: 1…4.
    ///   - sixteen: 16-bit linear samples.
    ///   - palette: Write indexed colour.
    /// - Throws: ``ImagingError``.
    public static func encode(_ samples: [UInt8], width: Int, height: Int, channels: Int, sixteen: Bool = false,
                              palette: Bool = false) throws(ImagingError) -> Data {
        try TestWriter.bytes("cannot encode PNG") { out, length, err in
            samples.withUnsafeBytes { raw in
                gg_test_png_encode(raw.baseAddress, Int32(width), Int32(height), Int32(channels), sixteen ? 1 : 0, palette ? 1 : 0,
                                   &out, &length, &err, err.count)
            }
        }
    }

    /// Adds an `iCCP` chunk to a PNG, right after IHDR.
    /// - Parameters:
    ///   - png: A PNG file.
    ///   - profile: The ICC profile to embed.
    /// - Throws: ``ImagingError``.
    public static func embeddingProfile(_ png: Data, _ profile: [UInt8]) throws(ImagingError) -> Data {
        try TestWriter.bytes("cannot add the iCCP chunk") { out, length, _ in
            png.withUnsafeBytes { raw in
                profile.withUnsafeBufferPointer { p in
                    gg_test_png_add_iccp(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, p.baseAddress, p.count, &out, &length)
                }
            }
        }
    }

    /// Adds a chunk right after IHDR (e.g. `eXIf`).
    /// - Parameters:
    ///   - png: A PNG file.
    ///   - type: The four-letter chunk type.
    ///   - payload: The chunk's data.
    /// - Throws: ``ImagingError``.
    public static func addingChunk(_ png: Data, type: String, payload: [UInt8]) throws(ImagingError) -> Data {
        try TestWriter.bytes("cannot add the \(type) chunk") { out, length, _ in
            png.withUnsafeBytes { raw in
                payload.withUnsafeBufferPointer { p in
                    type.withCString { t in
                        gg_test_png_add_chunk(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, t, p.baseAddress, p.count, &out, &length)
                    }
                }
            }
        }
    }
}
