/// LEB128 integers in a byte array (the search index's term and posting streams).
public enum Varint {
    /// Appends `value` (not negative), seven bits a byte, low bits first.
    @inlinable
    public static func append(_ value: Int, to out: inout [UInt8]) {
        var v = UInt(value)
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// Reads the integer at `at` and moves `at` past it.
    @inlinable
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let b = bytes[at]
            at += 1
            value |= Int(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }
}
