import Foundation
@testable import GalgenVideo
import GalgenTestSupport
import Testing

/// Files that are not videos, or damaged ones: each gives a ``VideoError`` quickly, never a crash or a hang.
@Suite(.enabled(if: VideoFixtures.ffmpeg != nil, "the ffmpeg command is not installed"))
struct VideoFailureTests {
    /// Probes `path` and checks it fails with a ``VideoError`` in well under the shim's own time limit.
    private func expectFailure(_ path: String, _ check: (VideoError) -> Bool = { _ in true }) {
        let start = ContinuousClock.now
        do {
            let (info, _) = try VideoReader.probe(path: path)
            Issue.record("expected an error, got \(info)")
        } catch {
            #expect(check(error), "\(error)")
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func truncatedEmptyRandomAndText() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try VideoFixtures.make("whole.mp4", in: folder, VideoFixtures.color() + VideoFixtures.h264)
        let whole = try folder.read("whole.mp4")
        try folder.write(whole.prefix(whole.count * 3 / 10), to: "truncated.mp4")
        try folder.write(Data(), to: "empty.mp4")
        var random = SeededRandom(seed: 32)
        try folder.write(Data((0..<50_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }), to: "random.mov")
        try folder.write("This is a text file, not a video.\n", to: "text.mp4")
        for name in ["truncated.mp4", "empty.mp4", "random.mov", "text.mp4"] {
            expectFailure(folder.path + "/" + name) { if case .unreadable(let m) = $0 { !m.isEmpty } else { false } }
        }
        expectFailure(folder.path + "/missing.webm")
    }

    /// With the index at the front (`+faststart`), the first 30 % still holds frames: either a poster from them or
    /// an error, but no crash and no hang.
    @Test func truncatedWithIndexFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try VideoFixtures.make("fast.mp4", in: folder, VideoFixtures.color() + VideoFixtures.h264 + ["-movflags", "+faststart"])
        let whole = try folder.read("fast.mp4")
        try folder.write(whole.prefix(whole.count * 3 / 10), to: "fast.mp4")
        let start = ContinuousClock.now
        do {
            let (_, poster) = try VideoReader.probe(path: path)
            #expect(VideoFixtures.near(VideoFixtures.mean(poster), VideoFixtures.blue))
        } catch {
            #expect(error != .noVideoStream)
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    /// The frames' data (the `mdat` box) scrambled, the index (`moov`) intact: the stream is described, but
    /// nothing decodes.
    @Test func scrambledFrames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try VideoFixtures.make("scrambled.mp4", in: folder, VideoFixtures.color() + VideoFixtures.h264)
        var bytes = [UInt8](try folder.read("scrambled.mp4"))
        var random = SeededRandom(seed: 7)
        var box = 0, scrambled = false
        while box + 8 <= bytes.count {
            let size = bytes[box..<box + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8 else { break }
            if bytes[box + 4..<box + 8].elementsEqual("mdat".utf8) {
                for i in box + 8..<min(box + size, bytes.count) { bytes[i] = UInt8(truncatingIfNeeded: random.next()) }
                scrambled = true
            }
            box += size
        }
        #expect(scrambled)
        try folder.write(Data(bytes), to: "scrambled.mp4")
        expectFailure(path) { if case .noFrame(let m) = $0 { !m.isEmpty } else { false } }
    }
}

/// FFmpeg's libraries missing: the message names what failed. (The process's own libraries load once, so this
/// tries a fresh load from an empty folder; the probe turns the same failure into ``VideoError/unavailable(_:)``.)
struct VideoUnavailableTests {
    @Test func emptyLibraryFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        guard case .unavailable(let message)? = VideoReader.loadFailure(libraryDirectory: folder.path) else {
            Issue.record("the libraries loaded from an empty folder")
            return
        }
        #expect(message.hasPrefix("video support needs FFmpeg's libraries (Debian: libavformat59 libavcodec59 libswscale6)"))
        #expect(message.contains("libavutil.so.57"))
        #expect(message.contains(folder.path))
    }

    @Test func statusesMapToErrors() {
        #expect(VideoReader.failure(-1, "m") == .unavailable("m"))
        #expect(VideoReader.failure(-2, "m") == .unreadable("m"))
        #expect(VideoReader.failure(-3, "m") == .noVideoStream)
        #expect(VideoReader.failure(-4, "m") == .noFrame("m"))
    }

    @Test(.enabled(if: VideoFixtures.ffmpeg != nil, "the ffmpeg command is not installed"))
    func loadsHere() {
        #expect(VideoReader.loadFailure(libraryDirectory: nil) == nil)
        #expect(VideoReader.isAvailable)
        #expect(VideoReader.unavailableReason == nil)
    }
}

/// Which files browsers play as they are, and their media types.
struct VideoInfoRuleTests {
    private func info(_ video: String, _ audio: String?, _ container: String, _ ext: String) -> VideoInfo {
        VideoInfo(duration: 1, width: 2, height: 2, videoCodec: video, audioCodec: audio, container: container, fileExtension: ext)
    }

    private let mp4 = "mov,mp4,m4a,3gp,3g2,mj2"

    @Test func rules() {
        let cases: [(VideoInfo, Bool, String)] = [
            (info("hevc", "aac", mp4, "MOV"), true, "video/mp4"),
            (info("h264", "mp3", mp4, "m4v"), true, "video/mp4"),
            (info("av1", "opus", mp4, "mp4"), true, "video/mp4"),
            (info("prores", "pcm_s24le", mp4, "mov"), false, "video/quicktime"),
            (info("mjpeg", nil, mp4, "mov"), false, "video/quicktime"),
            (info("mpeg4", nil, mp4, "mp4"), false, "video/mp4"),
            (info("vp8", "vorbis", "matroska,webm", "webm"), true, "video/webm"),
            (info("av1", nil, "matroska,webm", "webm"), true, "video/webm"),
            (info("h264", "ac3", "matroska,webm", "webm"), false, "video/webm"),
            (info("h264", nil, "avi", "mp4"), false, "video/mp4"),
            (info("h264", nil, "avi", "mov"), false, "video/quicktime"),
        ]
        for (i, plays, mime) in cases {
            #expect(i.playsInBrowsers == plays, "\(i)")
            #expect(i.mimeType == mime, "\(i)")
        }
    }

    @Test func extensions() {
        #expect(VideoReader.fileExtensions == ["mp4", "mov", "webm", "m4v"])
        #expect(VideoReader.fileExtension(of: "/a.b/Clip.MOV") == "MOV")
        #expect(VideoReader.fileExtension(of: "/a.b/clip") == "")
        #expect(VideoReader.fileExtension(of: "/a/.hidden") == "")
    }
}
