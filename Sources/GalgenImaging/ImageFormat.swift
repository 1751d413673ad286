public import Foundation
public import GalgenCore

/// What a byte string is, judged by its first bytes (never by file name or Content-Type).
public enum ImageFormat: Sendable, Hashable {
    /// A format of the format table: one a decoder claims, or one only the table knows (BMP, SVG).
    case media(MediaFormat)
    case html
    case empty
    case unknown

    /// The format's name for messages (`JPEG`, `HTML`, `empty`, `unknown`).
    public var name: String {
        switch self {
        case .media(let format): format.name
        case .html: "HTML"
        case .empty: "empty"
        case .unknown: "unknown"
        }
    }

    /// Sniffs the format from the leading bytes: the registry's decoders first, then the format table.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - codecs: The registry whose decoders are asked (the build's, where it has one).
    public static func sniff(_ data: Data, codecs: ImageCodecs = .standard) -> ImageFormat {
        let b = [UInt8](data.prefix(64))
        if b.isEmpty { return .empty }
        if let found = codecs.decoder(for: data) {
            return MediaFormat.all.first { $0.name == found.format }.map(ImageFormat.media) ?? .unknown
        }
        if let format = MediaFormat.sniff(b) { return .media(format) }
        let text = String(decoding: b, as: UTF8.self).lowercased().drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head") || text.hasPrefix("<body") {
            return .html
        }
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return .media(.svg) }
        return .unknown
    }
}
