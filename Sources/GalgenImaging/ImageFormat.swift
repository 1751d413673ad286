public import Foundation

/// What a byte string is, judged by its first bytes (never by file name or Content-Type).
public enum ImageFormat: String, Sendable, Hashable {
    case jpeg = "JPEG"
    case png = "PNG"
    case gif = "GIF"
    case webp = "WebP"
    case avif = "AVIF"
    case heic = "HEIC"
    case bmp = "BMP"
    case tiff = "TIFF"
    case svg = "SVG"
    case html = "HTML"
    case empty = "empty"
    case unknown = "unknown"

    /// Sniffs the format from the leading bytes.
    /// - Parameter data: The file's bytes.
    public static func sniff(_ data: Data) -> ImageFormat {
        let b = [UInt8](data.prefix(64))
        if b.isEmpty { return .empty }
        // The formats galgen reads are told by their decoders (see ``ImageCodecs``).
        for decoder in ImageCodecs.standard.decoders {
            if let name = decoder.sniff(b) { return ImageFormat(rawValue: name) ?? .unknown }
        }
        if b.starts(with: Array("BM".utf8)) { return .bmp }
        let text = String(decoding: b, as: UTF8.self).lowercased().drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head") || text.hasPrefix("<body") {
            return .html
        }
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return .svg }
        return .unknown
    }
}
