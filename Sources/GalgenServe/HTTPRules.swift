#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GalgenCore

/// The small HTTP rules a static file server needs, as pure functions (RFC 9110 and 9111).
enum HTTPRules {
    /// The `Content-Type` for a file name (UTF-8 for text types; images and videos from the format table).
    static func mediaType(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json", "map": return "application/json"
        case "xml": return "application/xml"
        case "txt": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "webmanifest": return "application/manifest+json"
        case let ext: return MediaFormat.named(byExtension: ext)?.mimeType ?? "application/octet-stream"
        }
    }

    /// Whether a file name carries a content hash (galgen's published names: `gallery-785b89cc0f.js`,
    /// `0bca260d52a5b477-160.jpg`, `search-…json`): a run of at least 10 lowercase hex digits
    /// between `-`, `.` or the start. Such a file never changes, so it may be cached forever.
    static func isContentHashed(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? Substring(path)
        let stem = name.split(separator: ".").dropLast()
        for part in stem.joined(separator: ".").split(whereSeparator: { $0 == "-" || $0 == "." }) where part.count >= 10 {
            if part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) {
                return true
            }
        }
        return false
    }

    /// A strong validator from size and modification time (a rebuild gives every page a new one).
    static func entityTag(size: Int, seconds: Int, nanoseconds: Int, variant: String = "") -> String {
        "\"" + String(size, radix: 16) + "-" + String(seconds, radix: 16) + String(nanoseconds, radix: 16) + variant + "\""
    }

    /// Whether an `If-None-Match` value matches a tag (weak comparison, `*` matches anything).
    static func noneMatch(_ header: String, matches tag: String) -> Bool {
        for item in header.split(separator: ",") {
            var candidate = item.trimmingSpaces
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate = String(candidate.dropFirst(2)) }
            let bare = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
            if candidate == bare { return true }
        }
        return false
    }

    /// The outcome of a `Range` header against a file size.
    enum RangeRequest: Equatable {
        /// Serve the whole file (no header, a syntax we ignore, or several ranges).
        case whole
        /// Serve these bytes with 206.
        case partial(ClosedRange<Int>)
        /// 416: nothing of the file is in the range.
        case unsatisfiable
    }

    /// Reads a single `bytes=` range; anything else is ignored as RFC 9110 allows.
    static func range(_ header: String?, size: Int) -> RangeRequest {
        guard let header else { return .whole }
        let value = header.trimmingSpaces
        guard value.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = value.dropFirst(6).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingSpaces, last = spec[spec.index(after: dash)...].trimmingSpaces
        if first.isEmpty {
            guard let suffix = Int(last), suffix >= 0, last.allSatisfy(\.isASCIIDigit) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .partial(max(0, size - suffix)...(size - 1))
        }
        guard first.allSatisfy(\.isASCIIDigit), let start = Int(first) else { return .whole }
        var end = size - 1
        if !last.isEmpty {
            guard last.allSatisfy(\.isASCIIDigit), let stated = Int(last), stated >= start else { return .whole }
            end = min(stated, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .partial(start...end)
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    static func httpDate(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Parses an IMF-fixdate; nil for any other form (the request is then served in full).
    static func parseHTTPDate(_ text: String) -> Int? {
        let fields = text.trimmingSpaces.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]),
              let month = months.firstIndex(of: String(fields[2])), let year = Int(fields[3]) else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(clock[0])
        parts.tm_min = Int32(clock[1])
        parts.tm_sec = Int32(clock[2])
        return Int(timegm(&parts))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
