public import Foundation
public import GalgenCore

/// One file made from the site model (a data shard, a search or filter file, a feed, a sitemap). Its
/// bytes are made again when asked for, not kept: the shards of a million items are a quarter of a
/// gigabyte, and an incremental build writes few of them.
public struct SiteFile: Sendable {
    /// Path below the site root.
    public var path: String
    /// What determines the bytes (their digest).
    public var key: OutputKey
    private let make: @Sendable () -> Data

    /// A file whose bytes are made by `make` (which must return the same bytes every time).
    /// - Parameters:
    ///   - path: Path below the site root.
    ///   - bytes: The bytes, made once here for the key.
    ///   - make: Makes the bytes again.
    public init(path: String, bytes: Data, make: @escaping @Sendable () -> Data) {
        self.path = path
        self.key = OutputKey(digesting: bytes)
        self.make = make
    }

    /// A file of fixed bytes.
    /// - Parameters:
    ///   - path: Path below the site root.
    ///   - data: The bytes.
    public init(path: String, data: Data) {
        self.init(path: path, bytes: data, make: { data })
    }

    /// A file whose key was taken from its bytes before (they were made once and let go).
    /// - Parameters:
    ///   - path: Path below the site root.
    ///   - key: The key of the bytes `make` returns.
    ///   - make: Makes the bytes again.
    package init(path: String, key: OutputKey, make: @escaping @Sendable () -> Data) {
        self.path = path
        self.key = key
        self.make = make
    }

    /// The bytes.
    public var data: Data { make() }
}
