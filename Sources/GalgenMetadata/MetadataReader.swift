/// Reads photo metadata from the bytes of one image file: EXIF through libexif, IPTC-IIM through
/// libiptcdata, XMP through libxml2.
///
/// Containers: JPEG (APP1 EXIF and XMP, APP13 IPTC; only the segments before the first scan are looked
/// at), TIFF (the file is the EXIF structure, XMP in tag 700; its first 64 KiB, where cameras put their
/// tags, are read), PNG (`eXIf`, XMP in an uncompressed `iTXt`), WebP (`EXIF`, `XMP ` chunks).
/// HEIC and AVIF files return empty metadata without a warning (not read yet); other formats return empty
/// metadata and a warning.
///
/// Precedence: XMP wins over IPTC for title, caption, keywords and creator (the Metadata Working Group's
/// guidance); the date comes from EXIF (DateTimeOriginal, DateTimeDigitized, DateTime, in that order) and
/// only when EXIF has none from XMP.
public enum MetadataReader {
    /// The longest text kept, in characters; longer texts are cut.
    public static let maximumTextLength = 5_000

    /// Reads the metadata of one file.
    ///
    /// Never throws, never crashes on hostile bytes; problems come back as warnings (short English
    /// sentences), next to whatever could still be read.
    /// - Parameter bytes: The whole file, or at least its start (a JPEG's metadata precedes its image data).
    public static func read(_ bytes: UnsafeRawBufferPointer) -> (metadata: PhotoMetadata, warnings: [String]) {
        let blocks = MetadataBlocks.find(in: bytes)
        var warnings = blocks.warnings
        var metadata = PhotoMetadata()
        var tiffXMP: [UInt8]?
        if let exif = blocks.exif {
            let block = ExifBlock(exif)
            metadata = block.metadata
            warnings += block.warnings
            tiffXMP = blocks.isTIFF ? block.xmp : nil
        }
        var xmp: XMPPacket?
        if let packet = blocks.xmp {
            xmp = XMPPacket(packet)
        } else if let tiffXMP {
            xmp = tiffXMP.withUnsafeBytes { XMPPacket($0) }
        }
        warnings += xmp?.warnings ?? []
        let iptc = blocks.photoshop.map { IPTCBlock($0) }
        warnings += iptc?.warnings ?? []
        merge(xmp: xmp, iptc: iptc, into: &metadata)
        return (metadata, warnings)
    }

    /// Reads the metadata of one file; see ``read(_:)-(UnsafeRawBufferPointer)``.
    public static func read(_ bytes: [UInt8]) -> (metadata: PhotoMetadata, warnings: [String]) {
        bytes.withUnsafeBytes { read($0) }
    }

    /// XMP first, IPTC where XMP says nothing; XMP's date only when EXIF gave none.
    private static func merge(xmp: XMPPacket?, iptc: IPTCBlock?, into metadata: inout PhotoMetadata) {
        metadata.title = xmp?.title ?? iptc?.title
        metadata.caption = xmp?.caption ?? iptc?.caption
        let creators = xmp?.creators.isEmpty == false ? xmp?.creators : iptc?.bylines
        metadata.creator = creators.flatMap { $0.isEmpty ? nil : MetadataText.clean($0.joined(separator: ", ")) }
        let keywords = xmp?.keywords.isEmpty == false ? xmp?.keywords ?? [] : iptc?.keywords ?? []
        var seen = Set<String>()
        metadata.keywords = keywords.filter { seen.insert($0).inserted }
        metadata.rating = xmp?.rating
        if metadata.dateTaken == nil, let date = xmp?.date {
            metadata.dateTaken = date.value
            metadata.dateSource = date.source
        }
    }
}
