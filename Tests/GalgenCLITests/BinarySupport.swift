import Foundation
import GalgenTestSupport

/// The `galgen` executable that `swift build` made, for tests that need a real process.
enum GalgenBinary {
    static let path = Repository.root + "/.build/debug/galgen"

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Starts `galgen` with `arguments`, output discarded.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
