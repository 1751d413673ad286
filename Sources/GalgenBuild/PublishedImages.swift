import Foundation
import GalgenCore
import GalgenRendering
import GalgenSiteModel
import GalgenImageWork

/// One image file of the site: where it goes, the cache entry that holds its bytes, and its key.
struct PublishedImage: Sendable {
    var path: String
    var entry: String
    var key: OutputKey
}

/// Where the made images go on the site: the one place that names their files. The pages build
/// their `srcset`s from these paths (``ItemImage``), and the runtime reads the same paths from the
/// gallery data.
enum PublishedImages {
    /// A variant's path below the site: `img/` + the first 16 hex digits of its cache key + `-` +
    /// its width + the format's extension. The cache key names everything the bytes depend on, so
    /// a path never shows two different images.
    static func path(of variant: MadeImage.Variant, in format: MadeImage.Format) -> String {
        "img/\(variant.keyHash.prefix(16))-\(variant.width).\(format.fileExtension)"
    }

    /// The image as pages show it: the fallback format's variants in the `<img>`, the others as `<source>`s.
    static func item(_ made: MadeImage) -> ItemImage {
        func variants(_ format: MadeImage.Format) -> [ImageVariant] {
            format.variants.map { ImageVariant(path: path(of: $0, in: format), width: $0.width, height: $0.height) }
        }
        let fallback = made.formats[made.formats.count - 1]
        return ItemImage(variants: variants(fallback),
                         sources: made.formats.dropLast().map { ImageSource(type: $0.mimeType, variants: variants($0)) },
                         facts: made.facts)
    }

    /// Every file of the images, each once, sorted by path. A file's key is its cache key's hash.
    static func files(_ images: some Sequence<MadeImage>) -> [PublishedImage] {
        var written: [String: PublishedImage] = [:]
        for image in images {
            for format in image.formats {
                for variant in format.variants {
                    let path = path(of: variant, in: format)
                    written[path] = PublishedImage(path: path, entry: variant.entry, key: OutputKey(digesting: Data(variant.keyHash.utf8)))
                }
            }
        }
        return written.values.sorted { $0.path < $1.path }
    }
}
