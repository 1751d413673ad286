public import Foundation
public import GalgenCache
public import GalgenCore
public import GalgenImaging

/// One distinct source image: a local file, or a downloaded body already in the cache.
public enum ImageInput: Sendable {
    case file(String)
    case stored(RemoteEntry)
}

/// The outcome for one distinct source image.
public struct ImageResult: Sendable {
    public var image: MadeImage?
    public var failure: String?
    public var warning: String?
    public var damaged: [String] = []
    public var decoded = false
    public var encoded = 0
    public var reused = 0
    /// Cache entries this source used or made (paths below the cache folder).
    public var cacheEntries: [String] = []

    /// Nothing made yet.
    public init() {}
}

/// Makes the variants of one source image, through the cache: a warm entry costs one `stat` per
/// variant verified before (``VerifiedEntries``), else one read, and no decode; missing variants
/// cost one decode for all of them.
public struct ImageMaker: Sendable {
    public let pipeline: ImagePipeline
    public let cache: DiskCache
    public let fileSystem: any FileSystem
    /// Variants verified by earlier builds and unchanged since: not read again (nil: every variant is read).
    public var verified: VerifiedEntries? = nil

    /// A maker over a pipeline and a cache.
    /// - Parameters:
    ///   - pipeline: Decodes, resamples and encodes.
    ///   - cache: Holds the variants and each source's metadata entry.
    ///   - fileSystem: Reads local sources and stamps the variants.
    public init(pipeline: ImagePipeline, cache: DiskCache, fileSystem: any FileSystem) {
        self.pipeline = pipeline
        self.cache = cache
        self.fileSystem = fileSystem
    }

    /// A source's metadata entry in the cache: its geometry and ``ImageFacts`` (stored flat, as
    /// entries made before the facts were one value are), what its decode said, and the formats it
    /// cannot be written in.
    struct SourceEntry: Codable {
        var info: ImagePipeline.SourceInfo
        var averageColor: String
        /// The ThumbHash preview, base64; absent from entries made before previews existed (such a
        /// source is decoded once more to make it, and its entry rewritten), empty when none could be made.
        var preview: String?
        /// libjpeg's warning when the source was decoded, so every later build reports it too.
        var warning: String?
        /// Preferred formats the image cannot be written in (format name → the encoder's reason).
        var skipped: [String: String]?

        /// The entry of a source with these facts.
        init(info: ImagePipeline.SourceInfo, facts: ImageFacts, warning: String?, skipped: [String: String]?) {
            self.info = info
            averageColor = facts.averageColor
            preview = facts.preview ?? ""
            self.warning = warning
            self.skipped = skipped
        }

        /// The facts it holds; nil for an entry made before previews existed.
        var facts: ImageFacts? {
            preview.map { ImageFacts(width: info.width, height: info.height, averageColor: averageColor, preview: $0.isEmpty ? nil : $0) }
        }
    }

    /// Reads a local file, or the cached download (only when it has to be decoded).
    private struct Source {
        var hash: String
        var load: () -> Result<Data, Failure>
    }

    private struct Failure: Error {
        var message: String
    }

    /// - Parameter known: The source's hash when the caller read it already (then the file is read
    ///   again only to be decoded).
    private func source(_ input: ImageInput, known: String?) -> Result<Source, Failure> {
        switch input {
        case .file(let path):
            let kind = fileSystem.targetKind(at: path)
            if kind == nil {
                return .failure(Failure(message: "cannot read the image: \(fileSystem.whyMissing(path))"))
            }
            if kind == .file, let size = try? fileSystem.fileSize(at: path), let refusal = pipeline.settings.sizeRefusal(size) {
                return .failure(Failure(message: refusal))
            }
            let fileSystem = self.fileSystem
            if let known {
                return .success(Source(hash: known, load: {
                    do throws(FileSystemError) { return .success(try fileSystem.readFile(at: path)) } catch {
                        return .failure(Failure(message: "cannot read the image: \(error.reason)"))
                    }
                }))
            }
            do {
                let data = try fileSystem.readFile(at: path)
                return .success(Source(hash: ContentHash.sha256Hex(data), load: { .success(data) }))
            } catch {
                return .failure(Failure(message: "cannot read the image: \(error.reason)"))
            }
        case .stored(let entry):
            if let refusal = pipeline.settings.sizeRefusal(entry.bytes, of: "download") { return .failure(Failure(message: refusal)) }
            let cache = self.cache
            return .success(Source(hash: entry.body, load: {
                guard case .hit(let data) = cache.body(hash: entry.body) else {
                    return .failure(Failure(message: "the cached download is missing or damaged; it is fetched again next build"))
                }
                return .success(data)
            }))
        }
    }

