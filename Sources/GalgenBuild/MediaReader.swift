import Foundation
import GalgenCore
import GalgenImaging
import GalgenMetadata
import GalgenRecords
import GalgenSidecars
import GalgenVideo

/// Reads photos (EXIF, XMP, IPTC), videos (FFmpeg), sidecars and Markdown (cmark) for folder sources:
/// the one place that joins those modules to the records' `MediaReading`.
struct MediaReader: MediaReading {
    /// Bump when the reading changes (fields added, rules changed): every file is read again once.
    var version: String { "3|libexif+libiptcdata+libxml2|ffmpeg-59" }

    /// A photo's EXIF, XMP and IPTC (GalgenMetadata) as the folder source's fields show them. GPS is
    /// kept here; only a source with `"gps": true` publishes it.
    func photo(_ bytes: Data) -> MediaFacts {
        let (m, warnings) = bytes.withUnsafeBytes { MetadataReader.read($0) }
        var facts = MediaFacts()
        facts.taken = m.dateTaken
        facts.camera = Self.camera(make: m.make, model: m.model)
        facts.lens = m.lens
        facts.focalLength = m.focalLength.map { Self.decimal($0) + " mm" }
        facts.aperture = m.aperture.map { "ƒ/" + Self.decimal($0) }
        facts.exposure = m.exposureText.map { $0 + " s" }
        facts.iso = m.iso
        facts.width = m.pixelWidth
        facts.height = m.pixelHeight
        facts.title = m.title
        facts.caption = m.caption
        facts.creator = m.creator
        facts.keywords = m.keywords
        facts.rating = m.rating
        facts.latitude = m.gps?.latitude
        facts.longitude = m.gps?.longitude
        // A GIF, HEIC or AVIF has no metadata this reader knows: not a problem of the photo.
        facts.problems = warnings.filter { !$0.hasPrefix("The file is not a JPEG") }.map(Self.sentence)
        return facts
    }

    /// `Canon EOS R5`, not `Canon Canon EOS R5`.
    static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased())
        else { return model }
        return make + " " + model
    }

    /// `2.8`, `50`, `4.5` (one decimal at most, none when whole).
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// A reader's sentence as galgen's messages are written: lowercase start, no full stop.
    static func sentence(_ text: String) -> String {
        var t = text.hasSuffix(".") ? String(text.dropLast()) : text
        if let first = t.first { t = first.lowercased() + t.dropFirst() }
        return "metadata: " + t
    }

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

    /// sigal's `Key: value` lines (or `---` front matter), then Markdown (GalgenSidecars).
    func sidecar(_ text: String) -> SidecarText {
        let parsed = Sidecar.parse(text)
        return SidecarText(title: parsed.title, date: parsed.date, thumbnail: parsed.thumbnail,
                           fields: parsed.fields.filter { Self.isFieldName($0.key) }.map { SidecarText.Pair(key: $0.key, value: $0.value) },
                           description: parsed.description, descriptionLine: parsed.descriptionLine)
    }

    /// A sidecar key that can be a field (`extra` names): letters, digits, `_`, starting with a letter.
    static func isFieldName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, (0x61...0x7A).contains(first.value) else { return false }
        return key.count <= 64 && key.unicodeScalars.allSatisfy { (0x61...0x7A).contains($0.value) || (0x30...0x39).contains($0.value) || $0 == "_" }
    }

    /// The images of a Markdown text, through cmark.
    func markdownImages(_ text: String) -> [String] { Markdown.references(text).filter { $0.kind == .image }.map(\.url) }
}
