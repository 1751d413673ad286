import GalgenCore

extension OutputStager {
    /// Puts the new site in place of the output folder and records what each folder holds.
    /// - Returns: A warning when the record could not be written (the next build is then a full one).
    /// - Throws: ``OutputError`` in phase ``OutputError/Phase/publish``.
    public func publish() throws(OutputError) -> String? {
        defer { removeDiscarded() }
        guard mode != .unchanged else {
            // The published site is what these inputs make: recorded, so the next build need not compute its keys.
            if let manifest = publishedManifest { writeInputsRecord(identity: manifest.identity, manifest: manifest.checksum) }
            if remember, let published, let identity = fileSystem.identity(at: output),
               let manifest = fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: identity)) {
                trees = OutputTrees(output: output, published: .init(identity: identity, manifest: manifest, files: published),
                                    spare: known?.spare)
            }
            return nil
        }
        precondition(mode != .undecided, "publish before prepare")
        do {
            if mode == .spare { try removeSpareGone() }
            let replaced = try swapIn()
            // The replaced site becomes the spare when its files are known (its record, written when
            // it was published, follows it); otherwise it goes.
            let stamps = self.stamps, entries = self.entries
            let files = entries.indices.filter { stamps[$0] != nil }.lazy.map { i in
                OutputManifest.Recorded(path: entries[i].path, file: OutputManifest.File(key: entries[i].key, stamp: stamps[i]!))
            }
            let made = try identity(output)
            var spare = try keepAsSpare(replaced)
            if let warning = record(files, made: made, spare: spare) {
                OutputManifest.prune(cache: cache, output: output, keeping: spare.map { [made, $0] } ?? [made], fileSystem: fileSystem)
                return warning
            }
            if spare == nil && makesSpare {
                // A full build: the spare is made now, so the first edit is as cheap as the ones after it.
                let site = Array(files)
                spare = makeSpare(site)
                if remember, let spare { rememberMadeSpare(spare, files: site) }
            }
            OutputManifest.prune(cache: cache, output: output, keeping: spare.map { [made, $0] } ?? [made], fileSystem: fileSystem)
            return nil
        } catch {
            throw OutputError(phase: .publish, cause: error)
        }
    }

    /// Removes the spare's files the new site does not have, then folders left empty: each folder that
    /// held one is looked at once, after the files, deepest first (looked at after every file, a folder
    /// of thousands of images, all replaced when the image settings change, was listed thousands of times).
    private func removeSpareGone() throws(FileSystemError) {
        let fs = fileSystem
        var folders: Set<String> = []
        for file in spareGone {
            try fs.remove(at: sparePath + "/" + file)
            var folder = Paths.directory(of: file)
            // A folder seen before has its parents in the set already.
            while folder != "." && !folder.isEmpty && folders.insert(folder).inserted { folder = Paths.directory(of: folder) }
        }
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count })   // a folder's parent is shorter
        where ((try? fs.listDirectory(at: sparePath + "/" + folder)) ?? [""]).isEmpty {
            try fs.remove(at: sparePath + "/" + folder)
        }
    }

    /// Puts the staging folder in place of the output folder.
    /// - Returns: Where the replaced site is now; nil when there was none.
    private func swapIn() throws(FileSystemError) -> String? {
        let fs = fileSystem
        let folder = staging
        if fs.kind(at: output) == nil {
            try fs.rename(folder, to: output)
            return nil
        }
        if try fs.exchange(folder, output) { return folder }
        // No atomic exchange here: two renames, with a short moment without the folder.
        let aside = asidePath()
        try fs.rename(output, to: aside)
        try fs.rename(folder, to: output)
        return aside
    }

    /// Makes the replaced site the spare when the published folder's record was usable; otherwise
    /// puts it aside to be removed.
    /// - Returns: The spare's identity, when it is kept.
    private func keepAsSpare(_ replaced: String?) throws(FileSystemError) -> FileIdentity? {
        guard let replaced else { return nil }
        if hadPublished {
            if replaced != sparePath { try fileSystem.rename(replaced, to: sparePath) }
            return try identity(sparePath)
        }
        let aside = asidePath()
        try fileSystem.rename(replaced, to: aside)
        discarded.append(aside)
        return nil
    }

    /// Writes the record of the published folder and, for a process that builds again, ``trees``.
    /// - Returns: A warning when the record could not be written.
    private func record(_ files: some Collection<OutputManifest.Recorded>, made: FileIdentity, spare: FileIdentity?) -> String? {
        let fs = fileSystem
        let manifestPath = OutputManifest.path(cache: cache, output: output, identity: made)
        do {
            try fs.createDirectory(at: cache + "/outputs")
            let encoded = OutputManifest.encode(version: GalgenVersion.current, identity: made, files: files)
            try fs.writeFileAtomically(encoded, to: manifestPath)
            // Its inputs are recorded only when it names every file this build made.
            if files.count == entries.count { writeInputsRecord(identity: made, manifest: OutputManifest.checksum(ofEncoded: encoded)) }
        } catch {
            return "cannot record this build's files (\(error)); the next build writes every file"
        }
        if remember, let manifest = fs.stamp(at: manifestPath) {
            // The replaced folder is the spare now, described by the published record this build checked.
            var spareTree: OutputTrees.Tree?
            if let spare, let published,
               let stamp = fs.stamp(at: OutputManifest.path(cache: cache, output: output, identity: spare)) {
                spareTree = .init(identity: spare, manifest: stamp, files: published)
            }
            trees = OutputTrees(output: output, published: .init(identity: made, manifest: manifest, files: Array(files)),
                                spare: spareTree)
        }
        return nil
    }

    /// Tells ``trees`` of the spare ``makeSpare(_:)`` made: the published folder's files.
    private func rememberMadeSpare(_ spare: FileIdentity, files: [OutputManifest.Recorded]) {
        guard var trees, let stamp = fileSystem.stamp(at: OutputManifest.path(cache: cache, output: output, identity: spare)) else { return }
        trees.spare = .init(identity: spare, manifest: stamp, files: files)
        self.trees = trees
    }
}