    /// Makes (or finds in the cache) every variant of a source.
    /// - Parameters:
    ///   - input: The source.
    ///   - sourceHash: Its hash when already known (``sourceHash(_:)``): a local file is then read
    ///     only if it must be decoded.
    public func run(_ input: ImageInput, sourceHash known: String? = nil) -> ImageResult {
        var result = ImageResult()
        let source: Source
        switch self.source(input, known: known) {
        case .success(let found): source = found
        case .failure(let failure):
            result.failure = failure.message
            return result
        }
        let sourceHash = source.hash
        let infoKey = self.infoKey(sourceHash)
        result.cacheEntries.append(infoKey.relativePath)
        var entry: SourceEntry?
        let lookup = cache.lookup(infoKey) { bytes in
            entry = try? JSONDecoder().decode(SourceEntry.self, from: bytes)
            return entry == nil ? "unreadable metadata" : nil
        }
        if case .damaged(let why) = lookup { result.damaged.append("\(infoKey): \(why)") }
        var cached: Set<VariantID> = []
        if let entry {
            let wanted = self.wanted(entry)
            cached = self.cached(wanted, sourceHash: sourceHash, result: &result)
            if cached.count == wanted.count, let facts = entry.facts {
                result.reused = cached.count
                result.warning = entry.warning
                return finish(result, sourceHash: sourceHash, facts: facts, present: cached, skipped: entry.skipped ?? [:])
            }
        }
        switch source.load() {
        case .success(let data):
            return make(data, sourceHash: sourceHash, entry: entry, cached: cached, result: result)
        case .failure(let failure):
            result.failure = failure.message
            return result
        }
    }

    /// The variants a source with metadata `entry` is published in.
    private func wanted(_ entry: SourceEntry) -> [VariantID] {
        ids(VariantPlan(sourceWidth: entry.info.width, sourceHeight: entry.info.height, widths: pipeline.settings.widths))
            .filter { !leavesOut($0.format, entry.skipped ?? [:]) }
    }

    /// The variants of `wanted` the cache holds (each checked by its format's encoder, unless
    /// ``verified`` trusts it); damaged ones are noted.
    private func cached(_ wanted: [VariantID], sourceHash: String, result: inout ImageResult) -> Set<VariantID> {
        var cached: Set<VariantID> = []
        for id in wanted {
            let key = variantKey(sourceHash, id)
            switch cache.presence(key, verify: pipeline.codecs.encoder(for: id.format).verify, verified: verified) {
            case .good: cached.insert(id)
            case .missing: break
            case .damaged(let why): result.damaged.append("\(key): \(why)")
            }
        }
        return cached
    }

    /// Decodes the source once and makes the variants the cache lacks, storing them and the metadata.
    private func make(_ data: Data, sourceHash: String, entry: SourceEntry?, cached: Set<VariantID>, result partial: ImageResult) -> ImageResult {
        var result = partial
        let output: ImagePipeline.Output
        do {
            output = try pipeline.process(data, only: entry.map { Set(wanted($0)).subtracting(cached) })
        } catch {
            result.failure = error.message
            return result
        }
        result.decoded = true
        result.reused = cached.count
        var skipped = entry?.skipped ?? [:]
        for (format, reason) in output.skipped { skipped[format.rawValue] = reason }
        let skipNotes = pipeline.settings.formats.compactMap { format in
            skipped[format.rawValue].map { "published without \(format.rawValue): \($0)" }
        }
        let notes = [output.warning.map { "damaged JPEG data (\($0)); shown as far as it could be decoded" }, output.colorWarning,
                     output.note].compactMap { $0 } + skipNotes
        result.warning = notes.isEmpty ? entry?.warning : notes.joined(separator: "; ")
        var present = cached
        // What an earlier decode found stays (its colour, its preview); what it lacked comes from this one.
        var facts = output.facts
        if let entry {
            facts.averageColor = entry.averageColor
            if let preview = entry.preview { facts.preview = preview.isEmpty ? nil : preview }
        }
        do {
            for variant in output.variants {
                let id = VariantID(variant.format, variant.size.width)
                let key = variantKey(sourceHash, id)
                try cache.store(variant.data, for: key)
                // Written from the encoder's bytes just now: as good as verified.
                if let verified, let stamp = fileSystem.stamp(at: cache.path(for: key)) { verified.verified(key.relativePath, stamp: stamp) }
                present.insert(id)
                result.encoded += 1
            }
            if entry == nil || (entry?.skipped ?? [:]) != skipped || entry?.preview == nil {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let stored = SourceEntry(info: entry?.info ?? output.info, facts: facts, warning: result.warning,
                                         skipped: skipped.isEmpty ? nil : skipped)
                try cache.store(try encoder.encode(stored), for: infoKey(sourceHash))
            }
        } catch {
            result.failure = "cannot write the image cache: \(error)"
            return result
        }
        return finish(result, sourceHash: sourceHash, facts: facts, present: present, skipped: skipped)
    }

