import GalgenImaging
import Testing

/// The orientation tests' picture, shown upright: green at the top left, red at the top right, blue along
/// the bottom (points taken in proportion, so any variant size will do).
func expectUpright(_ pixels: PixelBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
    let (w, h) = (pixels.width, pixels.height)
    let topLeft = pixels.pixel(x: w / 10, y: h / 12), topRight = pixels.pixel(x: w * 7 / 8, y: h / 12)
    let bottom = pixels.pixel(x: w / 2, y: h * 5 / 6)
    #expect(topLeft.g > 180 && topLeft.r < 80, "top-left should be green, was \(topLeft)", sourceLocation: sourceLocation)
    #expect(topRight.r > 180 && topRight.g < 80, "top-right should be red, was \(topRight)", sourceLocation: sourceLocation)
    #expect(bottom.b > 180 && bottom.r < 80, "bottom should be blue, was \(bottom)", sourceLocation: sourceLocation)
}
