import Foundation

/// Paths of the galgen repository, found from this source file's location.
public enum Repository {
    /// The repository root.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Sources/GalgenTestSupport/Repository.swift
        return url.path
    }()

    /// The built-in theme's files as they are in the repository (compiled into galgen by SwiftPM).
    public static var templates: String { root + "/Sources/GalgenTheme/Theme" }
    /// The committed sample.
    public static var samples: String { root + "/Samples" }

    /// The sample as a site that is published somewhere: a new folder holding the repository's
    /// `config.json` with `baseURL` added, beside a copy of `Samples/` (the theme is built in).
    /// - Parameter baseURL: The site's absolute URL, ending in `/`.
    /// - Returns: The folder; its `config.json` builds the sample.
    public static func publishedSample(baseURL: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "galgen-sample")
        let config = try String(contentsOfFile: root + "/config.json", encoding: .utf8)
        guard let brace = config.firstIndex(of: "{") else { throw CocoaError(.fileReadCorruptFile) }
        let text = config[...brace] + "\n  \"baseURL\": \"\(baseURL)\"," + config[config.index(after: brace)...]
        try directory.write(String(text), to: "config.json")
        try FileManager.default.copyItem(atPath: root + "/Samples", toPath: directory.path + "/Samples")
        return directory
    }
}
