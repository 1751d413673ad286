import Foundation
import GalgenCore
import GalgenImaging
import GalgenRecords
import GalgenVideo

/// Reads photos, videos, sidecars and Markdown for folder sources. (Interim: metadata and videos land with their modules.)
struct MediaReader: MediaReading {
    func photo(_ bytes: Data) -> MediaFacts { MediaFacts() }

    /// A video's facts, with its poster frame written as a JPEG (named by its bytes' hash) into `posters`.
    func video(at path: String, posters: String) -> MediaFacts {
        var facts = MediaFacts()
        let probed: (info: VideoInfo, poster: PixelBuffer)
        do { probed = try VideoReader.probe(path: path) } catch {
            facts.problems.append(Self.message(error) + "; a placeholder is shown and the file is linked as it is")
            return facts
        }
        facts.duration = probed.info.duration
        facts.width = probed.info.width
        facts.height = probed.info.height
        facts.videoType = probed.info.mimeType
        facts.playable = probed.info.playsInBrowsers
        if !probed.info.playsInBrowsers {
            facts.problems.append("\(probed.info.videoCodec) in \(probed.info.mimeType) is not played by browsers; the page links to the file instead")
        }
        do {
            let jpeg = try JPEGCodec.encode(probed.poster, quality: 92)
            let file = posters + "/" + ContentHash.sha256Hex(jpeg) + ".jpg"
            let disk = LocalFileSystem()
            if disk.kind(at: file) == nil {
                try disk.createDirectory(at: posters)
                try disk.writeFileAtomically(jpeg, to: file)
            }
            facts.poster = file
        } catch {
            facts.problems.append("cannot keep the poster frame: \(error); a placeholder is shown")
        }
        return facts
    }

    private static func message(_ error: VideoError) -> String {
        switch error {
        case .unavailable(let why): "cannot read videos: \(why)"
        case .unreadable(let why): "not a readable video: \(why)"
        case .noVideoStream: "the file has no video stream"
        case .noFrame(let why): "no frame could be decoded: \(why)"
        }
    }

    func sidecar(_ text: String) -> SidecarText { SidecarText(description: text) }

    func markdown(_ text: String, allowHTML: Bool) -> String { "<p>" + text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") + "</p>" }
}
