public import Foundation
public import GalgenCache
public import GalgenCore
public import GalgenImaging
public import GalgenRemoteCache

/// What the remote cache needs to know of a step: the keys it would look up for a source, and
/// every setting those keys and their bytes depend on (its `cache` and `fileSystem` are the step's own).
extension ImageMaker: CachedImageWork {
    /// The key of a source's metadata entry.
    /// - Parameter sourceHash: SHA-256 hex of the source bytes.
    public func infoKey(_ sourceHash: String) -> CacheKey {
        CacheKey.sourceInfo(sourceHash: sourceHash, settings: "background=\(backgroundHex)" + colorSpaceSpec + librariesSpec, pipelineVersion: ImagePipeline.version)
    }

    /// The cache paths the step reads for a source whose metadata entry holds `info`: that entry
    /// and every variant it would publish; nil when `info` is not a metadata entry.
    /// - Parameters:
    ///   - sourceHash: SHA-256 hex of the source bytes.
    ///   - info: The metadata entry's bytes.
    public func expectedEntries(_ sourceHash: String, info: Data) -> [String]? {
        guard let entry = try? JSONDecoder().decode(SourceEntry.self, from: info) else { return nil }
        let plan = VariantPlan(sourceWidth: entry.info.width, sourceHeight: entry.info.height, widths: pipeline.settings.widths)
        let variants = ids(plan).filter { !leavesOut($0.format, entry.skipped ?? [:]) }.map { variantKey(sourceHash, $0).relativePath }
        return [infoKey(sourceHash).relativePath] + variants
    }

    /// Every setting the step's keys and bytes depend on, as canonical text (part of the remote action key).
    public var remoteSpec: String {
        let s = pipeline.settings
        return [
            "pipeline=\(ImagePipeline.version)",
            "widths=\(s.widths.map(String.init).joined(separator: ","))",
            "formats=\(s.formats.map(\.rawValue).joined(separator: ","))",
            pipeline.codecs.encoders.map { $0.actionKeyText(settings: s) }.joined(separator: "\n"),
            "background=\(backgroundHex)",
            "color=\(s.colorSpace.rawValue)",
        ].joined(separator: "\n")
    }
}

extension RemoteImageCache {
    /// Uploads a processed source's entries in the background (see ``RemoteImageCache/finish()``),
    /// when it was decoded.
    /// - Parameters:
    ///   - plan: The read-through's plan.
    ///   - result: The step's result.
    ///   - then: Work that follows the upload (or runs alone when nothing was decoded): the
    ///     entries of the URL the source came from.
    public func upload(_ plan: Plan, after result: ImageResult, then: @escaping @Sendable () async -> Void) async {
        guard result.failure == nil else { return }
        guard result.decoded else {
            await uploads.add(then)
            return
        }
        await upload(plan, entries: result.cacheEntries, then: then)
    }
}