    /// A source's hash: the download's, or a local file's bytes hashed; nil when the file is
    /// unreadable or larger than `maxSourceBytes` (``run(_:sourceHash:)`` reports why).
    /// - Parameter input: The source.
    public func sourceHash(_ input: ImageInput) -> String? {
        switch input {
        case .stored(let entry): return entry.body
        case .file(let path):
            guard let size = try? fileSystem.fileSize(at: path), size <= pipeline.settings.maxSourceBytes,
                  let data = try? fileSystem.readFile(at: path) else { return nil }
            return ContentHash.sha256Hex(data)
        }
    }

    /// Why a source cannot be read (nil when it can): what a push or a pull reports for a source it cannot hash.
    /// - Parameter input: The source.
    public func readFailure(_ input: ImageInput) -> String? {
        if case .failure(let failure) = source(input, known: nil) { return failure.message }
        return nil
    }

    /// Whether an image is published without `format`: the encoder could not hold it (never the fallback:
    /// that one is tried again, and fails the image if it must).
    public func leavesOut(_ format: OutputFormat, _ skipped: [String: String]) -> Bool {
        format != pipeline.settings.formats.last && skipped[format.rawValue] != nil
    }

    /// Every variant of a plan: each width in each format.
    public func ids(_ plan: VariantPlan) -> [VariantID] {
        plan.sizes.flatMap { size in pipeline.settings.formats.map { VariantID($0, size.width) } }
    }

    public var backgroundHex: String { pipeline.settings.backgroundHex }

    /// Part of every key when the site is wide-gamut (sRGB sites keep the keys they had).
    public var colorSpaceSpec: String { pipeline.settings.colorSpace == .srgb ? "" : "|color=\(pipeline.settings.colorSpace.rawValue)" }

    /// The image libraries' versions, in every source and variant key (see ``ImageLibraries/fingerprint``).
    public var librariesSpec: String { "|libraries=\(ImageLibraries.fingerprint)" }

    /// The cache key of a variant: everything its bytes depend on.
    public func variantKey(_ sourceHash: String, _ id: VariantID) -> CacheKey {
        let encoder = pipeline.codecs.encoder(for: id.format)
        let encoding = encoder.cacheKeyText(settings: pipeline.settings)
        return CacheKey.variant(sourceHash: sourceHash, width: id.width, encoding: encoding + colorSpaceSpec + librariesSpec, fileExtension: encoder.fileExtension,
                                pipelineVersion: ImagePipeline.version)
    }

    /// Describes what was made: every variant of each format the image is published in.
    private func finish(_ partial: ImageResult, sourceHash: String, facts: ImageFacts, present: Set<VariantID>,
                        skipped: [String: String]) -> ImageResult {
        var result = partial
        let sizes = VariantPlan(sourceWidth: facts.width, sourceHeight: facts.height, widths: pipeline.settings.widths).sizes
        var formats: [MadeImage.Format] = []
        for format in pipeline.settings.formats where !leavesOut(format, skipped) {
            var variants: [MadeImage.Variant] = []
            for size in sizes {
                let id = VariantID(format, size.width)
                guard present.contains(id) else {
                    result.failure = "variant \(size.width) px (\(format.rawValue)) is missing"
                    return result
                }
                let key = variantKey(sourceHash, id)
                result.cacheEntries.append(key.relativePath)
                variants.append(MadeImage.Variant(width: size.width, height: size.height, keyHash: key.hash, entry: cache.path(for: key)))
            }
            let encoder = pipeline.codecs.encoder(for: format)
            formats.append(MadeImage.Format(format: format, fileExtension: encoder.fileExtension, mimeType: encoder.mimeType, variants: variants))
        }
        guard !formats.isEmpty else {
            result.failure = "no output format"
            return result
        }
        result.image = MadeImage(formats: formats, facts: facts)
        return result
    }
}
