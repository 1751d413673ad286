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
        // The SOI marker alone: a file with stray bytes before its next marker is still a JPEG that
        // libjpeg decodes (with a warning), and libjpeg is the judge of the rest.
        if b.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if b.starts(with: Array("GIF8".utf8)) { return .gif }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return .webp }
        if b.count >= 12, Array(b[4..<8]) == Array("ftyp".utf8) {
            // ISO base media files: the major brand tells an image (AVIF, HEIF/HEIC) from a video.
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
        }
        if b.starts(with: Array("BM".utf8)) { return .bmp }
        // TIFF ("II*\0", "MM\0*") and BigTIFF ("II+\0", "MM\0+"), both read by libtiff.
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || b.starts(with: [0x49, 0x49, 0x2B, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        let text = String(decoding: b, as: UTF8.self).lowercased().drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head") || text.hasPrefix("<body") {
            return .html
        }
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return .svg }
        return .unknown
    }
}
