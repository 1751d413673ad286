import GalgenCore

extension OutputStager {
    /// Makes the spare of a site just published without one (after a full build: the first one,
    /// `--clean`, a site whose record was lost), so that the next edit edits the spare instead of
    /// linking every unchanged file into a fresh folder.
    ///
    /// The spare is a copy of the published site made of hard links, built under a name of this
    /// process's (`.public.spare-<pid>`, removed by the next build when this one is killed), renamed
    /// to the spare's name, and only then recorded: its record is the published one with the
    /// spare's identity (a hard link shares the inode, the size and the time, so every stamp is
    /// the same). The published folder is only read, so a kill at any moment leaves it whole; a
    /// spare without its record is never trusted (the next edit puts it aside).
    /// - Parameters:
    ///   - files: The published folder's record, sorted by path.
    /// - Returns: The spare's identity, or nil when it could not be made (the next edit is then
    ///   slower, never wrong).
    func makeSpare(_ files: [OutputManifest.Recorded]) -> FileIdentity? {
        let fs = fileSystem
        let building = "\(prefix).spare-\(processID)"
        do {
            try fs.remove(at: building)
            try fs.createDirectory(at: building)
            try linkAll(files, into: building)
            if fs.kind(at: sparePath) != nil {
                let aside = asidePath()
                try fs.rename(sparePath, to: aside)
                discarded.append(aside)
            }
            try fs.rename(building, to: sparePath)
            let spare = try identity(sparePath)
            try fs.writeFileAtomically(OutputManifest.encode(version: GalgenVersion.current, identity: spare, files: files),
                                       to: OutputManifest.path(cache: cache, output: output, identity: spare))
            return spare
        } catch {
            try? fs.remove(at: building)
            return nil
        }
    }

    /// Hard-links every recorded file of the output folder into `folder`, folders made as they
    /// come, in chunks spread over the cores (a 100,000-item site has 100,000 item folders).
    private func linkAll(_ files: [OutputManifest.Recorded], into folder: String) throws(FileSystemError) {
        let fs = fileSystem, output = self.output
        let chunk = 2048
        let failures = Concurrently.map((files.count + chunk - 1) / chunk) { part -> FileSystemError? in
            var made = ""
            for recorded in files[(part * chunk)..<min(files.count, (part + 1) * chunk)] {
                let parent = Paths.directory(of: recorded.path)
                do throws(FileSystemError) {
                    if !parent.isEmpty && parent != "." && parent != made {
                        try fs.createDirectory(at: folder + "/" + parent)
                        made = parent
                    }
                    try fs.hardLink(output + "/" + recorded.path, to: folder + "/" + recorded.path)
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }
}
