public import Foundation
import Crypto

/// The key of one output file: a digest of everything that determines its bytes. Two builds that
/// give a file the same key write the same bytes, so an incremental build leaves it alone.
public struct OutputKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The first 128 bits of a SHA-256.
    public var high: UInt64
    /// The next 64 bits.
    public var low: UInt64

    /// Creates a key from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The key of some bytes: the file's own content (assets, data files) or a key feed.
    /// - Parameter bytes: The bytes.
    public init(digesting bytes: some DataProtocol) {
        let digest = SHA256.hash(data: bytes)
        var high: UInt64 = 0, low: UInt64 = 0
        for (i, byte) in digest.prefix(16).enumerated() {
            if i < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// 32 lowercase hex digits.
    public var description: String {
        let h = String(high, radix: 16), l = String(low, radix: 16)
        return String(repeating: "0", count: 16 - h.count) + h + String(repeating: "0", count: 16 - l.count) + l
    }

    /// Parses ``description``.
    /// - Parameter hex: 32 hex digits.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }

    public static func < (a: OutputKey, b: OutputKey) -> Bool { (a.high, a.low) < (b.high, b.low) }
}

/// Bytes that describe an output file's inputs, in an unambiguous encoding (every value is tagged
/// and every string and list carries its length, so two different inputs never give the same
/// bytes); ``key`` digests them.
public struct KeyFeed: Sendable {
    /// The bytes so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty feed.
    public init() {
        bytes.reserveCapacity(1024)
    }

    /// Creates a feed that continues from some bytes (another feed's).
    /// - Parameter bytes: The bytes so far.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The key of everything fed.
    public var key: OutputKey { OutputKey(digesting: bytes) }

    /// Adds a string.
    public mutating func add(_ value: String) {
        bytes.append(0x73)  // s
        var value = value
        value.withUTF8 { utf8 in
            addLength(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Adds an integer.
    public mutating func add(_ value: Int) {
        bytes.append(0x69)  // i
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Adds a Boolean.
    public mutating func add(_ value: Bool) {
        bytes.append(value ? 0x54 : 0x46)  // T, F
    }

    /// Adds an optional value: a marker for nil, else the value.
    @inlinable
    public mutating func add<T>(_ value: T?, _ feed: (inout KeyFeed, T) -> Void) {
        guard let value else {
            beginOptional(present: false)
            return
        }
        beginOptional(present: true)
        feed(&self, value)
    }

    /// Adds the marker of an optional value, for a caller that adds the value itself when `present`
    /// (what the optional `add(_:_:)` does, without its closure: for generic code in another module).
    public mutating func beginOptional(present: Bool) {
        bytes.append(present ? 0x31 : 0x30)  // 1, 0
    }

    /// Adds an optional string.
    @inlinable
    public mutating func add(_ value: String?) {
        add(value) { $0.add($1) }
    }

    /// Adds a list: its length, then each element.
    @inlinable
    public mutating func add<T>(_ values: [T], _ feed: (inout KeyFeed, T) -> Void) {
        beginList(count: values.count)
        for value in values { feed(&self, value) }
    }

    /// Adds the start of a list of `count` values, for a caller that adds each value itself (as
    /// the list `add(_:_:)` does, without its closure: for generic code in another module).
    public mutating func beginList(count: Int) {
        bytes.append(0x6C)  // l
        addLength(count)
    }

    /// Adds a string dictionary, sorted by key.
    public mutating func add(_ values: [String: String]) {
        bytes.append(0x64)  // d
        addLength(values.count)
        // The pairs sorted (the same bytes as looking each sorted key up, without the lookups).
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            add(key)
            add(value)
        }
    }

    /// Adds the start of a named record (a struct), so equal fields of different types differ.
    public mutating func begin(_ name: StaticString) {
        bytes.append(0x7B)  // {
        name.withUTF8Buffer { utf8 in
            addLength(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    private mutating func addLength(_ n: Int) {
        var n = UInt64(n)
        repeat {
            bytes.append(UInt8(n & 0x7F) | (n > 0x7F ? 0x80 : 0))
            n >>= 7
        } while n > 0
    }
}
