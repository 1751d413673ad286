public import GalgenCore

/// What a body is, judged by its bytes (servers' `Content-Type` is not trusted: iTunes sends JSON
/// as `text/javascript`, error pages arrive with status 200 and `image/jpeg`).
public enum BodyKind: Sendable, Hashable {
    case empty
    case json
    case html
    /// A format of the format table (``MediaFormat``), told by its signature.
    case media(MediaFormat)
    case text
    case binary

    /// Sniffs the first bytes: the format table's signatures, then the first non-blank character for text.
    /// - Parameter bytes: The body (only its first 512 bytes are looked at).
    public static func sniff(_ bytes: some Collection<UInt8>) -> BodyKind {
        let head = Array(bytes.prefix(512))
        if head.isEmpty { return .empty }
        if let format = MediaFormat.sniff(head) { return .media(format) }
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

    /// Whether this is an image in a format galgen decodes (the table's `decoded` images).
    public var isImage: Bool {
        if case .media(let format) = self { format.kind == .image && format.decoded } else { false }
    }

    /// A short description for messages, e.g. `an HTML page`, `a HEIC image`.
    public var phrase: String {
        switch self {
        case .empty: "an empty body"
        case .json: "JSON"
        case .html: "an HTML page"
        case .media(let format):
            ("AEIOM".contains(format.name.prefix(1)) ? "an " : "a ") + format.name + (format.kind == .image ? " image" : " video")
                + (format.decoded ? "" : " (a format galgen does not read)")
        case .text: "plain text"
        case .binary: "unrecognised binary data"
        }
    }
}
