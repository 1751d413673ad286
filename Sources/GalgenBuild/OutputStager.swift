import Foundation
import GalgenCore

/// Builds the site in a hidden sibling folder and swaps it in at the end, so the output folder is
/// always either the previous complete site or the new complete site, even if the build is killed.
struct OutputStager: Sendable {
    /// Marker file written into every output folder; a non-empty folder without it is never replaced.
    static let markerName = ".galgen-output"
    static let markerText = "This folder is written by `galgen build` and replaced as a whole on every build.\n"

    let output: String
    let staging: String
    private let fileSystem: any FileSystem
    private let processID: Int32

    private static func prefix(for output: String) -> String {
        Paths.directory(of: output) + "/." + (output as NSString).lastPathComponent
    }

    /// Checks the output folder may be replaced, removes leftovers of dead builds and creates a fresh staging folder.
    init(output: String, protecting protected: [String], environment: BuildEnvironment) throws(BuildError) {
        let fs = environment.fileSystem
        self.output = output
        self.fileSystem = fs
        self.processID = environment.processID
        let prefix = Self.prefix(for: output)
        self.staging = "\(prefix).staging-\(environment.processID)"

        for path in protected where path == output || path.hasPrefix(output + "/") {
            throw BuildError(step: "output", .failed("the output folder \(output) contains \(path); choose an output folder of its own (e.g. public)"))
        }
        switch fs.kind(at: output) {
        case nil: break
        case .directory:
            let entries = (try? fs.listDirectory(at: output)) ?? []
            if !entries.isEmpty && !entries.contains(Self.markerName) {
                throw BuildError(step: "output", .failed(
                    "\(output) is not empty and was not written by galgen (no \(Self.markerName)); galgen replaces its output folder as a whole, so it will not touch this one: choose another --output or empty it"))
            }
        default:
            throw BuildError(step: "output", .failed("\(output) exists and is not a folder"))
        }
        // Leftovers of builds that were killed.
        let parent = Paths.directory(of: output)
        let base = (prefix as NSString).lastPathComponent
        for name in (try? fs.listDirectory(at: parent)) ?? [] where name.hasPrefix(base + ".staging-") || name.hasPrefix(base + ".old-") {
            let pid = Int32(name.split(separator: "-").last ?? "") ?? 0
            if pid != environment.processID && !environment.isProcessAlive(pid) { try? fs.remove(at: parent + "/" + name) }
        }
        do {
            try fs.createDirectory(at: parent)
            try fs.remove(at: staging)
            try fs.createDirectory(at: staging)
            try fs.writeFileAtomically(Data(Self.markerText.utf8), to: staging + "/" + Self.markerName)
        } catch {
            throw BuildError(step: "output", .failed(error.description))
        }
    }

    /// Writes one file below the staging folder.
    func write(_ data: Data, to relative: String) throws(FileSystemError) {
        let path = staging + "/" + relative
        try fileSystem.createDirectory(at: Paths.directory(of: path))
        try fileSystem.writeFileAtomically(data, to: path)
    }

    /// Puts the staged site in place of the output folder.
    /// - Parameter deferRemoval: Leave the replaced site, renamed out of the way, for the caller to
    ///   remove later (the preview server reloads pages first); otherwise remove it now.
    /// - Returns: The path of the replaced site when its removal was deferred.
    @discardableResult
    func publish(deferRemoval: Bool = false) throws(BuildError) -> String? {
        do {
            if fileSystem.kind(at: output) == nil {
                try fileSystem.rename(staging, to: output)
                return nil
            }
            // The pid stays the last part of the name: leftovers of dead processes are removed by `init`.
            let old = "\(Self.prefix(for: output)).old-\(UInt32.random(in: 0...UInt32.max))-\(processID)"
            if try fileSystem.exchange(staging, output) {
                // `staging` now holds the previous site.
                guard deferRemoval else {
                    try fileSystem.remove(at: staging)
                    return nil
                }
                try fileSystem.rename(staging, to: old)
                return old
            }
            // No atomic exchange here: two renames, with a short moment without the folder.
            try fileSystem.rename(output, to: old)
            try fileSystem.rename(staging, to: output)
            guard deferRemoval else {
                try fileSystem.remove(at: old)
                return nil
            }
            return old
        } catch {
            throw BuildError(step: "publish", .failed(error.description))
        }
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        try? fileSystem.remove(at: staging)
    }
}
