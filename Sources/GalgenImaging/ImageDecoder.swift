public import Foundation

/// Reads one input format (or a family: libheif reads HEIC and AVIF) for ``ImagePipeline``. It knows
/// its bytes by their first bytes, reads the geometry and orientation from the header and refuses what
/// breaks the limits there, then decodes, handing over the embedded colour profile. Registered in
/// ``ImageCodecs``; the pipeline calls each method once per source, never per pixel.
public protocol ImageDecoder: Sendable {
    /// The names of the formats it reads, as the message listing what galgen reads says them.
    var formatNames: [String] { get }

    /// The name of the bytes' format when they are this decoder's, judged by their first bytes alone; else nil.
    /// - Parameter head: The file's first 64 bytes (all of them when it is shorter; never empty).
    func sniff(_ head: [UInt8]) -> String?

    /// The geometry and orientation (EXIF's, or the format's own), from the header alone, after refusing
    /// what would need more than `settings.maxPixels` in memory (a decoder that scales counts at its scale).
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - format: The name ``sniff(_:)`` gave.
    ///   - settings: The limits and the variant widths.
    /// - Throws: ``ImagingError``.
    func inspect(_ data: Data, format: String, settings: ImagePipeline.Settings) throws(ImagingError) -> ImagePipeline.SourceInfo

    /// Decodes, at 1/`scaleDenominator` of the stored size when the format can (else at full size).
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - scaleDenominator: 1, 2, 4 or 8: the smallest decode that still covers the largest variant.
    ///   - maxPixels: Refuse, before decoding, images with more pixels than this.
    /// - Throws: ``ImagingError``.
    func decode(_ data: Data, scaleDenominator: Int, maxPixels: Int) throws(ImagingError) -> DecodedImage
}

/// What a decoder hands the pipeline: pixels as stored (the pipeline applies the orientation), and
/// what the colour step and the report need.
public struct DecodedImage: Sendable {
    /// RGB, or RGBA when some pixel is not opaque; 4-channel CMYK only when ``cmyk`` is set.
    public var pixels: PixelBuffer
    /// Set when the pixels are CMYK kept for the profile, and which convention they follow.
    public var cmyk: ColorManagement.Layout?
    /// The colour profile to convert from (embedded, or implied by the format's own colour tags).
    public var profile: [UInt8]?
    /// A decoder warning about damaged data decoded anyway, reported as damaged JPEG data (libjpeg's first).
    public var warning: String?
    /// What the report says about the source (an animation's first frame, damage shown as far as it decoded).
    public var note: String?
    /// Whether the decoder applied the file's own transformations (HEIF's irot/imir): then the size of
    /// ``pixels`` is the displayed size, whatever the header said.
    public var upright = false

    /// Creates a decoded image; the rarer facts (``cmyk``, ``warning``, ``upright``) are set by the decoders that have them.
    /// - Parameters:
    ///   - pixels: The pixels.
    ///   - profile: The colour profile.
    ///   - note: What the report says.
    public init(pixels: PixelBuffer, profile: [UInt8]? = nil, note: String? = nil) {
        self.pixels = pixels
        self.profile = profile
        self.note = note
    }
}

extension ImageDecoder {
    /// The geometry of a format decoded at full size, where `maxPixels` applies to the header's size.
    /// - Parameters:
    ///   - width: Stored width.
    ///   - height: Stored height.
    ///   - orientation: EXIF orientation, 1–8.
    ///   - format: The format's name, for the message.
    ///   - maxPixels: The limit.
    /// - Throws: ``ImagingError`` when the size breaks the limit.
    public func fullSize(width: Int, height: Int, orientation: Int = 1, format: String,
                         maxPixels: Int) throws(ImagingError) -> ImagePipeline.SourceInfo {
        guard width * height <= maxPixels else {
            throw ImagingError(.tooLarge, "image is \(width)x\(height) pixels, more than maxPixels (\(maxPixels)); "
                               + "a \(format) is decoded at full size, so it is refused from its header")
        }
        return ImagePipeline.SourceInfo(storedWidth: width, storedHeight: height, orientation: orientation)
    }

    /// ``fullSize(width:height:orientation:format:maxPixels:)`` with the orientation of an EXIF chunk (PNG's `eXIf`, WebP's `EXIF`).
    /// - Parameters:
    ///   - width: Stored width.
    ///   - height: Stored height.
    ///   - exif: The chunk's bytes, if the file has one.
    ///   - format: The format's name, for the message.
    ///   - maxPixels: The limit.
    /// - Throws: ``ImagingError`` when the size breaks the limit.
    public func fullSize(width: Int, height: Int, exif: [UInt8]?, format: String, maxPixels: Int) throws(ImagingError) -> ImagePipeline.SourceInfo {
        try fullSize(width: width, height: height, orientation: exif.map(ExifOrientation.read(fromEXIF:)) ?? 1, format: format, maxPixels: maxPixels)
    }
}
