import Foundation

/// Paths of the galgen repository, found from this source file's location.
public enum Repository {
    /// The repository root.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Sources/GalgenTestSupport/Repository.swift
        return url.path
    }()

    /// The default templates folder.
    public static var templates: String { root + "/Templates" }
    /// The committed sample.
    public static var samples: String { root + "/Samples" }
}
