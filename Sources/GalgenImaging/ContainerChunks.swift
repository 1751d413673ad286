public import Foundation

/// Finds metadata chunks in PNG and WebP (RIFF) files by walking their chunk lists, without
/// decoding or copying the file: the EXIF chunk whose orientation tag turns the picture upright.
public enum ContainerChunks {
    /// The payload of PNG's `eXIf` chunk (before the image data), if any.
    /// - Parameter png: The file's bytes.
    public static func pngEXIF(_ png: Data) -> [UInt8]? {
        png.withUnsafeBytes { raw in pngEXIF(raw.bindMemory(to: UInt8.self)) }
    }

    private static func pngEXIF(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var at = 8
        while at + 12 <= b.count {
            let length = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
            let type = String(decoding: b[at + 4..<at + 8], as: UTF8.self)
            guard length >= 0, at + 12 + length <= b.count else { return nil }
            if type == "eXIf" { return Array(b[at + 8..<at + 8 + length]) }
            if type == "IDAT" || type == "IEND" { return nil }
            at += 12 + length
        }
        return nil
    }

    /// The payload of a WebP file's `EXIF` chunk (extended format), if any.
    /// - Parameter webp: The file's bytes.
    public static func webpEXIF(_ webp: Data) -> [UInt8]? {
        webp.withUnsafeBytes { raw in webpEXIF(raw.bindMemory(to: UInt8.self)) }
    }

    private static func webpEXIF(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var at = 12  // "RIFF", size, "WEBP"
        while at + 8 <= b.count {
            let type = String(decoding: b[at..<at + 4], as: UTF8.self)
            let length = Int(b[at + 4]) | Int(b[at + 5]) << 8 | Int(b[at + 6]) << 16 | Int(b[at + 7]) << 24
            guard length >= 0, at + 8 + length <= b.count else { return nil }
            if type == "EXIF" { return Array(b[at + 8..<at + 8 + length]) }
            at += 8 + length + (length & 1)  // chunks are padded to an even size
        }
        return nil
    }
}
