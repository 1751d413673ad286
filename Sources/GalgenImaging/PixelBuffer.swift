/// An 8-bit RGB image in memory, rows top to bottom, 3 bytes per pixel.
public struct PixelBuffer: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 3` bytes.
    public var bytes: [UInt8]

    /// Creates a buffer.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - bytes: RGB bytes; must hold `width * height * 3`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 3, "RGB buffer size does not match its dimensions")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at (x, y) as (r, g, b).
    /// - Parameters:
    ///   - x: Column.
    ///   - y: Row.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (bytes[i], bytes[i + 1], bytes[i + 2])
    }
}
