/// JSON written byte by byte, for files made of many small values (the search index's shards and
/// fragments): decimal numbers, and string content that needs no escape copied as it is (anything
/// else goes through ``JSONText``, so the bytes are the same).
public enum JSONBytes {
    /// How many digits ``appendDecimal(_:to:)`` writes for `value` (not negative).
    @inlinable
    public static func decimalLength(_ value: Int) -> Int {
        var n = 1, limit = 10
        while value >= limit { n += 1; limit *= 10 }
        return n
    }

    /// Appends `value` (not negative) in decimal.
    @inlinable
    public static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        let n = decimalLength(value)
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: n))
        var v = value, i = out.count - 1
        while v > 0 {
            out[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
    }

    /// Whether a UTF-8 byte goes into a JSON string as it is: not a control character, quote,
    /// backslash or `<>&`, and not 0xE2 (which starts U+2028 and U+2029), as in ``JSONText``.
    @inlinable
    public static func isPlain(_ b: UInt8) -> Bool {
        b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x3C && b != 0x3E && b != 0x26 && b != 0xE2
    }

    /// The length of ``appendContent(_:to:)``'s output for UTF-8 `bytes`.
    @inlinable
    public static func contentLength(_ bytes: ArraySlice<UInt8>) -> Int {
        if bytes.allSatisfy({ isPlain($0) }) { return bytes.count }
        return JSONText.string(String(decoding: bytes, as: UTF8.self)).utf8.count - 2
    }

    /// Appends UTF-8 `bytes` as the content of a JSON string (what goes between the quotes).
    @inlinable
    public static func appendContent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to out: inout [UInt8]) {
        if bytes.allSatisfy({ isPlain($0) }) {
            out.append(contentsOf: bytes)
        } else {
            JSONText.appendContent(String(decoding: bytes, as: UTF8.self), to: &out)
        }
    }
}
