/// A request target turned into path segments below the site folder, or the reason it is refused.
///
/// The raw target is split on `/` before anything is decoded, so an encoded slash (`%2f`) or
/// backslash can never make a new segment; a segment that decodes to `.`, `..`, or to anything with a
/// slash, backslash or NUL in it is refused outright instead of being normalised. Symlinks are checked
/// later, against the real file system (GalgenServe's `SiteFiles`).
///
/// It is `galgen serve`'s, but pure, so it lives here: its fuzz target then builds without the
/// server and HTTP stack (scripts/fuzz.sh).
public enum RequestPath: Sendable, Hashable {
    /// Segments to look up below the site folder (empty for the root); `directoryForm` when the
    /// target ended in `/`.
    case segments([String], directoryForm: Bool)
    /// Not a path galgen serves.
    case refused(Refusal)

    /// Why a request target was refused.
    public enum Refusal: String, Sendable, Hashable {
        /// Not an origin-form path (`*`, `http://…`, empty).
        case notAbsolutePath = "not an absolute path"
        /// Bad `%` escape or bytes that are not UTF-8.
        case badEncoding = "bad percent-encoding"
        /// A `.` or `..` segment, plain or encoded.
        case dotSegment = "dot segment"
        /// `%2f`, `%5c`, a backslash or NUL inside a segment.
        case encodedSeparator = "encoded separator"
    }

    /// Parses the path part of a request target (the query is ignored).
    /// - Parameter target: The target as sent, e.g. `/people/page/2/?x=1`.
    public init(target: String) {
        // Unicode scalars, not Characters: a prepended concatenation mark such as U+06DD joins the
        // `/` after it into one Character, which hid that separator inside a segment (found by the
        // request-path fuzz target).
        var path = Substring(target).unicodeScalars
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard path.first == "/" else { self = .refused(.notAbsolutePath); return }
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = Self.percentDecode(Substring(raw)) else { self = .refused(.badEncoding); return }
            if decoded == "." || decoded == ".." { self = .refused(.dotSegment); return }
            if decoded.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                self = .refused(.encodedSeparator)
                return
            }
            segments.append(decoded)
        }
        self = .segments(segments, directoryForm: path.last == "/")
    }

    /// Decodes `%XX` escapes; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecode(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
