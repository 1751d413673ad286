import Foundation
import GalgenImaging

/// The pictures `galgen init` makes for a new site, painted on the spot so the site needs no
/// download and no image shipped with galgen: landscapes of a sky gradient, a sun and three
/// ranges of hills, each in its own palette.
struct ExamplePictures: Sendable {
    typealias RGB = (r: Double, g: Double, b: Double)

    /// Name used for the record id and the file.
    var slug: String
    /// The record's title.
    var title: String
    var skyTop: RGB
    var skyHorizon: RGB
    var sun: RGB
    /// Sun centre, as fractions of width and height.
    var sunAt: (x: Double, y: Double)
    var hills: [RGB]

    static let width = 960
    static let height = 640

    static let all: [ExamplePictures] = [
        .init(slug: "dawn", title: "Dawn", skyTop: (40, 52, 120), skyHorizon: (250, 170, 120), sun: (255, 220, 160),
              sunAt: (0.30, 0.62), hills: [(110, 80, 120), (70, 55, 95), (35, 30, 60)]),
        .init(slug: "noon", title: "Noon", skyTop: (40, 120, 220), skyHorizon: (170, 215, 250), sun: (255, 250, 220),
              sunAt: (0.70, 0.18), hills: [(120, 170, 90), (70, 130, 60), (40, 90, 40)]),
        .init(slug: "dusk", title: "Dusk", skyTop: (70, 30, 90), skyHorizon: (240, 110, 70), sun: (255, 190, 90),
              sunAt: (0.55, 0.66), hills: [(130, 60, 70), (85, 35, 55), (45, 20, 35)]),
        .init(slug: "night", title: "Night", skyTop: (5, 10, 35), skyHorizon: (30, 50, 100), sun: (235, 235, 210),
              sunAt: (0.78, 0.22), hills: [(30, 45, 75), (20, 30, 55), (10, 15, 30)]),
        .init(slug: "mist", title: "Mist", skyTop: (170, 185, 195), skyHorizon: (230, 232, 230), sun: (250, 250, 240),
              sunAt: (0.22, 0.30), hills: [(180, 190, 190), (140, 155, 160), (95, 110, 120)]),
        .init(slug: "autumn", title: "Autumn", skyTop: (90, 140, 200), skyHorizon: (235, 220, 180), sun: (255, 240, 200),
              sunAt: (0.40, 0.25), hills: [(210, 140, 60), (170, 80, 40), (100, 45, 30)]),
    ]

    /// The picture as a JPEG.
    /// - Throws: ``ImagingError`` from the encoder.
    func jpeg() throws(ImagingError) -> Data {
        let w = Self.width, h = Self.height
        var bytes = [UInt8](repeating: 0, count: w * h * 3)
        let sunX = sunAt.x * Double(w), sunY = sunAt.y * Double(h), radius = Double(h) * 0.09
        // Each range of hills: a ridge line of two sines, lower ranges nearer.
        let ridges = hills.indices.map { i -> [Double] in
            let base = Double(h) * (0.55 + 0.13 * Double(i))
            let amplitude = Double(h) * (0.07 - 0.015 * Double(i))
            let phase = Double(slug.utf8.reduce(0) { $0 &+ Int($1) } % 17) + Double(i) * 2.1
            return (0..<w).map { x in
                let t = Double(x) / Double(w)
                return base - amplitude * (sin(t * 5.3 + phase) + 0.45 * sin(t * 13.1 + phase * 1.7))
            }
        }
        for y in 0..<h {
            let t = min(1, Double(y) / (Double(h) * 0.7))
            let sky: RGB = (skyTop.r + (skyHorizon.r - skyTop.r) * t, skyTop.g + (skyHorizon.g - skyTop.g) * t,
                            skyTop.b + (skyHorizon.b - skyTop.b) * t)
            for x in 0..<w {
                var c = sky
                let dx = Double(x) - sunX, dy = Double(y) - sunY
                let d = (dx * dx + dy * dy).squareRoot()
                if d < radius {
                    c = sun
                } else if d < radius * 3 {
                    let glow = 0.35 * (1 - (d - radius) / (radius * 2))
                    c = (c.r + (sun.r - c.r) * glow, c.g + (sun.g - c.g) * glow, c.b + (sun.b - c.b) * glow)
                }
                for (i, ridge) in ridges.enumerated() where Double(y) >= ridge[x] { c = hills[i] }
                let o = (y * w + x) * 3
                bytes[o] = UInt8(max(0, min(255, c.r)))
                bytes[o + 1] = UInt8(max(0, min(255, c.g)))
                bytes[o + 2] = UInt8(max(0, min(255, c.b)))
            }
        }
        return try JPEGCodec.encode(PixelBuffer(width: w, height: h, bytes: bytes), quality: 85)
    }
}
