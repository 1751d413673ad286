import Foundation
import GalgenTestSupport

// Writes the embedded sample into Samples/ (or the folder given as the first argument).
let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Samples"
do {
    var total = 0
    for file in try SampleGenerator.files() {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.data.write(to: url)
        total += file.data.count
    }
    print("wrote \(folder)/ (\(total) bytes)")
} catch {
    FileHandle.standardError.write(Data("galgen-samples: \(error)\n".utf8))
    exit(1)
}
