/// An 8-bit image in memory, rows top to bottom: RGB (3 bytes per pixel) or RGB with straight
/// (not premultiplied) alpha (4 bytes). A decoder hands over 4 only when some pixel is not opaque.
/// (The JPEG decoder's CMYK, 4 bytes, never leaves the pipeline's colour step.)
public struct PixelBuffer: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA, or CMYK inside the pipeline).
    public var channels: Int
    /// `width * height * channels` bytes.
    public var bytes: [UInt8]

    /// Creates a buffer.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - channels: Bytes per pixel, 3 or 4.
    ///   - bytes: The samples; must hold `width * height * channels`.
    public init(width: Int, height: Int, channels: Int = 3, bytes: [UInt8]) {
        precondition(channels == 3 || channels == 4, "a pixel buffer has 3 or 4 channels")
        precondition(bytes.count == width * height * channels, "buffer size does not match its dimensions")
        self.width = width
        self.height = height
        self.channels = channels
        self.bytes = bytes
    }

    /// Whether the pixels carry alpha.
    public var hasAlpha: Bool { channels == 4 }

    /// The pixel at (x, y) as (r, g, b) (alpha, if any, left out).
    /// - Parameters:
    ///   - x: Column.
    ///   - y: Row.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * channels
        return (bytes[i], bytes[i + 1], bytes[i + 2])
    }

    /// The alpha at (x, y): 255 for RGB.
    /// - Parameters:
    ///   - x: Column.
    ///   - y: Row.
    public func alpha(x: Int, y: Int) -> UInt8 {
        channels == 4 ? bytes[(y * width + x) * 4 + 3] : 255
    }
}
