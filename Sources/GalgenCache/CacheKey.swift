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

    /// The key of one image variant: SHA-256 over the source's hash, the normalised spec and the pipeline version.
    /// - Parameters:
    ///   - sourceHash: SHA-256 hex of the source bytes.
    ///   - width: Variant width.
    ///   - quality: JPEG quality.
    ///   - progressive: Whether the JPEG is progressive.
    ///   - background: The colour transparent pixels are composited over, `rrggbb`.
    ///   - pipelineVersion: The imaging pipeline's version.
    public static func variant(sourceHash: String, width: Int, quality: Int, progressive: Bool = false, background: String = "ffffff",
                               pipelineVersion: Int) -> CacheKey {
        let format = progressive ? "jpeg-progressive" : "jpeg"
        let spec = "galgen-variant|pipeline=\(pipelineVersion)|source=\(sourceHash)|width=\(width)|quality=\(quality)|format=\(format)"
            + "|background=\(background)"
        return CacheKey(namespace: "variants", hash: ContentHash.sha256Hex(spec), fileExtension: "jpg")
    }

    /// The key of a source's metadata (geometry, mean colour) for one pipeline version.
    /// - Parameters:
    ///   - sourceHash: SHA-256 hex of the source bytes.
    ///   - pipelineVersion: The imaging pipeline's version.
    public static func sourceInfo(sourceHash: String, pipelineVersion: Int) -> CacheKey {
        let spec = "galgen-source|pipeline=\(pipelineVersion)|source=\(sourceHash)"
        return CacheKey(namespace: "sources", hash: ContentHash.sha256Hex(spec), fileExtension: "json")
    }

    /// The entry's path below the cache folder: `namespace/ab/abcdef….ext`.
    public var relativePath: String { "\(namespace)/\(hash.prefix(2))/\(hash).\(fileExtension)" }

    public var description: String { relativePath }
}
