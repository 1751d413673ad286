import Foundation
public import GalgenCore
import GalgenTheme

/// `galgen theme eject`: writes the complete built-in theme (templates, `assets/`, the message tables `i18n/*.json`, and the
/// `README.md` that lists each template's keys) into a folder, for full customisation.
public struct ThemeEjector: Sendable {
    private let fileSystem: any FileSystem

    /// Creates an ejector.
    /// - Parameter fileSystem: Where files are written.
    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Writes the theme.
    /// - Parameters:
    ///   - directory: Absolute path of the folder (created if missing).
    ///   - force: Overwrite files that exist; otherwise any existing file stops the whole eject before anything is written.
    /// - Returns: The paths written, relative to `directory`, sorted.
    /// - Throws: ``ScaffoldError``.
    @discardableResult
    public func eject(to directory: String, force: Bool) throws(ScaffoldError) -> [String] {
        let files = BuiltinTheme.files.map { ScaffoldFile(path: $0.path, data: Data($0.bytes)) }
        try FileWriter(fileSystem: fileSystem).write(files, into: directory, force: force, what: "the theme")
        return files.map(\.path)
    }
}

/// One file a scaffold writes.
struct ScaffoldFile: Sendable {
    /// Path below the target folder.
    var path: String
    var data: Data
}

/// Writes a set of files, refusing to overwrite any of them unless told to.
struct FileWriter {
    let fileSystem: any FileSystem

    func write(_ files: [ScaffoldFile], into directory: String, force: Bool, what: String) throws(ScaffoldError) {
        if !force {
            let existing = files.map(\.path).filter { fileSystem.kind(at: directory + "/" + $0) != nil }
            if !existing.isEmpty {
                throw ScaffoldError(.wouldOverwrite, path: directory,
                                    message: "writing \(what) would overwrite \(existing.count) existing file\(existing.count == 1 ? "" : "s") ("
                                        + existing.prefix(5).joined(separator: ", ") + (existing.count > 5 ? ", …" : "")
                                        + "); nothing was written. Choose another folder, or pass --force to overwrite them")
            }
        }
        do {
            for file in files {
                let path = directory + "/" + file.path
                try fileSystem.createDirectory(at: Paths.directory(of: path))
                try fileSystem.writeFileAtomically(file.data, to: path)
            }
        } catch {
            throw ScaffoldError(.io, path: error.path, message: error.description)
        }
    }
}
