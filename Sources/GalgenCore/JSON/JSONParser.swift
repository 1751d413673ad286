/// A strict RFC 8259 parser over UTF-8 bytes that records each value's byte offset.
struct JSONParser {
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 512
    /// The path (object keys, or array indices as numbers) of the array whose elements go to
    /// ``stream`` instead of into the tree; the lookup rule is ``FieldLookup``'s (the first member
    /// of a key counts).
    private let streamPath: [String]
    private let stream: ((JSONNode, Int) -> Void)?
    /// Whether the array at ``streamPath`` was found and streamed (it is then empty in the tree).
    private(set) var streamed = false

    /// - Parameters:
    ///   - bytes: The text.
    ///   - streamPath: Where the streamed array is.
    ///   - stream: Takes each element of that array, with its index, as soon as it is parsed.
    init(bytes: [UInt8], streamPath: [String] = [], stream: ((JSONNode, Int) -> Void)? = nil) {
        self.bytes = bytes
        self.streamPath = streamPath
        self.stream = stream
    }

    mutating func parseDocument() throws(Failure) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw Failure(offset: index, message: "the text is empty; expected a JSON value") }
        let node = try parseValue(route: stream == nil ? nil : 0)
        skipWhitespace()
        if index < bytes.count {
            throw Failure(offset: index, message: "unexpected \(describe(bytes[index])) after the end of the JSON value")
        }
        return node
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// - Parameter route: How many segments of ``streamPath`` lead here (nil: off the path).
    private mutating func parseValue(route: Int? = nil) throws(Failure) -> JSONNode {
        guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text; expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(route: route), offset: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(route: route), offset: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(.bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(.bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try parseNumber()), offset: start)
        case UInt8(ascii: "'"): throw Failure(offset: index, message: "strings must use double quotes, not single quotes")
        case let b: throw Failure(offset: index, message: "unexpected \(describe(b)); expected a value")
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(Failure) {
        let text = word.utf8Start
        for i in 0..<word.utf8CodeUnitCount {
            guard index + i < bytes.count, bytes[index + i] == text[i] else {
                throw Failure(offset: index, message: "invalid literal; expected '\(word)'")
            }
        }
        index += word.utf8CodeUnitCount
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw Failure(offset: index, message: "nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject(route: Int?) throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        var routeTaken = false
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text inside an object; expected '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                let hint = bytes[index] == UInt8(ascii: "}") ? " (remove the trailing comma)"
                    : bytes[index] == UInt8(ascii: "'") ? " (keys must use double quotes, not single quotes)" : ""
                throw Failure(offset: index, message: "expected a quoted key, found \(describe(bytes[index]))\(hint)")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw Failure(offset: index, message: "expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            // Only the first member of the path's key is on it, as in FieldLookup.
            var next: Int?
            if !routeTaken, let route, route < streamPath.count, key == streamPath[route] {
                routeTaken = true
                next = route + 1
            }
            let node = try parseValue(route: next)
            members.append(JSONMember(key: key, keyOffset: keyOffset, node: node))
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text inside an object; expected '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw Failure(offset: index, message: "expected ',' or '}' after a member, found \(describe(bytes[index]))")
        }
    }

    private mutating func parseArray(route: Int?) throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        let streaming = route == streamPath.count && !streamed && stream != nil
        if streaming { streamed = true }
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        var count = 0
        while true {
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                throw Failure(offset: index, message: "expected a value, found ']' (remove the trailing comma)")
            }
            let position = count
            var next: Int?
            if !streaming, let route, route < streamPath.count, Int(streamPath[route]) == position { next = route + 1 }
            let element = try parseValue(route: next)
            if streaming { stream?(element, position) } else { elements.append(element) }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text inside an array; expected ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw Failure(offset: index, message: "expected ',' or ']' after an element, found \(describe(bytes[index]))")
        }
    }

    private mutating func parseNumber() throws(Failure) -> String {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, p.bytes[p.index] >= 0x30, p.bytes[p.index] <= 0x39 { p.index += 1 }
            return p.index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw Failure(offset: start, message: "incomplete number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                throw Failure(offset: start, message: "numbers must not have leading zeros")
            }
        } else if digits(&self) == 0 {
            throw Failure(offset: start, message: "invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw Failure(offset: index, message: "expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw Failure(offset: index, message: "expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(Failure) -> String {
        let quote = index
        index += 1
        var out: [UInt8] = []
        var escaped = false
        var runStart = index
        while true {
            guard index < bytes.count else { throw Failure(offset: quote, message: "unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                if !escaped {
                    // Most strings have no escape: made from the text itself, no copy in between.
                    let s = bytes.withUnsafeBufferPointer { String(validating: UnsafeBufferPointer(rebasing: $0[runStart..<index]), as: UTF8.self) }
                    index += 1
                    guard let s else { throw Failure(offset: quote, message: "string is not valid UTF-8") }
                    return s
                }
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if b < 0x20 {
                throw Failure(offset: index, message: "control character \(describe(b)) in a string; escape it (\\n, \\t, \\u00XX)")
            }
            if b == UInt8(ascii: "\\") {
                escaped = true
                out.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &out)
                runStart = index
                continue
            }
            index += 1
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw Failure(offset: quote, message: "string is not valid UTF-8")
        }
        return s
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw Failure(offset: start, message: "unterminated escape") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(at: start)
            if (0xD800...0xDBFF).contains(scalar) {
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4(at: start)
                    guard (0xDC00...0xDFFF).contains(low) else { throw Failure(offset: start, message: "invalid surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    scalar = 0xFFFD  // a lone surrogate cannot be represented; substitute
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            let us = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(us)).utf8))
        default:
            throw Failure(offset: start, message: "invalid escape '\\\(Character(Unicode.Scalar(c)))'")
        }
    }

    private mutating func hex4(at start: Int) throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Failure(offset: start, message: "incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw Failure(offset: index, message: "invalid hex digit in \\u escape")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }
}
