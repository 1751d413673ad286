import Foundation
import GalgenTestSupport

/// The `galgen` executable that `swift build` made, for tests that need a real process.
enum GalgenBinary {
    static let path = Repository.root + "/.build/debug/galgen"

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The tests' environment without `CI`: these tests take a person's path (a build under CI makes no spare).
    static var environment: [String: String] { ProcessInfo.processInfo.environment.filter { $0.key != "CI" } }

    /// Starts `galgen` with `arguments`, output discarded.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// A running `galgen` process started by ``GalgenBinary/launch(_:errors:)``.
struct RunningGalgen {
    let process: Process

    var isRunning: Bool { process.isRunning }

    /// Waits for it to end; its exit status (a signal's number when it was killed).
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension GalgenBinary {
    /// Starts `galgen` with `arguments`; standard error goes to the file `errors` (made anew) when given.
    static func launch(_ arguments: [String], errors: String? = nil) throws -> RunningGalgen {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        if let errors {
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return RunningGalgen(process: process)
    }
}
