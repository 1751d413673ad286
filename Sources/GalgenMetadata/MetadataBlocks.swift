import GalgenCore

/// The metadata blocks of one file, found by walking its container (JPEG markers, PNG chunks, RIFF chunks)
/// without decoding anything. Each block is a view into the caller's bytes.
struct MetadataBlocks {
    /// An EXIF block: `Exif\0\0` then TIFF, or a bare TIFF structure.
    var exif: UnsafeRawBufferPointer?
    /// An XMP packet (RDF/XML).
    var xmp: UnsafeRawBufferPointer?
    /// A JPEG APP13 payload (`Photoshop 3.0\0` and its 8BIM resources, IPTC among them).
    var photoshop: UnsafeRawBufferPointer?
    /// Container problems, as warnings.
    var warnings: [String] = []
    /// The file is HEIF/AVIF, whose metadata is not read (yet).
    var isHEIF = false
    /// The file is a TIFF: the EXIF block is the whole file.
    var isTIFF = false

    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let exifSignature = Array("Exif\0\0".utf8)
    static let photoshopSignature = Array("Photoshop 3.0\0".utf8)
    static let xmpKeyword = Array("XML:com.adobe.xmp\0".utf8)

    /// Finds the blocks of `b`, whatever its format (told by its first bytes).
    static func find(in b: UnsafeRawBufferPointer) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        switch MediaFormat.sniff(b.prefix(64)) {
        case MediaFormat.jpeg?:
            blocks.walkJPEG(b)
        case MediaFormat.png?:
            blocks.walkPNG(b)
        case MediaFormat.webp?:
            blocks.walkWebP(b)
        case MediaFormat.tiff?:
            blocks.exif = b
            blocks.isTIFF = true
        case MediaFormat.avif?, MediaFormat.heic?:
            blocks.isHEIF = true
        default:
            blocks.warnings.append("The file is not a JPEG, TIFF, PNG or WebP image; no metadata was read.")
        }
        return blocks
    }

    /// JPEG: the APP1 (EXIF, XMP) and APP13 segments before the first scan (SOS), which starts the image data.
    private mutating func walkJPEG(_ b: UnsafeRawBufferPointer) {
        var at = 2
        while at + 4 <= b.count {
            guard b[at] == 0xFF else {
                warnings.append("The JPEG markers are damaged at byte \(at); metadata after it was not read.")
                return
            }
            let marker = b[at + 1]
            if marker == 0xFF { at += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return }  // SOS: image data follows; EOI
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // no length
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2 else {
                warnings.append("A JPEG segment at byte \(at) has an impossible length; metadata after it was not read.")
                return
            }
            let end = at + 2 + length
            let payload = UnsafeRawBufferPointer(rebasing: b[at + 4..<min(end, b.count)])
            if end > b.count { warnings.append("The file ends inside a JPEG segment; it was read as far as it goes.") }
            take(jpegSegment: marker, payload)
            at = end
        }
    }

    private mutating func take(jpegSegment marker: UInt8, _ payload: UnsafeRawBufferPointer) {
        if marker == 0xE1, exif == nil, payload.starts(with: Self.exifSignature) {
            exif = payload
        } else if marker == 0xE1, xmp == nil, payload.starts(with: Self.xmpSignature) {
            xmp = UnsafeRawBufferPointer(rebasing: payload[Self.xmpSignature.count...])
        } else if marker == 0xED, photoshop == nil, payload.starts(with: Self.photoshopSignature) {
            photoshop = payload
        }
    }

    /// PNG: `eXIf` and the `iTXt` chunk whose keyword is `XML:com.adobe.xmp` (anywhere: writers put them
    /// before or after the image data; skipping a chunk costs nothing).
    private mutating func walkPNG(_ b: UnsafeRawBufferPointer) {
        var at = 8
        while at + 12 <= b.count {
            let length = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
            let type = b[at + 4..<at + 8]
            let end = at + 12 + length
            let data = UnsafeRawBufferPointer(rebasing: b[at + 8..<min(at + 8 + length, b.count)])
            if type.elementsEqual("eXIf".utf8), exif == nil { exif = data }
            if type.elementsEqual("iTXt".utf8), xmp == nil, data.starts(with: Self.xmpKeyword) { takePNGText(data) }
            if type.elementsEqual("IEND".utf8) { return }
            if end > b.count {
                warnings.append("The file ends inside a PNG chunk; it was read as far as it goes.")
                return
            }
            at = end
        }
    }

    /// An iTXt chunk: keyword NUL, compression flag, method, language NUL, translated keyword NUL, text.
    private mutating func takePNGText(_ data: UnsafeRawBufferPointer) {
        var at = Self.xmpKeyword.count
        guard at + 2 <= data.count else { return }
        if data[at] != 0 {
            warnings.append("The PNG's XMP is compressed, which is not read.")
            return
        }
        at += 2
        for _ in 0..<2 {  // language tag, translated keyword
            guard let nul = data[at...].firstIndex(of: 0) else { return }
            at = nul + 1
        }
        xmp = UnsafeRawBufferPointer(rebasing: data[at...])
    }

    /// WebP (RIFF): the `EXIF` and `XMP ` chunks of the extended format.
    private mutating func walkWebP(_ b: UnsafeRawBufferPointer) {
        var at = 12
        while at + 8 <= b.count {
            let type = b[at..<at + 4]
            let length = Int(b[at + 4]) | Int(b[at + 5]) << 8 | Int(b[at + 6]) << 16 | Int(b[at + 7]) << 24
            let data = UnsafeRawBufferPointer(rebasing: b[at + 8..<min(at + 8 + length, b.count)])
            if type.elementsEqual("EXIF".utf8), exif == nil { exif = data }
            if type.elementsEqual("XMP ".utf8), xmp == nil { xmp = data }
            if at + 8 + length > b.count {
                warnings.append("The file ends inside a WebP chunk; it was read as far as it goes.")
                return
            }
            at += 8 + length + (length & 1)
        }
    }
}
