/// The table of formats: the one place galgen spells out signatures, MIME types and extensions.
extension MediaFormat {
    /// JPEG: the SOI marker alone, since a file with stray bytes before its next marker is still one
    /// that libjpeg decodes (with a warning); libjpeg judges the rest.
    public static let jpeg = MediaFormat(
        name: "JPEG", kind: .image, signatures: [.bytes([Part(0, [0xFF, 0xD8])])],
        mimeTypes: ["image/jpeg"], fileExtensions: ["jpg", "jpeg", "jpe"], decoded: true, encoded: .jpeg, browsersShow: true)
    /// PNG: the whole 8-byte signature.
    public static let png = MediaFormat(
        name: "PNG", kind: .image, signatures: [.bytes([Part(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])])],
        mimeTypes: ["image/png"], fileExtensions: ["png"], decoded: true, encoded: nil, browsersShow: true)
    /// WebP: a RIFF container of form type `WEBP`.
    public static let webp = MediaFormat(
        name: "WebP", kind: .image, signatures: [.bytes([Part(0, "RIFF"), Part(8, "WEBP")])],
        mimeTypes: ["image/webp"], fileExtensions: ["webp"], decoded: true, encoded: .webp, browsersShow: true)
    /// GIF, both versions.
    public static let gif = MediaFormat(
        name: "GIF", kind: .image, signatures: [.bytes([Part(0, "GIF87a")]), .bytes([Part(0, "GIF89a")])],
        mimeTypes: ["image/gif"], fileExtensions: ["gif"], decoded: true, encoded: nil, browsersShow: true)
    /// AVIF: an ISO base media file of brand `avif` (still) or `avis` (sequence).
    public static let avif = MediaFormat(
        name: "AVIF", kind: .image, signatures: [.isoBrands(["avif", "avis"])],
        mimeTypes: ["image/avif"], fileExtensions: ["avif"], decoded: true, encoded: .avif, browsersShow: true)
    /// HEIC and other HEIF images: the HEVC brands, and the structural `mif1`/`msf1` (read through libheif).
    public static let heic = MediaFormat(
        name: "HEIC", kind: .image, signatures: [.isoBrands(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"])],
        mimeTypes: ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"], fileExtensions: ["heic", "heif"],
        decoded: true, encoded: nil, browsersShow: false)
    /// TIFF, both byte orders, classic and BigTIFF.
    public static let tiff = MediaFormat(
        name: "TIFF", kind: .image,
        signatures: [.bytes([Part(0, [0x49, 0x49, 0x2A, 0x00])]), .bytes([Part(0, [0x4D, 0x4D, 0x00, 0x2A])]),
                     .bytes([Part(0, [0x49, 0x49, 0x2B, 0x00])]), .bytes([Part(0, [0x4D, 0x4D, 0x00, 0x2B])])],
        mimeTypes: ["image/tiff"], fileExtensions: ["tif", "tiff"], decoded: true, encoded: nil, browsersShow: false)
    /// BMP (named in refusals; not read): `BM`, the file size, then a reserved field of zeros.
    public static let bmp = MediaFormat(
        name: "BMP", kind: .image, signatures: [.bytes([Part(0, "BM"), Part(6, [0, 0])])],
        mimeTypes: ["image/bmp"], fileExtensions: ["bmp"], decoded: false, encoded: nil, browsersShow: true)
    /// SVG (served, not read): text, told apart by `ImageFormat.sniff`.
    public static let svg = MediaFormat(
        name: "SVG", kind: .image, signatures: [],
        mimeTypes: ["image/svg+xml"], fileExtensions: ["svg"], decoded: false, encoded: nil, browsersShow: true)
    /// Icons (served, not read).
    public static let ico = MediaFormat(
        name: "ICO", kind: .image, signatures: [],
        mimeTypes: ["image/x-icon"], fileExtensions: ["ico"], decoded: false, encoded: nil, browsersShow: true)
    /// MP4 video (FFmpeg opens it; its `ftyp` brands are not sniffed here).
    public static let mp4 = MediaFormat(
        name: "MP4", kind: .video, signatures: [],
        mimeTypes: ["video/mp4"], fileExtensions: ["mp4", "m4v"], decoded: true, encoded: nil, browsersShow: true)
    /// QuickTime video: browsers play the MP4-compatible ones, as `video/mp4`.
    public static let quickTime = MediaFormat(
        name: "QuickTime", kind: .video, signatures: [],
        mimeTypes: ["video/quicktime"], fileExtensions: ["mov"], decoded: true, encoded: nil, browsersShow: true)
    /// WebM video.
    public static let webm = MediaFormat(
        name: "WebM", kind: .video, signatures: [],
        mimeTypes: ["video/webm"], fileExtensions: ["webm"], decoded: true, encoded: nil, browsersShow: true)

    /// Every format, in the order signatures are tried.
    public static let all: [MediaFormat] = [jpeg, png, webp, gif, avif, heic, tiff, bmp, svg, ico, mp4, quickTime, webm]
}
