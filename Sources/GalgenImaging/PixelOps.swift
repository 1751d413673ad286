import CJPEGShim

/// Pixel operations on ``PixelBuffer`` (the kernels are C, for speed in every build mode).
public enum PixelOps {
    /// Resamples with a separable Lanczos-3 filter.
    /// - Parameters:
    ///   - image: The source.
    ///   - width: Target width, at least 1.
    ///   - height: Target height, at least 1.
    /// - Throws: ``ImagingError`` when memory runs out.
    public static func resize(_ image: PixelBuffer, width: Int, height: Int) throws(ImagingError) -> PixelBuffer {
        if width == image.width && height == image.height { return image }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let rc = image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                gg_resize_rgb(src.baseAddress, Int32(image.width), Int32(image.height), dst.baseAddress, Int32(width), Int32(height))
            }
        }
        guard rc == Int32(GG_OK) else { throw ImagingError(.processingFailed, "resampling to \(width)x\(height) failed") }
        return PixelBuffer(width: width, height: height, bytes: out)
    }

    /// Composites RGBA samples over an opaque background (in encoded sRGB values, as browsers do).
    /// - Parameters:
    ///   - rgba: `width * height * 4` samples.
    ///   - width: Width.
    ///   - height: Height.
    ///   - background: R, G, B of the background.
    public static func composite(rgba: UnsafePointer<UInt8>, width: Int, height: Int, background: [UInt8]) -> PixelBuffer {
        let n = width * height
        var rgb = [UInt8](repeating: 0, count: n * 3)
        let bg = background.count == 3 ? background : [255, 255, 255]
        rgb.withUnsafeMutableBufferPointer { out in gg_composite_rgba(rgba, n, bg, out.baseAddress) }
        return PixelBuffer(width: width, height: height, bytes: rgb)
    }

    /// The mean colour as `#rrggbb`.
    /// - Parameter image: The image.
    public static func averageColor(_ image: PixelBuffer) -> String {
        var rgb: (UInt8, UInt8, UInt8) = (0, 0, 0)
        image.bytes.withUnsafeBufferPointer { src in
            withUnsafeMutableBytes(of: &rgb) { out in
                gg_average_rgb(src.baseAddress, Int32(image.width), Int32(image.height), out.bindMemory(to: UInt8.self).baseAddress)
            }
        }
        let digits = Array("0123456789abcdef")
        return "#" + String([rgb.0, rgb.1, rgb.2].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Applies an EXIF orientation so the image shows the right way up.
    /// - Parameters:
    ///   - image: The stored image.
    ///   - orientation: 1–8; 1 returns the image unchanged.
    public static func orient(_ image: PixelBuffer, orientation: Int) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return image }
        var out = [UInt8](repeating: 0, count: image.bytes.count)
        _ = image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                gg_orient_rgb(src.baseAddress, Int32(image.width), Int32(image.height), Int32(orientation), dst.baseAddress)
            }
        }
        let swap = orientation >= 5
        return PixelBuffer(width: swap ? image.height : image.width, height: swap ? image.width : image.height, bytes: out)
    }
}
