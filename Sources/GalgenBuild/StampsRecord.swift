import Foundation
import GalgenCore
import GalgenImaging

/// The stamps of the files a published site was made from (``InputStamps``), kept beside that
/// folder's manifest in the cache (`outputs/…-<identity>.stamps`) with the digest of its inputs
/// (``SiteInputs``, which the folder's record of inputs names) and the report of the build that made
/// it. A build whose every stamp is as recorded read nothing new: it takes that report and the
/// published site as they are (`keys`: `proven unchanged by the stamps of the site's inputs`).
/// Text, one path a line, its last line a digest of the rest; written only by a build that read no
/// URL (a remote answer can change with no local stamp changing).
struct StampsRecord {
    /// The format: change when the layout changes.
    static let format = "galgen-input-stamps 1"
    /// The report's note for a no-op taken from the stamps.
    static let provenNote = "proven unchanged by the stamps of the site's inputs"

    /// The digest of the inputs the stamped files gave.
    var digest: OutputKey
    /// The config, output and cache paths the build ran with.
    var paths: String
    /// The stamps.
    var stamps: InputStamps
    /// The report of the build that recorded them.
    var report: BuildReport

    /// Galgen's version, the image libraries' and the pipeline's (both are in every image's key), and the
    /// stamp of the binary itself: its built-in theme and renderer make the pages, and a rebuilt galgen
    /// of the same version is another one (it proves its first no-op again, from the inputs' digest).
    static let versions: String = {
        var text = GalgenVersion.current + " " + ImageLibraries.fingerprint + " pipeline \(ImagePipeline.version)"
        if let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           let stamp = LocalFileSystem().stamp(at: binary) {
            text += " binary \(stamp.inode):\(stamp.size):\(stamp.modified)"
        }
        return text
    }()

    /// The paths a build ran with, as the record keeps them.
    static func paths(_ state: BuildState) -> String {
        [state.options.configPath, state.outputDirectory, state.cacheDirectory].joined(separator: "\u{1F}")
    }

    /// What is not an input: the output folder and its siblings (`.public.staging-…`, the spare, the
    /// lock), and the cache.
    static func skip(_ state: BuildState) -> InputStamps.Skip {
        let output = state.outputDirectory
        let parent = (output as NSString).deletingLastPathComponent
        return InputStamps.Skip(folders: [output, state.cacheDirectory], prefixes: [parent + "/." + (output as NSString).lastPathComponent + "."])
    }

    /// The record's text.
    func encode() throws -> Data {
        var text = "\(Self.format)\nversions \(Self.versions)\ndigest \(digest)\npaths \(paths)\n"
        text += "report " + String(decoding: try JSONEncoder().encode(report), as: UTF8.self) + "\n"
        text += stamps.lines.map { $0 + "\n" }.joined()
        return Data((text + "end " + ContentHash.sha256Hex(text) + "\n").utf8)
    }

    /// Reads a record; nil when it is damaged, of another format or version, or of other paths. Read as
    /// bytes, not characters: at 2,000 photos the record has as many lines, and a no-op reads it first.
    static func decode(_ data: Data, paths expected: String, skip: InputStamps.Skip) -> StampsRecord? {
        let bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n")
        guard bytes.last == newline, let end = bytes.dropLast().lastIndex(of: newline) else { return nil }
        let body = bytes[...end]
        guard bytes[(end + 1)...].elementsEqual(("end " + ContentHash.sha256Hex(body) + "\n").utf8) else { return nil }
        let lines = body.dropLast().split(separator: newline, omittingEmptySubsequences: false)
        guard lines.count >= 5 else { return nil }
        let head = lines[..<5].map { String(decoding: $0, as: UTF8.self) }
        guard head[0] == format, head[1] == "versions " + versions, head[3] == "paths " + expected,
              head[2].hasPrefix("digest "), let digest = OutputKey(hex: head[2].dropFirst("digest ".count)),
              head[4].hasPrefix("report "),
              let report = try? JSONDecoder().decode(BuildReport.self, from: Data(lines[4].dropFirst("report ".utf8.count))),
              let stamps = InputStamps(lines: lines.dropFirst(5), skip: skip) else { return nil }
        return StampsRecord(digest: digest, paths: expected, stamps: stamps, report: report)
    }
}
