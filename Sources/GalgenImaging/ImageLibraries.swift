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
