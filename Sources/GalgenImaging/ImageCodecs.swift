public import Foundation
public import GalgenCore

/// The formats galgen reads and writes: what ``ImagePipeline``, the build's image step and its cache
/// ask instead of switching on a format. Adding a format is one file with its conformer, and one line here.
public struct ImageCodecs: Sendable {
    /// The input formats, in the order their bytes are tried (and named in messages).
    public var decoders: [any ImageDecoder]
    /// The output formats.
    public var encoders: [any ImageEncoder]

    /// Creates a registry.
    /// - Parameters:
    ///   - decoders: The input formats, in the order their bytes are tried.
    ///   - encoders: The output formats, one per ``OutputFormat`` the settings may name.
    public init(decoders: [any ImageDecoder], encoders: [any ImageEncoder]) {
        self.decoders = decoders
        self.encoders = encoders
    }

    /// Every format galgen has.
    public static let standard = ImageCodecs(
        decoders: [JPEGCodec(), PNGCodec(), WebPCodec(), GIFCodec(), HEIFCodec(), TIFFCodec()],
        encoders: [JPEGCodec(), WebPCodec(), AVIFCodec()])

    /// The decoder whose format the bytes are, judged by their first bytes, and the format's name.
    /// - Parameter data: The file's bytes.
    public func decoder(for data: Data) -> (decoder: any ImageDecoder, format: String)? {
        let head = [UInt8](data.prefix(64))
        guard !head.isEmpty else { return nil }
        for decoder in decoders {
            if let format = decoder.sniff(head) { return (decoder, format) }
        }
        return nil
    }

    /// The encoder of an output format.
    /// - Parameter format: A format of ``encoders`` (the settings name only formats the registry has).
    public func encoder(for format: OutputFormat) -> any ImageEncoder {
        guard let encoder = encoders.first(where: { $0.format == format }) else {
            preconditionFailure("no \(format.rawValue) encoder in the image codecs")
        }
        return encoder
    }

    /// Why bytes no decoder claims are refused.
    /// - Parameter data: The file's bytes.
    func refusal(for data: Data) -> ImagingError {
        switch ImageFormat.sniff(data, codecs: self) {
        case .empty: ImagingError(.unsupportedFormat, "not an image: the file is empty")
        case .html: ImagingError(.unsupportedFormat, "not an image: the bytes are an HTML page")
        case .unknown: ImagingError(.unsupportedFormat, "not an image: unrecognised bytes")
        case let format: ImagingError(.unsupportedFormat, "unsupported format \(format.name); galgen reads \(readableNames)")
        }
    }

    /// The formats read, as a sentence: "JPEG, PNG, … and TIFF".
    var readableNames: String {
        let names = decoders.flatMap(\.formatNames)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
