import CVideoShim
public import GalgenImaging
import GalgenCore

/// Reads video files with FFmpeg's libraries, which galgen loads when first needed rather than links: a
/// machine without them builds every site that has no videos, and ``isAvailable`` says whether this one has them.
///
/// FFmpeg reads the file itself, a bit at a time, so memory does not grow with the video's size. Work is
/// bounded: a probe reads at most 2000 packets looking for its poster frame and gives up after 30 seconds.
/// Set `GALGEN_FFMPEG_LIBDIR` to load the libraries from one folder only (read once per process).
public enum VideoReader {
    /// Whether FFmpeg's libraries are loaded (the first use loads them).
    public static var isAvailable: Bool { unavailableReason == nil }

    /// Why video support is missing, naming the library or function that failed; nil when it works.
    public static var unavailableReason: String? {
        var error = [CChar](repeating: 0, count: 512)
        return Int(galgen_video_available(&error, error.count)) == GALGEN_VIDEO_OK ? nil : message(error)
    }

    /// The extensions (lowercase, no dot) of the files galgen treats as videos.
    public static var fileExtensions: Set<String> { MediaFormat.decodedExtensions(.video) }

    /// Describes the video at `path` and decodes its poster frame: the first frame at or after one second
    /// in, or a third of the way through a shorter video.
    /// - Parameter path: The file on disk.
    /// - Returns: What the file holds, and the poster as RGB at the displayed size (upright, aspect ratio
    ///   applied), scaled down to at most 4096 pixels on its long side.
    /// - Throws: ``VideoError``: ``VideoError/unavailable(_:)`` without FFmpeg's libraries,
    ///   ``VideoError/unreadable(_:)`` for what FFmpeg cannot open, ``VideoError/noVideoStream`` and
    ///   ``VideoError/noFrame(_:)``.
    public static func probe(path: String) throws(VideoError) -> (info: VideoInfo, poster: PixelBuffer) {
        var raw = galgen_video_info()
        var error = [CChar](repeating: 0, count: 512)
        let status = Int(galgen_video_probe(path, &raw, &error, error.count))
        guard status == GALGEN_VIDEO_OK, let pixels = raw.poster else { throw failure(status, message(error)) }
        defer { galgen_video_free(&raw) }
        let poster = PixelBuffer(
            width: Int(raw.poster_width), height: Int(raw.poster_height), channels: 3,
            bytes: [UInt8](UnsafeBufferPointer(start: pixels, count: Int(raw.poster_width) * Int(raw.poster_height) * 3)))
        let audio = text(raw.audio_codec)
        let info = VideoInfo(
            duration: raw.duration, width: Int(raw.width), height: Int(raw.height), videoCodec: text(raw.video_codec),
            audioCodec: audio.isEmpty ? nil : audio, container: text(raw.container), fileExtension: fileExtension(of: path))
        return (info, poster)
    }

    /// Why FFmpeg's libraries could not be loaded from `libraryDirectory` (nil: the normal search), trying afresh
    /// without changing what this process has loaded; nil when they load. For tests of the missing-library path.
    static func loadFailure(libraryDirectory: String?) -> VideoError? {
        var error = [CChar](repeating: 0, count: 512)
        guard Int(galgen_video_try_load(libraryDirectory, &error, error.count)) != GALGEN_VIDEO_OK else { return nil }
        return .unavailable(message(error))
    }

    /// The error for a shim status.
    static func failure(_ status: Int, _ message: String) -> VideoError {
        switch status {
        case GALGEN_VIDEO_UNAVAILABLE: .unavailable(message)
        case GALGEN_VIDEO_NO_STREAM: .noVideoStream
        case GALGEN_VIDEO_NO_FRAME: .noFrame(message)
        case GALGEN_VIDEO_OK: .noFrame("no poster frame")
        default: .unreadable(message)
        }
    }

    /// The extension of the last component of `path`, without the dot ("" when there is none).
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    private static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A fixed-size C string field as a String.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
