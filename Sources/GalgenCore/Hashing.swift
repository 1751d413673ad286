public import Foundation
import Crypto

/// SHA-256 helpers; galgen names cache entries and published files after content hashes.
public enum ContentHash {
    /// The lowercase hex SHA-256 of some bytes.
    /// - Parameter data: The bytes to hash.
    public static func sha256Hex(_ data: some DataProtocol) -> String {
        hex(SHA256.hash(data: data))
    }

    /// The lowercase hex SHA-256 of a string's UTF-8 bytes.
    /// - Parameter text: The text to hash.
    public static func sha256Hex(_ text: String) -> String {
        hex(SHA256.hash(data: Data(text.utf8)))
    }

    /// The first 10 hex digits of the SHA-256: the tag in published file names (`style-0123456789.css`).
    /// - Parameter data: The file's bytes.
    public static func fileTag(_ data: some DataProtocol) -> String {
        String(sha256Hex(data).prefix(10))
    }

    /// Lowercase hex of some bytes (two digits a byte). Cache keys are made of it for every image of
    /// every build, so it is written out by hand: `String(format: "%02x")` went through Foundation's
    /// locale-aware formatting and took 7 % of a no-op build of 2,000 photos.
    /// - Parameter bytes: The bytes.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            utf8.append(hexDigit(byte >> 4))
            utf8.append(hexDigit(byte & 0x0F))
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
}
