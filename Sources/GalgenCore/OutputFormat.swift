/// A format galgen writes its variants in.
public enum OutputFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// AVIF (AV1, through libavif).
    case avif
    /// WebP (VP8, through libwebp).
    case webp
    /// JPEG (libjpeg-turbo): what every browser and every link preview reads.
    case jpeg

    /// Its row of the format table.
    public var mediaFormat: MediaFormat {
        switch self {
        case .avif: .avif
        case .webp: .webp
        case .jpeg: .jpeg
        }
    }

    /// The MIME type, as `<source type>` and `Content-Type` say it.
    public var mimeType: String { mediaFormat.mimeType }

    /// The file extension of published variants.
    public var fileExtension: String { mediaFormat.fileExtension }

    /// Whether the format keeps alpha (JPEG variants are composited over the background).
    public var keepsAlpha: Bool { self != .jpeg }
}

/// Encoder settings used when the config names none, chosen by measurement (Benchmarks/README.md,
/// `equal_quality.py` on 38 camera photos at 640 and 1280 px): at these settings WebP and AVIF reach
/// the luma SSIM of JPEG quality 82 (the default `jpegQuality`), WebP in about 75 % of its bytes and
/// AVIF (libaom at speed 6) in about 55 %.
public enum EncoderDefaults {
    /// WebP quality, 0–100 (equal SSIM to JPEG q82 at 82–84).
    public static let webpQuality = 84
    /// libwebp's method, 0 (fast) to 6 (smallest): 6 made no smaller files at equal SSIM, in twice the time.
    public static let webpEffort = 4
    /// AVIF quality, 0–100 (libavif 1.x's scale): the lowest that reaches JPEG q82's mean SSIM at both
    /// 640 and 1280 px with libaom at speed 6.
    public static let avifQuality = 68
    /// libavif's speed, 0 (slowest) to 10 (fastest): speed 8 is 2.6× faster but needs 60–63 % of JPEG's bytes against 53–54 %.
    public static let avifSpeed = 6
}

/// The colour space of the variants.
public enum OutputColorSpace: String, Sendable, Hashable, Codable, CaseIterable {
    /// Everything converted to sRGB and left untagged (what an untagged image means): the default.
    case srgb
    /// Images with a colour profile wider than sRGB's keep their gamut: converted to Display P3 and
    /// tagged as such (an ICC profile in JPEG and WebP, nclx primaries in AVIF). Untagged sources stay sRGB.
    case p3
}
