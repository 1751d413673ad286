import Foundation
import GalgenImaging
@testable import GalgenVideo
import GalgenTestSupport
import Testing

/// Videos written by ffmpeg, read back through ``VideoReader``: each container and codec galgen meets,
/// audio, rotation, the poster's time and size limit.
@Suite(.enabled(if: VideoFixtures.ffmpeg != nil, "the ffmpeg command is not installed"))
struct VideoReaderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var arguments: [String]
        var codec: String
        var audio: String?
        var container: String
        var plays: Bool
        var mime: String
        var testDescription: String { file }
    }

    static let mp4Family = "mov,mp4,m4a,3gp,3g2,mj2"
    static let sine = ["-f", "lavfi", "-i", "sine=f=440:d=3"]

    static let cases: [Case] = [
        Case(file: "h264.mp4", arguments: VideoFixtures.color() + VideoFixtures.h264, codec: "h264", container: mp4Family, plays: true, mime: "video/mp4"),
        Case(file: "h264.mov", arguments: VideoFixtures.color() + VideoFixtures.h264, codec: "h264", container: mp4Family, plays: true, mime: "video/mp4"),
        Case(file: "h264.m4v", arguments: VideoFixtures.color() + VideoFixtures.h264, codec: "h264", container: mp4Family, plays: true, mime: "video/mp4"),
        Case(file: "vp9.webm", arguments: VideoFixtures.color() + ["-c:v", "libvpx-vp9", "-deadline", "realtime"], codec: "vp9",
             container: "matroska,webm", plays: true, mime: "video/webm"),
        Case(file: "aac.mp4", arguments: VideoFixtures.color() + sine + VideoFixtures.h264 + ["-c:a", "aac", "-shortest"], codec: "h264",
             audio: "aac", container: mp4Family, plays: true, mime: "video/mp4"),
        Case(file: "mpeg4.mov", arguments: VideoFixtures.color() + ["-c:v", "mpeg4", "-q:v", "2"], codec: "mpeg4", container: mp4Family,
             plays: false, mime: "video/quicktime"),
        // A camera's MOV: H.264 that browsers decode, but PCM sound that they do not.
        Case(file: "pcm.mov", arguments: VideoFixtures.color() + sine + VideoFixtures.h264 + ["-c:a", "pcm_s16le", "-shortest"],
             codec: "h264", audio: "pcm_s16le", container: mp4Family, plays: false, mime: "video/quicktime"),
    ]

    @Test(arguments: cases)
    func describesAndDecodes(_ c: Case) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try VideoFixtures.make(c.file, in: folder, c.arguments)
        let (info, poster) = try VideoReader.probe(path: path)
        #expect(abs(info.duration - 3) <= 0.1, "duration \(info.duration)")
        #expect(info.width == 320 && info.height == 240)
        #expect(info.videoCodec == c.codec)
        #expect(info.audioCodec == c.audio)
        #expect(info.container == c.container)
        #expect(info.playsInBrowsers == c.plays)
        #expect(info.mimeType == c.mime)
        #expect(poster.width == 320 && poster.height == 240 && poster.channels == 3)
        let mean = VideoFixtures.mean(poster)
        #expect(VideoFixtures.near(mean, VideoFixtures.blue), "poster colour \(mean)")
    }

    /// A phone's upright video: stored 320×240 with a display matrix. ffmpeg's own playback turns it so the
    /// stored top edge (red here) is on the left; the poster must look the same.
    @Test func appliesRotation() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let banded = ["-f", "lavfi", "-i", "color=c=0x3366cc:s=320x240:d=3,drawbox=x=0:y=0:w=320:h=60:color=0xff0000:t=fill"]
        let stored = try VideoFixtures.make("stored.mp4", in: folder, banded + VideoFixtures.h264)
        let path = try VideoFixtures.make("rotated.mp4", in: folder, ["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
        let (info, poster) = try VideoReader.probe(path: path)
        #expect(info.width == 240 && info.height == 320)
        #expect(poster.width == 240 && poster.height == 320)
        let left = VideoFixtures.mean(poster, x: 5, y: 100, w: 40, h: 120)
        let right = VideoFixtures.mean(poster, x: 150, y: 100, w: 80, h: 120)
        #expect(VideoFixtures.near(left, [255, 0, 0], 12), "left \(left)")
        #expect(VideoFixtures.near(right, VideoFixtures.blue), "right \(right)")
    }

    /// The poster is the frame at 1 s, or a third of the way through a shorter video: red before, blue after.
    @Test(arguments: [3.0, 0.9])
    func posterTime(seconds: Double) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let switchAt = min(1, seconds / 3) - 0.1
        let source = "color=c=0x3366cc:s=320x240:d=\(seconds),drawbox=x=0:y=0:w=iw:h=ih:color=0xff0000:t=fill:enable='lt(t,\(switchAt))'"
        let path = try VideoFixtures.make("timed.mp4", in: folder, ["-f", "lavfi", "-i", source] + VideoFixtures.h264)
        let (info, poster) = try VideoReader.probe(path: path)
        #expect(abs(info.duration - seconds) <= 0.1)
        let mean = VideoFixtures.mean(poster)
        #expect(VideoFixtures.near(mean, VideoFixtures.blue), "poster colour \(mean)")
    }

    /// A frame wider than 4096 pixels gives a poster scaled down to 4096, aspect kept; the info keeps the real size.
    @Test func limitsPosterSize() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try VideoFixtures.make("wide.mp4", in: folder, VideoFixtures.color(0.5, size: "5000x400") + VideoFixtures.h264)
        let (info, poster) = try VideoReader.probe(path: path)
        #expect(info.width == 5000 && info.height == 400)
        #expect(poster.width == 4096 && poster.height == 328)
        #expect(VideoFixtures.near(VideoFixtures.mean(poster), VideoFixtures.blue))
    }

    @Test func audioOnlyHasNoVideoStream() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try VideoFixtures.make("sound.mp4", in: folder, Self.sine + ["-c:a", "aac"])
        #expect(throws: VideoError.noVideoStream) { try VideoReader.probe(path: path) }
    }
}
