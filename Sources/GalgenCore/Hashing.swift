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

    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var s = ""
        s.reserveCapacity(64)
        for byte in digest {
            s.append(digits[Int(byte >> 4)])
            s.append(digits[Int(byte & 0x0F)])
        }
        return s
    }
}
