import Foundation
import GalgenCore
import GalgenRecords

/// Reads photos, videos, sidecars and Markdown for folder sources. (Interim: metadata and videos land with their modules.)
struct MediaReader: MediaReading {
    func photo(_ bytes: Data) -> MediaFacts { MediaFacts() }

    func video(at path: String, posters: String) -> MediaFacts {
        var facts = MediaFacts()
        facts.problems.append("videos are not read yet")
        return facts
    }

    func sidecar(_ text: String) -> SidecarText { SidecarText(description: text) }

    func markdown(_ text: String, allowHTML: Bool) -> String { "<p>" + text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") + "</p>" }
}
