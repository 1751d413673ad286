/// One file format galgen knows: its name, how its bytes are recognised, its MIME types and file
/// extensions, and what galgen and browsers do with it. Every format list of galgen comes from
/// ``MediaFormat/all`` (a test fails on a list of extensions or signatures anywhere else): the
/// decoders' and the fetcher's sniffing, the folder walk, the remote cache's variant names and the
/// preview server's `Content-Type`s. A new image format is one row here and one codec in
/// GalgenImaging's `ImageCodecs.standard` (whose test checks that both agree).
public struct MediaFormat: Sendable, Hashable, CustomStringConvertible {
    /// Photo or video.
    public enum Kind: String, Sendable, Hashable {
        case image
        case video
    }

    /// One way a format's first bytes are recognised.
    public enum Signature: Sendable, Hashable {
        /// These bytes at this offset, all of them (a file shorter than the last one is not a match).
        case bytes([Part])
        /// An ISO base media file (`size`, `ftyp`, major brand, minor version, compatible brands) whose
        /// major brand, or else one of its compatible brands, is one of these (see ``MediaFormat/sniff(_:)``).
        case isoBrands(Set<String>)
    }

    /// A run of bytes at an offset.
    public struct Part: Sendable, Hashable {
        /// Where the run starts.
        public var offset: Int
        /// The bytes.
        public var bytes: [UInt8]

        /// Creates a run.
        /// - Parameters:
        ///   - offset: Where the run starts.
        ///   - bytes: The bytes.
        public init(_ offset: Int, _ bytes: [UInt8]) {
            self.offset = offset
            self.bytes = bytes
        }

        /// An ASCII run, e.g. `Part(8, "WEBP")`.
        /// - Parameters:
        ///   - offset: Where the run starts.
        ///   - text: ASCII characters.
        public init(_ offset: Int, _ text: String) {
            self.init(offset, Array(text.utf8))
        }
    }

    /// The name messages use, and the name a decoder gives the bytes it claims (`JPEG`, `WebP`, `HEIC`).
    public var name: String
    /// Photo or video.
    public var kind: Kind
    /// How its bytes are recognised, any one of them; empty for formats not told by their bytes here
    /// (SVG is text; videos are opened by FFmpeg).
    public var signatures: [Signature]
    /// MIME types, the one galgen says first (`Content-Type`, `<source type>`).
    public var mimeTypes: [String]
    /// File extensions (lowercase, no dot), the one galgen writes first.
    public var fileExtensions: [String]
    /// Whether galgen reads it: images through a decoder of `ImageCodecs`, videos through FFmpeg.
    public var decoded: Bool
    /// The output format galgen writes it as, when it encodes it (an encoder of `ImageCodecs`).
    public var encoded: OutputFormat?
    /// Whether browsers show it in `<img>` or `<video>` (Chromium, Firefox and Safari all do).
    public var browsersShow: Bool

    /// The MIME type galgen says.
    public var mimeType: String { mimeTypes[0] }
    /// The extension galgen writes.
    public var fileExtension: String { fileExtensions[0] }
    public var description: String { name }

    /// Whether ``sniff(_:)`` gives this format for `head`, a file's first bytes (so an AVIF whose
    /// compatible brands name `mif1` is not a HEIC).
    /// - Parameter head: The first bytes (64 are enough for every signature here).
    public func matches(_ head: some Collection<UInt8>) -> Bool {
        MediaFormat.sniff(head) == self
    }
}

extension MediaFormat {
    /// The format of `head`, a file's first bytes, or nil when no row's signature matches. An ISO base
    /// media file is judged by its major brand first, then by its compatible brands in table order.
    /// - Parameter head: The first bytes (64 are enough for every signature here).
    public static func sniff(_ head: some Collection<UInt8>) -> MediaFormat? {
        let b = Array(head.prefix(64))
        for format in all {
            for case .bytes(let parts) in format.signatures where parts.allSatisfy({ b.has($0) }) { return format }
        }
        guard let brands = isoBrands(b) else { return nil }
        for brand in brands {
            for format in all {
                for case .isoBrands(let names) in format.signatures where names.contains(brand) { return format }
            }
        }
        return nil
    }

    /// The formats of images that galgen decodes, in table order.
    public static var decodedImages: [MediaFormat] { all.filter { $0.kind == .image && $0.decoded } }

    /// The format a file extension names (any case, no dot), or nil.
    /// - Parameter fileExtension: E.g. `JPG`.
    public static func named(byExtension fileExtension: some StringProtocol) -> MediaFormat? {
        let lower = fileExtension.lowercased()
        return all.first { $0.fileExtensions.contains(lower) }
    }

    /// The extensions of the formats of a kind that galgen decodes: what a folder source reads.
    /// - Parameter kind: Photo or video.
    public static func decodedExtensions(_ kind: Kind) -> Set<String> {
        Set(all.filter { $0.kind == kind && $0.decoded }.flatMap(\.fileExtensions))
    }

    /// The major brand, then the compatible brands, of an ISO base media file's leading `ftyp` box.
    static func isoBrands(_ b: [UInt8]) -> [String]? {
        guard b.count >= 12, b.has(Part(4, "ftyp")) else { return nil }
        let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let end = min(b.count, max(16, size))
        var brands = [String(decoding: b[8..<12], as: UTF8.self)]
        for at in stride(from: 16, to: end - 3, by: 4) { brands.append(String(decoding: b[at..<(at + 4)], as: UTF8.self)) }
        return brands
    }
}

extension [UInt8] {
    fileprivate func has(_ part: MediaFormat.Part) -> Bool {
        count >= part.offset + part.bytes.count && self[part.offset..<(part.offset + part.bytes.count)].elementsEqual(part.bytes)
    }
}
