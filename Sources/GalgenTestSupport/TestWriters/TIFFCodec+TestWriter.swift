public import Foundation
public import GalgenImaging
import CTestWritersShim

/// TIFF test inputs (libtiff's writer, through `CTestWritersShim`); galgen itself never writes TIFF.
extension TIFFCodec {
    /// How to write a test file (``encode(_:width:height:options:)``); TIFF's own tag values.
    public struct WriteOptions: Sendable, Hashable {
        /// Bits per sample: 1, 8 or 16.
        public var bits = 8
        /// Samples per pixel (alpha included).
        public var channels = 3
        /// PhotometricInterpretation: 0 min-is-white, 1 min-is-black, 2 RGB, 3 palette, 5 CMYK, 6 YCbCr (JPEG only, RGB samples).
        public var photometric = 2
        /// 0, or the last sample is alpha: 1 associated (premultiplied), 2 unassociated.
        public var extraAlpha = 0
        /// Compression: 1 none, 4 CCITT G4, 5 LZW, 7 JPEG, 8 Deflate, 32773 PackBits.
        public var compression = 1
        /// 0, or 2 (horizontal differencing).
        public var predictor = 0
        /// Tile width and height (a multiple of 16); 0 writes strips.
        public var tile = 0
        /// Rows per strip; 0 for libtiff's default.
        public var rowsPerStrip = 0
        /// The Orientation tag; 0 writes none.
        public var orientation = 0
        /// Big-endian ("MM").
        public var bigEndian = false
        /// BigTIFF.
        public var bigTIFF = false
        /// Pages; each page after the first has its samples inverted.
        public var pages = 1
        /// Add a reduced-resolution directory (a thumbnail) after the first page.
        public var reducedCopy = false
        /// For palette images: `3 << bits` 16-bit entries, all reds, then greens, then blues.
        public var colormap: [UInt16]?
        /// An ICC profile to embed.
        public var iccProfile: [UInt8]?

        /// Default options: 8-bit RGB, uncompressed strips.
        public init() {}

        /// The C options, pointing into `colormap` and `icc` (valid while they are).
        func shimOptions(colormap: UnsafeBufferPointer<UInt16>, icc: UnsafeBufferPointer<UInt8>) -> gg_test_tiff_options {
            var o = gg_test_tiff_options()
            o.bits = Int32(bits)
            o.channels = Int32(channels)
            o.photometric = Int32(photometric)
            o.extra_alpha = Int32(extraAlpha)
            o.compression = Int32(compression)
            o.predictor = Int32(predictor)
            o.tile = Int32(tile)
            o.rows_per_strip = Int32(rowsPerStrip)
            o.orientation = Int32(orientation)
            o.big_endian = bigEndian ? 1 : 0
            o.bigtiff = bigTIFF ? 1 : 0
            o.pages = Int32(pages)
            o.reduced_copy = reducedCopy ? 1 : 0
            o.colormap = self.colormap == nil ? nil : colormap.baseAddress
            o.icc = iccProfile == nil ? nil : icc.baseAddress
            o.icc_len = icc.count
            return o
        }
    }

    /// Encodes a TIFF with libtiff.
    /// - Parameters:
    ///   - samples: Packed rows of `width * channels * bits` bits (rounded up to bytes); 16-bit samples in host byte order.
    ///   - width: Width.
    ///   - height: Height.
    ///   - options: The layout and tags.
    /// - Throws: ``ImagingError``.
    public static func encode(_ samples: [UInt8], width: Int, height: Int, options: WriteOptions = WriteOptions()) throws(ImagingError) -> Data {
        let colormap = options.colormap ?? []
        let icc = options.iccProfile ?? []
        return try TestWriter.bytes("cannot encode TIFF") { out, length, err in
            samples.withUnsafeBufferPointer { px in
                colormap.withUnsafeBufferPointer { map in
                    icc.withUnsafeBufferPointer { profile in
                        var o = options.shimOptions(colormap: map, icc: profile)
                        return gg_test_tiff_encode(px.baseAddress, Int32(width), Int32(height), &o, &out, &length, &err, err.count)
                    }
                }
            }
        }
    }
}
