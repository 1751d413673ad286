import GalgenCore

/// What galgen needs to know about a video file to show it: how long it runs, how big it looks, what it
/// is encoded with, and whether a `<video>` element can play the file as it is.
public struct VideoInfo: Sendable, Hashable {
    /// Running time in seconds (0 when the file does not say).
    public var duration: Double
    /// Width in pixels as displayed: the sample aspect ratio and the rotation (a phone held upright) applied.
    public var width: Int
    /// Height in pixels as displayed.
    public var height: Int
    /// FFmpeg's name for the video codec: `h264`, `hevc`, `vp8`, `vp9`, `av1`, `mpeg4`, `mjpeg`, `prores`, …
    public var videoCodec: String
    /// FFmpeg's name for the first audio stream's codec (`aac`, `mp3`, `opus`, `vorbis`, `pcm_s16le`, …), or nil.
    public var audioCodec: String?
    /// FFmpeg's demuxer names for the container: `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`.
    public var container: String
    /// Whether browsers can play the file as it is: H.264, HEVC, VP8, VP9 or AV1 video in an MP4/MOV/M4V or
    /// WebM container, with no audio or AAC, MP3, Opus or Vorbis audio. (HEVC plays where the system has a
    /// decoder: Safari, and Chrome and Edge on most machines, not Firefox.)
    public var playsInBrowsers: Bool
    /// The type for a `<source type>` or a server's `Content-Type`: `video/mp4` for the MP4 family (a playable
    /// `.mov` included, which browsers take as MP4), `video/webm` for WebM, `video/quicktime` for a `.mov` whose
    /// codecs browsers do not play.
    public var mimeType: String

    /// Creates a description with every field given.
    /// - Parameters:
    ///   - duration: Seconds.
    ///   - width: Displayed width.
    ///   - height: Displayed height.
    ///   - videoCodec: FFmpeg's video codec name.
    ///   - audioCodec: FFmpeg's audio codec name, or nil.
    ///   - container: FFmpeg's demuxer names.
    ///   - playsInBrowsers: Whether browsers play the file as it is.
    ///   - mimeType: The file's media type.
    public init(duration: Double, width: Int, height: Int, videoCodec: String, audioCodec: String?, container: String,
                playsInBrowsers: Bool, mimeType: String) {
        self.duration = duration
        self.width = width
        self.height = height
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.container = container
        self.playsInBrowsers = playsInBrowsers
        self.mimeType = mimeType
    }

    /// Creates a description, working out ``playsInBrowsers`` and ``mimeType`` from the codecs, the container
    /// and the file's extension.
    /// - Parameters:
    ///   - duration: Seconds.
    ///   - width: Displayed width.
    ///   - height: Displayed height.
    ///   - videoCodec: FFmpeg's video codec name.
    ///   - audioCodec: FFmpeg's audio codec name, or nil.
    ///   - container: FFmpeg's demuxer names.
    ///   - fileExtension: The file's extension, any case, without the dot (`mov`, `MP4`).
    public init(duration: Double, width: Int, height: Int, videoCodec: String, audioCodec: String?, container: String,
                fileExtension: String) {
        let family = ContainerFamily(demuxer: container)
        let plays = family != .other && Self.browserVideoCodecs.contains(videoCodec)
            && (audioCodec.map { Self.browserAudioCodecs.contains($0) } ?? true)
        self.init(duration: duration, width: width, height: height, videoCodec: videoCodec, audioCodec: audioCodec,
                  container: container, playsInBrowsers: plays,
                  mimeType: Self.mimeType(family: family, fileExtension: fileExtension.lowercased(), plays: plays))
    }

    /// Video codecs browsers decode (FFmpeg's names).
    static let browserVideoCodecs: Set<String> = ["h264", "hevc", "vp8", "vp9", "av1"]
    /// Audio codecs browsers decode in these containers (FFmpeg's names).
    static let browserAudioCodecs: Set<String> = ["aac", "mp3", "opus", "vorbis"]

    /// The containers galgen tells apart, by FFmpeg's demuxer name.
    enum ContainerFamily {
        /// QuickTime and ISO base media: `.mp4`, `.m4v`, `.mov` (one demuxer reads them all).
        case mp4
        /// Matroska, of which WebM is a subset (one demuxer reads both).
        case webm
        /// Anything else (an AVI or MPEG-TS file named `.mp4`, say).
        case other

        init(demuxer: String) {
            let names = Set(demuxer.split(separator: ","))
            if names.contains("mov") || names.contains("mp4") { self = .mp4 } else if names.contains("webm") { self = .webm } else { self = .other }
        }
    }

    /// The media type of a file in `family` named with `fileExtension` (lowercase).
    static func mimeType(family: ContainerFamily, fileExtension: String, plays: Bool) -> String {
        let named = MediaFormat.named(byExtension: fileExtension).flatMap { $0.kind == .video ? $0 : nil }
        switch family {
        case .mp4: return named == .quickTime && !plays ? MediaFormat.quickTime.mimeType : MediaFormat.mp4.mimeType
        case .webm: return MediaFormat.webm.mimeType
        case .other: return (named ?? .mp4).mimeType
        }
    }
}

/// Why a video could not be read.
public enum VideoError: Error, Sendable, Equatable {
    /// FFmpeg's libraries are not installed (or not the version galgen was built for); the message says what failed.
    case unavailable(String)
    /// Not a video FFmpeg can open, or damaged before its streams could be read; FFmpeg's reason.
    case unreadable(String)
    /// A container without a video stream (audio only, or only a cover picture).
    case noVideoStream
    /// A video stream, but no frame to show: no decoder, damaged data, or the limits reached; the reason.
    case noFrame(String)
}
