public import Foundation
public import GalgenImaging
import CTestWritersShim

/// GIF test inputs (giflib's writer, through `CTestWritersShim`); galgen itself never writes GIF.
extension GIFCodec {
    /// Encodes indexed pixels.
    /// - Parameters:
    ///   - indices: One palette index per pixel.
    ///   - width: Width.
    ///   - height: Height.
    ///   - palette: RGB triples.
    ///   - transparent: The transparent index, if any.
    ///   - frames: Frames; more than 1 makes an animation (each later frame's indices shifted by one).
    ///   - interlaced: Write interlaced.
    /// - Throws: ``ImagingError``.
    public static func encode(_ indices: [UInt8], width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], transparent: Int? = nil,
                              frames: Int = 1, interlaced: Bool = false) throws(ImagingError) -> Data {
        let flat = palette.flatMap { [$0.0, $0.1, $0.2] }
        return try TestWriter.bytes("cannot encode GIF") { out, length, _ in
            gg_test_gif_encode(indices, Int32(width), Int32(height), flat, Int32(palette.count), Int32(transparent ?? -1),
                               Int32(frames), interlaced ? 1 : 0, &out, &length)
        }
    }
}
