public import GalgenImaging

/// Paints synthetic pictures: smooth, so they compress well, and with known geometry, so tests
/// can check orientation and resizing by looking at pixels.
public enum Painter {
    /// A solid colour image.
    /// - Parameters:
    ///   - width: Width.
    ///   - height: Height.
    ///   - rgb: The colour.
    public static func solid(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: bytes.count, by: 3) {
            bytes[i] = rgb.0
            bytes[i + 1] = rgb.1
            bytes[i + 2] = rgb.2
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// An orientation marker: the top quarter red with its left quarter green, the rest blue.
    /// Upright and unmirrored, green is top-left and red top-right.
    /// - Parameters:
    ///   - width: Width.
    ///   - height: Height.
    public static func orientationMarker(width: Int, height: Int) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c: (UInt8, UInt8, UInt8) = y < height / 4 ? (x < width / 4 ? (20, 220, 20) : (230, 20, 20)) : (20, 20, 230)
                let i = (y * width + x) * 3
                bytes[i] = c.0
                bytes[i + 1] = c.1
                bytes[i + 2] = c.2
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// A portrait-like picture: a two-colour gradient with a head and shoulders silhouette.
    /// - Parameters:
    ///   - width: Width.
    ///   - height: Height.
    ///   - hue: Background hue, 0–359.
    ///   - shade: Silhouette lightness, 0–1.
    public static func portrait(width: Int, height: Int, hue: Int, shade: Double) -> PixelBuffer {
        let top = hsl(Double(hue), 0.55, 0.72)
        let bottom = hsl(Double((hue + 40) % 360), 0.50, 0.45)
        let figure = hsl(Double((hue + 180) % 360), 0.25, shade)
        let w = Double(width), h = Double(height)
        let unit = min(w, h)
        let headX = w / 2, headY = h * 0.40, headR = unit * 0.18
        let bodyY = h * 0.40 + unit * 0.55, bodyRX = unit * 0.42, bodyRY = unit * 0.34
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let t = Double(y) / max(1, h - 1)
            let bg = (mix(top.0, bottom.0, t), mix(top.1, bottom.1, t), mix(top.2, bottom.2, t))
            let dy = Double(y) - headY
            let by = (Double(y) - bodyY) / bodyRY
            for x in 0..<width {
                let dx = Double(x) - headX
                let bx = (Double(x) - headX) / bodyRX
                let inside = dx * dx + dy * dy <= headR * headR || (bx * bx + by * by <= 1 && Double(y) >= headY + headR * 0.6)
                let c = inside ? figure : bg
                let i = (y * width + x) * 3
                bytes[i] = c.0
                bytes[i + 1] = c.1
                bytes[i + 2] = c.2
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    private static func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
    }

    private static func hsl(_ h: Double, _ s: Double, _ l: Double) -> (UInt8, UInt8, UInt8) {
        let c = (1 - abs(2 * l - 1)) * s
        let hp = h / 60
        let x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(hp) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = l - c / 2
        return (UInt8(((r + m) * 255).rounded()), UInt8(((g + m) * 255).rounded()), UInt8(((b + m) * 255).rounded()))
    }
}
