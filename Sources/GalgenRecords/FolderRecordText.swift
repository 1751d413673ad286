import Foundation
import GalgenCore

/// The record galgen writes for one file of a folder source, as JSON, so that it goes through the same
/// mapping, cleaning and typed fields as every other record (the paths of `FolderQuery.fields`).
enum FolderRecordText {
    /// The record of `file`, and whether it has a date other than the file's time.
    static func object(_ file: FolderWalk.File, facts: MediaFacts, sidecar: SidecarText?, gps: Bool,
                       fileTime: Double?) -> (json: String, dated: Bool) {
        var members: [(String, String)] = []
        func text(_ key: String, _ value: String?) {
            guard let value, !value.trimmingWhitespace.isEmpty else { return }
            members.append((key, JSONText.string(value, htmlSafe: false)))
        }
        func number(_ key: String, _ value: Double?) {
            guard let value, value.isFinite else { return }
            members.append((key, JSONNumberText.make(value)))
        }
        let name = String(file.relativePath.split(separator: "/").last ?? "")
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        text("id", file.relativePath)
        text("title", sidecar?.title ?? facts.title ?? stem)
        text("image", file.kind == .video ? facts.poster : file.path)
        let hasDescription = !(sidecar?.description.trimmingWhitespace.isEmpty ?? true)
        text("caption", hasDescription ? nil : facts.caption)
        let taken = sidecar?.date ?? facts.taken
        text("taken", taken ?? fileTime.map { CivilDate.timestamp($0) })
        text("camera", facts.camera)
        text("lens", facts.lens)
        text("focalLength", facts.focalLength)
        text("aperture", facts.aperture)
        text("exposure", facts.exposure)
        number("iso", facts.iso.map(Double.init))
        if let w = facts.width, let h = facts.height, w > 0, h > 0 { text("size", "\(w) × \(h)") }
        number("duration", facts.duration)
        if !facts.keywords.isEmpty {
            members.append(("keywords", "[" + facts.keywords.map { JSONText.string($0, htmlSafe: false) }.joined(separator: ",") + "]"))
        }
        number("rating", facts.rating.flatMap { $0 >= 0 ? $0 : nil })
        text("creator", facts.creator)
        text("file", name)
        if gps, let lat = facts.latitude, let lon = facts.longitude, abs(lat) <= 90, abs(lon) <= 180 {
            text("location", location(lat, lon))
            let la = String(format: "%.5f", lat), lo = String(format: "%.5f", lon)
            text("map", "https://www.openstreetmap.org/?mlat=\(la)&mlon=\(lo)#map=15/\(la)/\(lo)")
        }
        var seen = Set(members.map(\.0))
        for pair in sidecar?.fields ?? [] where !seen.contains(pair.key) {
            seen.insert(pair.key)
            text(pair.key, pair.value)
        }
        return (JSONText.object(members), taken != nil)
    }

    /// `48.85840° N, 2.29450° E`.
    static func location(_ lat: Double, _ lon: Double) -> String {
        String(format: "%.5f° %@, %.5f° %@", abs(lat), lat < 0 ? "S" : "N", abs(lon), lon < 0 ? "W" : "E")
    }
}

/// JSON numbers written the way JSON readers round-trip them: integers without a fraction.
enum JSONNumberText {
    static func make(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension FolderRecordText {
    /// A sidecar's description, kept as written for the pages; nil when it has none.
    /// - Parameters:
    ///   - sidecar: The parsed sidecar.
    ///   - file: Its file (absolute path).
    ///   - allowHTML: The source's `"html"`.
    ///   - reader: Finds the images the description shows (the remote ones are fetched with the records' images).
    static func description(_ sidecar: SidecarText, file: String, allowHTML: Bool, reader: any MediaReading) -> MarkdownText? {
        guard !sidecar.description.trimmingWhitespace.isEmpty else { return nil }
        // Parsed for its images only when it may name one on another site (most descriptions do not); an
        // entity reference may spell one (`&#104;ttp://`).
        let lower = sidecar.description.lowercased()
        let remote = lower.contains("http") || lower.contains("&")
            ? reader.markdownImages(sidecar.description).filter(MarkdownText.isRemote) : []
        return MarkdownText(text: sidecar.description, file: file, firstLine: sidecar.descriptionLine, allowHTML: allowHTML,
                            remoteImages: remote)
    }
}
