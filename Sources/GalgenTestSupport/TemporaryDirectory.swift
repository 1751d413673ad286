public import Foundation

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    /// Absolute path of the folder.
    public let path: String

    /// Creates a new, empty folder.
    /// - Parameter prefix: Start of the folder's name.
    public init(prefix: String = "galgen-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    /// Writes a file below the folder, creating parent folders.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - relative: Path below the folder.
    public func write(_ data: Data, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Writes text below the folder.
    /// - Parameters:
    ///   - text: The text (UTF-8).
    ///   - relative: Path below the folder.
    public func write(_ text: String, to relative: String) throws { try write(Data(text.utf8), to: relative) }

    /// Reads a file below the folder.
    /// - Parameter relative: Path below the folder.
    public func read(_ relative: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path + "/" + relative)) }

    /// Whether something exists below the folder.
    /// - Parameter relative: Path below the folder.
    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    /// Deletes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
