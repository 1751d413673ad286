import Foundation
import GalgenMetadata

/// libFuzzer entry point: photo metadata from arbitrary bytes — the container walk (JPEG segments,
/// TIFF, PNG chunks, WebP chunks), EXIF through libexif, IPTC through libiptcdata, XMP through
/// libxml2, and the merge. Texts must stay within the documented length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMetadata(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let (metadata, _) = MetadataReader.read(UnsafeRawBufferPointer(start: bytes, count: count))
    for text in [metadata.title, metadata.caption, metadata.creator].compactMap({ $0 })
    where text.count > MetadataReader.maximumTextLength {
        fatalError("a text of \(text.count) characters")
    }
    return 0
}
