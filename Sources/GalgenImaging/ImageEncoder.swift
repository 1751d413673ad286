public import Foundation
public import GalgenCore

/// Writes one output format for ``ImagePipeline``, and says how its files are named, keyed and checked.
/// Registered in ``ImageCodecs``; the pipeline calls it once per variant.
public protocol ImageEncoder: Sendable {
    /// The encoder's settings.
    associatedtype Options: Sendable

    /// The format it writes.
    var format: OutputFormat { get }
    /// Whether the format keeps alpha (else variants are composited over the background).
    var keepsAlpha: Bool { get }
    /// The file extension of published variants (the format's, unless the encoder says otherwise).
    var fileExtension: String { get }
    /// The MIME type, as `<source type>` says it (the format's, unless the encoder says otherwise).
    var mimeType: String { get }

    /// Its settings, taken from the pipeline's.
    /// - Parameter settings: The pipeline's settings.
    func options(_ settings: ImagePipeline.Settings) -> Options

    /// Encodes one resampled, upright variant.
    /// - Parameters:
    ///   - pixels: RGB or RGBA.
    ///   - displayP3: The pixels are Display P3 (tag them so), not sRGB.
    ///   - options: The settings.
    /// - Throws: ``ImagingError``.
    func encode(_ pixels: PixelBuffer, displayP3: Bool, options: Options) throws(ImagingError) -> Data

    /// The canonical text of the settings in a variant's cache key (`format=jpeg|quality=82|…`): it must
    /// never change for the same settings, or a shared cache stops hitting.
    /// - Parameter options: The settings.
    func cacheKeyText(_ options: Options) -> String

    /// The short text of the settings in the remote cache's action key (`jpeg=82,0`); as stable as ``cacheKeyText(_:)``.
    /// - Parameter options: The settings.
    func actionKeyText(_ options: Options) -> String

    /// Checks a cached file of the format before it is trusted (a cheap look at its framing, no decode).
    /// - Parameter data: The file's bytes.
    /// - Returns: nil when the bytes are good, else what is wrong.
    func verify(_ data: Data) -> String?
}

extension ImageEncoder {
    public var fileExtension: String { format.fileExtension }
    public var mimeType: String { format.mimeType }

    /// Encodes one variant with the settings taken from the pipeline's.
    /// - Parameters:
    ///   - pixels: RGB or RGBA.
    ///   - displayP3: The pixels are Display P3.
    ///   - settings: The pipeline's settings.
    /// - Throws: ``ImagingError``.
    public func encode(_ pixels: PixelBuffer, displayP3: Bool, settings: ImagePipeline.Settings) throws(ImagingError) -> Data {
        try encode(pixels, displayP3: displayP3, options: options(settings))
    }

    /// ``cacheKeyText(_:)`` of the settings taken from the pipeline's.
    /// - Parameter settings: The pipeline's settings.
    public func cacheKeyText(settings: ImagePipeline.Settings) -> String { cacheKeyText(options(settings)) }

    /// ``actionKeyText(_:)`` of the settings taken from the pipeline's.
    /// - Parameter settings: The pipeline's settings.
    public func actionKeyText(settings: ImagePipeline.Settings) -> String { actionKeyText(options(settings)) }
}
