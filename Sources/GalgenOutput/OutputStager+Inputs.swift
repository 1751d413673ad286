import Foundation
public import GalgenCore

extension OutputStager {
    /// Whether the published site is already what a build with inputs of this digest makes: its
    /// record of inputs (``InputsRecord``) names this digest and the folder's manifest, and every file
    /// that manifest names is still as recorded. Then nothing is to be done (as ``prepare(_:)`` finding
    /// no key changed), and no key needs computing; otherwise ``keysNote`` says why the keys are computed.
    /// Call before ``prepare(_:)``, instead of it when this returns counts.
    /// - Parameter digest: The digest of this build's inputs.
    /// - Returns: The counts kept with the record (``recordInputs(_:counts:)``); nil when nothing is proven.
    public func provenUnchanged(by digest: OutputKey) -> [Int]? {
        readPublished()
        guard mode == .undecided else { return nil }
        guard fullReason == nil, let published else {
            keysNote = "computed: " + (fullReason ?? "no record of the published files")
            return nil
        }
        guard let manifest = publishedManifest else {
            keysNote = "computed: files of the published site changed since they were written"
            return nil
        }
        let path = InputsRecord.path(manifest: OutputManifest.path(cache: cache, output: output, identity: manifest.identity))
        let record: InputsRecord
        do {
            guard fileSystem.kind(at: path) != nil else { throw OutputManifest.Unusable.missing }
            record = try InputsRecord.decode(try fileSystem.readFile(at: path), version: GalgenVersion.current)
        } catch let error as OutputManifest.Unusable {
            switch error {
            case .missing: keysNote = "computed: no record of the site's inputs"
            case .damaged(let why): keysNote = "computed: the record of the site's inputs is damaged (\(why))"
            case .otherVersion(let v): keysNote = "computed: the record of the site's inputs is of galgen \(v)"
            }
            return nil
        } catch {
            keysNote = "computed: the record of the site's inputs is unreadable (\(error))"
            return nil
        }
        guard record.manifest == manifest.checksum else {
            keysNote = "computed: the record of the site's inputs is of another build of it"
            return nil
        }
        guard record.inputs == digest else {
            keysNote = "computed: the site's inputs changed"
            return nil
        }
        keysNote = "proven unchanged by the record of the site's inputs"
        proven = true
        mode = .unchanged
        changes = OutputChanges(rendered: 0, unchanged: published.count, removed: 0)
        pageChanges = OutputChanges(rendered: 0, unchanged: published.count { $0.path.hasSuffix(".html") }, removed: 0)
        if !remember { self.published = nil }
        return record.counts
    }

    /// Where a record kept with the manifest of the folder now at the output path goes: `suffix` is its
    /// extension (`stamps`); it is removed with that manifest. Nil when there is no output folder.
    /// - Parameter suffix: The record's extension.
    public func recordPath(_ suffix: String) -> String? {
        guard let identity = fileSystem.identity(at: output) else { return nil }
        return String(OutputManifest.path(cache: cache, output: output, identity: identity).dropLast("manifest".count)) + suffix
    }

    /// Keeps the digest of this build's inputs, to be recorded with the published folder's manifest
    /// when the build publishes (or finds nothing changed) and every file it made is recorded.
    /// - Parameters:
    ///   - digest: The digest of the inputs.
    ///   - counts: Counts to give back to a build that ``provenUnchanged(by:)`` with them.
    public func recordInputs(_ digest: OutputKey, counts: [Int]) {
        inputs = (digest, counts)
    }

    /// Writes the record of the inputs of the folder `identity`, whose manifest has `checksum`. A
    /// failure only means the next build computes its keys.
    func writeInputsRecord(identity: FileIdentity, manifest checksum: String) {
        guard let inputs, !proven else { return }
        let path = InputsRecord.path(manifest: OutputManifest.path(cache: cache, output: output, identity: identity))
        let record = InputsRecord(version: GalgenVersion.current, manifest: checksum, inputs: inputs.digest, counts: inputs.counts)
        try? fileSystem.writeFileAtomically(record.encode(), to: path)
    }
}
