import Foundation

/// A tiny preview of an image in the ThumbHash format (Evan Wallace's `evanw/thumbhash`, MIT; this
/// is an independent implementation of its published format): the DC and lowest AC terms of a cosine
/// transform of luminance, two colour channels and, for images with transparency, alpha, plus the
/// aspect ratio; 20–25 bytes, which the runtime decodes to a blurred ~32 px picture.
///
/// Deterministic: the same pixels give the same bytes on every run (sums in one fixed order, in
/// `Double`, no parallel reductions; the cosines come from one table per size).
public enum ThumbHash {
    /// The largest side the transform reads; larger images are resampled to fit first.
    public static let maxSide = 100

    /// The image resampled to fit ``maxSide`` a side (unchanged when it fits already).
    /// - Parameter image: The image.
    /// - Returns: The small image, or nil when it could not be resampled (out of memory).
    public static func fit(_ image: PixelBuffer) -> PixelBuffer? {
        guard image.width > 0, image.height > 0 else { return nil }
        let longest = max(image.width, image.height)
        if longest <= maxSide { return image }
        // Integer arithmetic, rounded to nearest, so the size never depends on floating point.
        let w = max(1, (image.width * maxSide + longest / 2) / longest)
        let h = max(1, (image.height * maxSide + longest / 2) / longest)
        return try? PixelOps.resize(image, width: w, height: h, reducingGap: ImagePipeline.reducingGap)
    }

    /// `bytes` as base64, the standard alphabet without padding.
    /// - Parameter bytes: The bytes.
    public static func base64(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// Encodes an image of at most ``maxSide`` pixels a side.
    /// - Parameter image: The image (RGB, or RGBA with straight alpha), at most 100×100.
    /// - Returns: The hash's bytes.
    public static func encode(_ image: PixelBuffer) -> [UInt8] {
        precondition(image.width <= maxSide && image.height <= maxSide, "ThumbHash reads at most 100x100 pixels")
        let w = image.width, h = image.height, n = w * h
        // The mean colour, weighted by alpha: transparent pixels take it, so they lend no colour.
        var sumR = 0.0, sumG = 0.0, sumB = 0.0, sumA = 0.0
        for i in 0..<n {
            let alpha = Double(image.alpha(x: i % w, y: i / w)) / 255
            let p = image.pixel(x: i % w, y: i / w)
            sumR += alpha / 255 * Double(p.r)
            sumG += alpha / 255 * Double(p.g)
            sumB += alpha / 255 * Double(p.b)
            sumA += alpha
        }
        if sumA > 0 { sumR /= sumA; sumG /= sumA; sumB /= sumA }
        let hasAlpha = sumA < Double(n)
        let limit = hasAlpha ? 5 : 7
        let longest = Double(max(w, h))
        let lx = max(1, Int((Double(limit * w) / longest).rounded()))
        let ly = max(1, Int((Double(limit * h) / longest).rounded()))
        // Luminance, yellow-blue, red-green and alpha planes.
        var l = [Double](repeating: 0, count: n), p = l, q = l, a = l
        for i in 0..<n {
            let alpha = Double(image.alpha(x: i % w, y: i / w)) / 255
            let px = image.pixel(x: i % w, y: i / w)
            let r = sumR * (1 - alpha) + alpha / 255 * Double(px.r)
            let g = sumG * (1 - alpha) + alpha / 255 * Double(px.g)
            let b = sumB * (1 - alpha) + alpha / 255 * Double(px.b)
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }
        let lum = channel(l, w: w, h: h, nx: max(3, lx), ny: max(3, ly))
        let yb = channel(p, w: w, h: h, nx: 3, ny: 3)
        let rg = channel(q, w: w, h: h, nx: 3, ny: 3)
        let al = hasAlpha ? channel(a, w: w, h: h, nx: 5, ny: 5) : nil
        let landscape = w > h
        let header24 = quantize(63 * lum.dc) | quantize(31.5 + 31.5 * yb.dc) << 6 | quantize(31.5 + 31.5 * rg.dc) << 12
            | quantize(31 * lum.scale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 = (landscape ? ly : lx) | quantize(63 * yb.scale) << 3 | quantize(63 * rg.scale) << 9 | (landscape ? 1 << 15 : 0)
        var hash: [UInt8] = [UInt8(header24 & 255), UInt8(header24 >> 8 & 255), UInt8(header24 >> 16),
                             UInt8(header16 & 255), UInt8(header16 >> 8)]
        if let al { hash.append(UInt8(quantize(15 * al.dc) | quantize(15 * al.scale) << 4)) }
        // The AC terms, four bits each, low nibble first.
        let terms = lum.ac + yb.ac + rg.ac + (al?.ac ?? [])
        let start = hash.count
        hash += [UInt8](repeating: 0, count: (terms.count + 1) / 2)
        for (k, f) in terms.enumerated() { hash[start + k / 2] |= UInt8(quantize(15 * f) << ((k & 1) * 4)) }
        return hash
    }

    /// Rounds half away from zero, as the format's reference does for its (non-negative) values.
    private static func quantize(_ x: Double) -> Int { Int(x.rounded()) }

    /// The DC term, the AC terms (the triangle `cx * ny < nx * (ny - cy)`, rows of `cy`) mapped to
    /// 0…1 by their largest magnitude, and that magnitude.
    private static func channel(_ plane: [Double], w: Int, h: Int, nx: Int, ny: Int) -> (dc: Double, ac: [Double], scale: Double) {
        var dc = 0.0, scale = 0.0
        var ac: [Double] = []
        let cosX = cosines(count: w, terms: nx), cosY = cosines(count: h, terms: ny)
        for cy in 0..<ny {
            var cx = 0
            while cx * ny < nx * (ny - cy) {
                var f = 0.0
                for y in 0..<h {
                    let fy = cosY[cy * h + y]
                    for x in 0..<w { f += plane[x + y * w] * cosX[cx * w + x] * fy }
                }
                f /= Double(w * h)
                if cx > 0 || cy > 0 {
                    ac.append(f)
                    scale = max(scale, abs(f))
                } else {
                    dc = f
                }
                cx += 1
            }
        }
        // A flat channel's terms are rounding noise (1e-17): scaled up they would be noise in the hash,
        // which could differ between math libraries; they are written as zero instead.
        if scale > 1e-9 { ac = ac.map { 0.5 + 0.5 / scale * $0 } } else { ac = ac.map { _ in 0.5 } }
        return (dc, ac, scale)
    }

    /// `cos(π / count × c × (i + ½))` for each term `c` and sample `i`, term by term.
    private static func cosines(count: Int, terms: Int) -> [Double] {
        var table = [Double](repeating: 0, count: count * terms)
        for c in 0..<terms {
            for i in 0..<count { table[c * count + i] = cos(Double.pi / Double(count) * Double(c) * (Double(i) + 0.5)) }
        }
        return table
    }
}
