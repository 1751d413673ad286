import GalgenCore

/// The address of one cache entry: a namespace plus a content-derived hash.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// Which kind of entry (`variants`, `sources`); also a folder name.
    public var namespace: String
    /// Lowercase hex hash (at least 16 characters).
    public var hash: String
    /// File extension of the entry, without the dot.
    public var fileExtension: String

    /// Creates a key.
    /// - Parameters:
    ///   - namespace: Kind of entry.
    ///   - hash: Hex hash.
    ///   - fileExtension: File extension.
    public init(namespace: String, hash: String, fileExtension: String) {
        self.namespace = namespace
        self.hash = hash
        self.fileExtension = fileExtension
    }

    /// The key of one image variant: SHA-256 over the source's hash, the width, the encoding and the
    /// pipeline version.
    /// - Parameters:
    ///   - sourceHash: SHA-256 hex of the source bytes.
    ///   - width: Variant width.
    ///   - encoding: The format and every setting its bytes depend on, e.g. `format=webp|quality=80|effort=4`.
    ///   - fileExtension: The file extension (`jpg`, `webp`, `avif`).
    ///   - pipelineVersion: The imaging pipeline's version.
    public static func variant(sourceHash: String, width: Int, encoding: String, fileExtension: String,
                               pipelineVersion: Int) -> CacheKey {
        let spec = "galgen-variant|pipeline=\(pipelineVersion)|source=\(sourceHash)|width=\(width)|\(encoding)"
        return CacheKey(namespace: "variants", hash: ContentHash.sha256Hex(spec), fileExtension: fileExtension)
    }

    /// The key of a source's metadata (geometry, mean colour) for one pipeline version.
    /// - Parameters:
    ///   - sourceHash: SHA-256 hex of the source bytes.
    ///   - settings: The settings the mean colour depends on, e.g. `background=ffffff` (a transparent
    ///     image's mean is taken over the background) and the colour space.
    ///   - pipelineVersion: The imaging pipeline's version.
    public static func sourceInfo(sourceHash: String, settings: String = "background=ffffff", pipelineVersion: Int) -> CacheKey {
        let spec = "galgen-source|pipeline=\(pipelineVersion)|source=\(sourceHash)|\(settings)"
        return CacheKey(namespace: "sources", hash: ContentHash.sha256Hex(spec), fileExtension: "json")
    }

    /// The entry's path below the cache folder: `namespace/ab/abcdef….ext`.
    public var relativePath: String { "\(namespace)/\(hash.prefix(2))/\(hash).\(fileExtension)" }

    public var description: String { relativePath }
}
