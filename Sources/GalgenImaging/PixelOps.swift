import CJPEGShim
import GalgenCore

/// Pixel operations on ``PixelBuffer`` (the kernels are C, for speed in every build mode).
public enum PixelOps {
    /// Resamples with a separable Lanczos-3 filter. RGBA is resampled with colour weighted by
    /// alpha, so transparent pixels lend no colour to the edges of opaque ones.
    /// - Parameters:
    ///   - image: The source.
    ///   - width: Target width, at least 1.
    ///   - height: Target height, at least 1.
    /// - Throws: ``ImagingError`` when memory runs out.
    ///   - reducingGap: When at least 1, an RGB image shrunk by more than twice this is first reduced by
    ///     averaging blocks (as Pillow's `reducing_gap`): far faster for thumbnails, within 3 levels
    ///     (0.5 on average) of the plain filter on photographs. 0 (the default): the filter alone. RGBA always takes the filter alone.
    public static func resize(_ image: PixelBuffer, width: Int, height: Int, reducingGap: Int = 0) throws(ImagingError) -> PixelBuffer {
        if width == image.width && height == image.height { return image }
        var out = [UInt8](repeating: 0, count: width * height * image.channels)
        let (sw, sh, dw, dh) = (Int32(image.width), Int32(image.height), Int32(width), Int32(height))
        let rc = image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                if image.channels == 4 { return gg_resize_rgba(src.baseAddress, sw, sh, dw, dh, dst.baseAddress, nil, nil) }
                if reducingGap >= 1 { return gg_resize_rgb_reducing(src.baseAddress, sw, sh, dst.baseAddress, dw, dh, Int32(reducingGap)) }
                return gg_resize_rgb(src.baseAddress, sw, sh, dst.baseAddress, dw, dh)
            }
        }
        guard rc == Int32(GG_OK) else { throw ImagingError(.processingFailed, "resampling to \(width)x\(height) failed") }
        return PixelBuffer(width: width, height: height, channels: image.channels, bytes: out)
    }

    /// Resamples RGBA straight to RGB composited over a background, in one pass (the JPEG variant of
    /// an image with alpha); RGB input is only resampled.
    /// - Parameters:
    ///   - image: The source.
    ///   - width: Target width.
    ///   - height: Target height.
    ///   - background: R, G, B of the background.
    /// - Throws: ``ImagingError`` when memory runs out.
    public static func resizeFlattening(_ image: PixelBuffer, width: Int, height: Int, background: [UInt8]) throws(ImagingError) -> PixelBuffer {
        guard image.channels == 4 else { return try resize(image, width: width, height: height) }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let bg = background.count == 3 ? background : [255, 255, 255]
        let rc = image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                gg_resize_rgba(src.baseAddress, Int32(image.width), Int32(image.height), Int32(width), Int32(height),
                               nil, dst.baseAddress, bg)
            }
        }
        guard rc == Int32(GG_OK) else { throw ImagingError(.processingFailed, "resampling to \(width)x\(height) failed") }
        return PixelBuffer(width: width, height: height, bytes: out)
    }

    /// A decoder's RGBA as a buffer: RGB when every pixel is opaque (most photos), RGBA otherwise.
    /// - Parameters:
    ///   - rgba: `width * height * 4` samples, straight alpha.
    ///   - width: Width.
    ///   - height: Height.
    public static func fromRGBA(_ rgba: UnsafePointer<UInt8>, width: Int, height: Int) -> PixelBuffer {
        let n = width * height
        if gg_rgba_opaque(rgba, n) != 0 {
            var rgb = [UInt8](repeating: 0, count: n * 3)
            rgb.withUnsafeMutableBufferPointer { gg_rgba_to_rgb(rgba, n, $0.baseAddress) }
            return PixelBuffer(width: width, height: height, bytes: rgb)
        }
        return PixelBuffer(width: width, height: height, channels: 4, bytes: [UInt8](UnsafeBufferPointer(start: rgba, count: n * 4)))
    }

    /// Composites RGBA samples over an opaque background (in encoded sRGB values, as browsers do).
    /// - Parameters:
    ///   - image: RGBA (RGB is returned unchanged).
    ///   - background: R, G, B of the background.
    public static func flatten(_ image: PixelBuffer, background: [UInt8]) -> PixelBuffer {
        guard image.channels == 4 else { return image }
        let n = image.width * image.height
        var rgb = [UInt8](repeating: 0, count: n * 3)
        let bg = background.count == 3 ? background : [255, 255, 255]
        image.bytes.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { out in gg_composite_rgba(src.baseAddress, n, bg, out.baseAddress) }
        }
        return PixelBuffer(width: image.width, height: image.height, bytes: rgb)
    }

    /// The mean colour as `#rrggbb` (RGBA as it looks over `background`).
    /// - Parameters:
    ///   - image: The image.
    ///   - background: R, G, B behind transparent pixels.
    public static func averageColor(_ image: PixelBuffer, background: [UInt8] = [255, 255, 255]) -> String {
        var rgb: (UInt8, UInt8, UInt8) = (0, 0, 0)
        let bg = background.count == 3 ? background : [255, 255, 255]
        image.bytes.withUnsafeBufferPointer { src in
            withUnsafeMutableBytes(of: &rgb) { out in
                let target = out.bindMemory(to: UInt8.self).baseAddress
                if image.channels == 4 {
                    gg_average_rgba(src.baseAddress, Int32(image.width), Int32(image.height), bg, target)
                } else {
                    gg_average_rgb(src.baseAddress, Int32(image.width), Int32(image.height), target)
                }
            }
        }
        return "#" + ContentHash.hex([rgb.0, rgb.1, rgb.2])
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
                gg_orient(src.baseAddress, Int32(image.width), Int32(image.height), Int32(image.channels), Int32(orientation), dst.baseAddress)
            }
        }
        let swap = orientation >= 5
        return PixelBuffer(width: swap ? image.height : image.width, height: swap ? image.width : image.height,
                           channels: image.channels, bytes: out)
    }
}
