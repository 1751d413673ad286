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
    public var isImage: Bool { [.jpeg, .png, .gif, .webp].contains(self) }

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
        case .text: "plain text"
        case .binary: "unrecognised binary data"
        }
    }
}
