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

    /// Galgen's version and the image libraries' (their versions are in every image's key).
    static var versions: String { GalgenVersion.current + " " + ImageLibraries.fingerprint }

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

    /// Reads a record; nil when it is damaged, of another format or version, or of other paths.
    static func decode(_ data: Data, paths expected: String, skip: InputStamps.Skip) -> StampsRecord? {
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasSuffix("\n"), let end = text.dropLast().lastIndex(of: "\n") else { return nil }
        let body = text[..<text.index(after: end)]
        guard text[text.index(after: end)...] == "end " + ContentHash.sha256Hex(String(body)) + "\n" else { return nil }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count >= 5, lines[0] == format, lines[1] == "versions " + versions, lines[3] == "paths " + expected,
              lines[2].hasPrefix("digest "), let digest = OutputKey(hex: lines[2].dropFirst("digest ".count)),
              lines[4].hasPrefix("report "),
              let report = try? JSONDecoder().decode(BuildReport.self, from: Data(lines[4].dropFirst("report ".count).utf8)),
              let stamps = InputStamps(lines: lines.dropFirst(5), skip: skip) else { return nil }
        return StampsRecord(digest: digest, paths: expected, stamps: stamps, report: report)
    }
}
