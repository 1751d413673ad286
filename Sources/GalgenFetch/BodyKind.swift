/// What a body is, judged by its bytes (servers' `Content-Type` is not trusted: iTunes sends JSON
/// as `text/javascript`, error pages arrive with status 200 and `image/jpeg`).
public enum BodyKind: String, Sendable, Hashable {
    case empty
    case json
    case html
    case jpeg
    case png
    case gif
    case webp
    /// AVIF, HEIC/HEIF: an ISO base media file (`ftyp`) of an image brand.
    case avif
    case heif
    case tiff
    case text
    case binary

    /// Sniffs the first bytes: image signatures, then the first non-blank character for text.
    /// - Parameter bytes: The body (only its first 512 bytes are looked at).
    public static func sniff(_ bytes: some Collection<UInt8>) -> BodyKind {
        let head = Array(bytes.prefix(512))
        if head.isEmpty { return .empty }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if let brand = isoImageBrand(head) { return brand }
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // UTF-8 byte order mark
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        guard start < head.count else { return .text }
        switch head[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): return .html
        default: break
        }
        let looksTextual = head[start...].allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return looksTextual ? .text : .binary
    }

    /// Whether this is an image signature galgen recognises.
    public var isImage: Bool { [.jpeg, .png, .gif, .webp, .avif, .heif, .tiff].contains(self) }

    /// AVIF or HEIF when `head` is an ISO base media file (`size`, `ftyp`, major brand, version,
    /// compatible brands) whose major or a compatible brand is an image one; AVIF wins when both are named
    /// (`mif1` files list `avif` among their brands).
    private static func isoImageBrand(_ head: [UInt8]) -> BodyKind? {
        guard head.count >= 16, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(head.count, max(16, size))
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        for at in stride(from: 16, to: end - 3, by: 4) { brands.append(String(decoding: head[at..<(at + 4)], as: UTF8.self)) }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "heif"]
        return brands.contains(where: heif.contains) ? .heif : nil
    }

    /// A short description for messages, e.g. `an HTML page`.
    public var phrase: String {
        switch self {
        case .empty: "an empty body"
        case .json: "JSON"
        case .html: "an HTML page"
        case .jpeg: "a JPEG image"
        case .png: "a PNG image"
        case .gif: "a GIF image"
        case .webp: "a WebP image"
        case .avif: "an AVIF image"
        case .heif: "a HEIC/HEIF image"
        case .tiff: "a TIFF image"
        case .text: "plain text"
        case .binary: "unrecognised binary data"
        }
    }
}
