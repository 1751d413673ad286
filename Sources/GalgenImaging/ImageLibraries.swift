import CAVIFShim
import CColorShim
import CGIFShim
import CHEIFShim
import CJPEGShim
import CPNGShim
import CTIFFShim
import CWebPShim
public import GalgenCore

/// The image libraries galgen decodes, encodes and colour-manages with, and their versions.
public enum ImageLibraries {
    /// What the cache keys of sources and variants name: another version of any of these libraries may
    /// make other pixels or bytes, so its entries are its own (a cache shared by machines whose libraries
    /// differ never mixes their outputs). 16 hex digits of SHA-256 over `name=version` pairs.
    public static let fingerprint = fingerprint(of: versions)

    /// The fingerprint of a list of library versions.
    /// - Parameter versions: The libraries and their versions.
    /// - Returns: 16 lowercase hex digits.
    public static func fingerprint(of versions: [LibraryVersion]) -> String {
        String(ContentHash.sha256Hex(versions.map { "\($0.name)=\($0.version)" }.joined(separator: ";")).prefix(16))
    }

    /// One entry per library, in pipeline order: decoders, then colour management, then encoders.
    public static var versions: [LibraryVersion] {
        [
            .read("libjpeg-turbo") { gg_jpeg_version($0, $1) },
            .read("libpng") { gg_png_version($0, $1) },
            .read("libwebp") { gg_webp_version($0, $1) },
            .read("giflib") { gg_gif_version($0, $1) },
            .read("libheif") { gg_heif_version($0, $1) },
            .read("libtiff") { gg_tiff_version($0, $1) },
            .read("lcms2") { gg_lcms_version($0, $1) },
            .read("libavif") { gg_avif_versions($0, $1) },
        ]
    }
}
