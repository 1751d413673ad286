import Foundation
import GalgenTestSupport

/// Debian's `node` (CI installs `nodejs`), for the tests that need a JavaScript engine's word on trimmed modules.
enum NodeRunner {
    /// What one run of `node` gave.
    struct Result {
        var status: Int32
        /// Standard output and standard error, interleaved.
        var output: String
    }

    /// Runs `node` with these arguments.
    /// - Parameter arguments: The arguments after `node`.
    /// - Returns: The exit status and the output.
    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Writes `source` as an ES module (`.mjs`) in `directory` and runs it.
    /// - Parameters:
    ///   - source: The module's text.
    ///   - name: The file's name, ending in `.mjs`.
    ///   - directory: Where the file is written.
    ///   - check: Only parse it (`node --check`), do not run it.
    /// - Returns: The exit status and the output.
    static func module(_ source: [UInt8], named name: String, in directory: TemporaryDirectory, check: Bool = false) throws -> Result {
        try directory.write(Data(source), to: name)
        return try run((check ? ["--check"] : []) + [directory.path + "/" + name])
    }
}
