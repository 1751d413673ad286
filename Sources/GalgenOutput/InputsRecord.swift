import Foundation
import GalgenCore

/// What a published folder was made from: a digest of the build's inputs (the caller's, e.g. the
/// config's bytes, the templates, the records, the images), and the checksum of the folder's
/// manifest whose keys those inputs give. Kept beside that manifest in the cache
/// (`outputs/…-<identity>.inputs`), written after it.
///
/// A later build whose inputs have the same digest has the same keys as that manifest (keys are
/// functions of the inputs), so when the manifest is still the folder's and its files are still as
/// recorded, nothing changed, and no key needs computing. A record that is missing, damaged (its
/// last line is a digest of the rest), of another galgen version or of another manifest (a kill
/// between the two writes, a folder edited since) proves nothing: the build computes every key.
struct InputsRecord: Sendable, Equatable {
    /// The format: change when the layout changes.
    static let format = "galgen-output-inputs 1"

    /// The galgen version that wrote it.
    var version: String
    /// The checksum of the manifest it goes with (``OutputManifest/checksum``).
    var manifest: String
    /// The digest of the inputs.
    var inputs: OutputKey
    /// Counts the caller reports about the site, kept for a build that proves nothing changed.
    var counts: [Int]

    /// Where the record of the folder whose manifest is at `manifest` is kept.
    static func path(manifest: String) -> String {
        String(manifest.dropLast(".manifest".count)) + ".inputs"
    }

    /// The record's text.
    func encode() -> Data {
        var text = "\(Self.format)\nversion \(version)\nmanifest \(manifest)\ninputs \(inputs)\ncounts \(counts.map { String($0) }.joined(separator: " "))\n"
        text += "end " + ContentHash.sha256Hex(text) + "\n"
        return Data(text.utf8)
    }

    /// Reads a record's text.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - version: The running galgen's version.
    static func decode(_ data: Data, version: String) throws(OutputManifest.Unusable) -> InputsRecord {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 7, lines[6].isEmpty else { throw .damaged("truncated") }
        let body = lines[0..<5].joined(separator: "\n") + "\n"
        guard lines[5] == "end " + ContentHash.sha256Hex(body) else { throw .damaged("its checksum does not match") }
        guard lines[0] == format else { throw .damaged("of another format") }
        func field(_ i: Int, _ name: String) throws(OutputManifest.Unusable) -> Substring {
            guard lines[i].hasPrefix(name + " ") else { throw .damaged("no \(name)") }
            return lines[i].dropFirst(name.count + 1)
        }
        let written = String(try field(1, "version"))
        guard written == version else { throw .otherVersion(written) }
        let manifest = String(try field(2, "manifest"))
        let hex = try field(3, "inputs")
        guard let inputs = OutputKey(hex: hex) else { throw .damaged("bad inputs") }
        var counts: [Int] = []
        for part in try field(4, "counts").split(separator: " ") {
            guard let n = Int(part) else { throw .damaged("bad counts") }
            counts.append(n)
        }
        return InputsRecord(version: written, manifest: manifest, inputs: inputs, counts: counts)
    }
}
