import GalgenCore

extension OutputStager {
    /// Decides what each file needs and prepares the folder it goes to.
    /// - Parameter entries: Every file of the new site, sorted by path, no path twice.
    /// - Returns: The action for each entry, in order.
    /// - Throws: ``OutputError`` in phase ``OutputError/Phase/output``.
    public func prepare(_ entries: [OutputEntry]) throws(OutputError) -> [OutputAction] {
        self.entries = entries
        readPublished()
        let inPublished = published.map { Self.match(entries, $0) }
        if let inPublished, published != nil {
            // The published record's paths become the entries' own strings (one copy of a million
            // paths, not two; the spare's record then shares them too).
            for (i, j) in inPublished.indices.enumerated() where j >= 0 { published![Int(j)].path = entries[i].path }
        }
        let counted = Self.changes(entries, published, inPublished)
        self.changes = counted.all
        self.pageChanges = counted.pages
        if published != nil && changes.rendered == 0 && changes.removed == 0 {
            mode = .unchanged
            actions = Array(repeating: .keep, count: entries.count)
            prefetch = nil
            return actions
        }
        readSpare()
        stamps = StampSlots(count: entries.count)
        do {
            actions = try decide(entries, inPublished)
        } catch {
            throw OutputError(phase: .output, cause: error)
        }
        releaseRecords()
        return actions
    }

    /// What the new site changes against the published one, for all files and for pages.
    private static func changes(_ entries: [OutputEntry], _ published: [OutputManifest.Recorded]?,
                                _ inPublished: Match?) -> (all: OutputChanges, pages: OutputChanges) {
        var changes = OutputChanges(), pages = OutputChanges()
        for i in entries.indices {
            let unchanged = same(i, entries, published, inPublished) != nil
            if unchanged { changes.unchanged += 1 } else { changes.rendered += 1 }
            if entries[i].path.hasSuffix(".html") { if unchanged { pages.unchanged += 1 } else { pages.rendered += 1 } }
        }
        for j in inPublished?.gone ?? [] {
            changes.removed += 1
            if published?[j].path.hasSuffix(".html") == true { pages.removed += 1 }
        }
        return (changes, pages)
    }

    /// The recorded file at the entry's path when its key is the entry's.
    private static func same(_ i: Int, _ entries: [OutputEntry], _ recorded: [OutputManifest.Recorded]?,
                             _ match: Match?) -> OutputManifest.File? {
        guard let recorded, let at = match?.indices[i], at >= 0, recorded[Int(at)].file.key == entries[i].key else { return nil }
        return recorded[Int(at)].file
    }

    /// Reads the spare's record (and checks it against the disk), only when there is work to do.
    private func readSpare() {
        guard published != nil else { return }
        if let tree = current(known?.spare, folder: sparePath) {
            spare = tree.files
        } else {
            let read = prefetched(sparePath, spare: true)
                ?? Self.read(sparePath, cache: cache, output: output, fileSystem: fileSystem, sharing: published)
            spare = read.unusable == nil ? read.files : nil
        }
    }

    /// Chooses the folder to write (the spare when its record is known, else a fresh one), prepares
    /// it and decides each entry's action.
    private func decide(_ entries: [OutputEntry], _ inPublished: Match?) throws(FileSystemError) -> [OutputAction] {
        let fs = fileSystem
        if let spare, published != nil {
            // From here the spare is being edited: forget what it held, so a kill cannot make
            // the next build trust it.
            try fs.remove(at: OutputManifest.path(cache: cache, output: output, identity: try identity(sparePath)))
            mode = .spare
            let inSpare = Self.match(entries, spare)
            spareGone = inSpare.gone.map { spare[$0].path }
            return entries.indices.map { i in
                if let kept = Self.same(i, entries, spare, inSpare) {
                    stamps[i] = kept.stamp
                    return .keep
                }
                if let linked = Self.same(i, entries, published, inPublished) {
                    stamps[i] = linked.stamp
                    return .link
                }
                return .write
            }
        }
        if fs.kind(at: sparePath) != nil {
            let aside = asidePath()
            try fs.rename(sparePath, to: aside)
            discarded.append(aside)
        }
        try fs.remove(at: freshPath)
        try fs.createDirectory(at: freshPath)
        mode = .fresh
        return entries.indices.map { i in
            guard let linked = Self.same(i, entries, published, inPublished) else { return .write }
            stamps[i] = linked.stamp
            return .link
        }
    }

    /// Drops the folders' records once every action is decided: at a million files they are two
    /// arrays of 60 MB that the writing, the build's peak, does not need. A process that builds
    /// again keeps the published one (it describes the next spare).
    private func releaseRecords() {
        hadPublished = published != nil
        if !remember { published = nil }
        spare = nil
        prefetch = nil
    }

    /// The records of a folder's files that still describe them: a file someone changed, replaced
    /// or removed since galgen wrote it (its stamp differs) is unknown, so it is made again.
    static func unchanged(_ files: [OutputManifest.Recorded], in root: String,
                          fileSystem: any FileSystem) -> [OutputManifest.Recorded] {
        let chunk = 4096
        let changed = Concurrently.map((files.count + chunk - 1) / chunk) { part in
            let range = (part * chunk)..<min(files.count, (part + 1) * chunk)
            let found = fileSystem.stamps(under: root, range.map { files[$0].path })
            return zip(range, found).filter { files[$0].file.stamp != $1 }.map(\.0)
        }.joined()
        guard !changed.isEmpty else { return files }  // the common case: no copy
        let gone = Set(changed)
        return files.indices.filter { !gone.contains($0) }.map { files[$0] }
    }

    /// The spare's records that still describe its files, `stat`ing only those it does not share with the published
    /// folder. A spare file whose recorded stamp (inode, size, time) is that of the published file at its path, which
    /// `published` (the published records that just passed ``unchanged(_:in:fileSystem:)``) still holds, is the
    /// same inode under two names: the spare is made of hard links, and an unchanged file stays shared from one build
    /// to the next. That inode was just found as recorded, so the spare's name for it is too. A published file
    /// edited in place changes the shared inode, fails its own check, and so is not shared here: the spare's
    /// copy is `stat`ed, found changed and made again. What this trusts is that the spare's own folder entries are
    /// galgen's: a file replaced inside `.public.spare` by hand is not seen (docs/output.md).
    static func unchanged(_ files: [OutputManifest.Recorded], in root: String, sharingWith published: [OutputManifest.Recorded],
                          fileSystem: any FileSystem) -> [OutputManifest.Recorded] {
        var shared = [Bool](repeating: false, count: files.count), j = 0
        for i in files.indices {
            let path = files[i].path
            while j < published.count && published[j].path != path && published[j].path < path { j += 1 }
            shared[i] = j < published.count && published[j].path == path && published[j].file.stamp == files[i].file.stamp
        }
        let others = files.indices.filter { !shared[$0] }
        guard !others.isEmpty else { return files }
        let kept = Set(unchanged(others.map { files[$0] }, in: root, fileSystem: fileSystem).map(\.path))
        return files.indices.filter { shared[$0] || kept.contains(files[$0].path) }.map { files[$0] }
    }

    /// Where each entry's path is in a record (both sorted by path), and the record's paths that
    /// no entry has.
    struct Match {
        /// For each entry, the index of its path in the record, or -1.
        var indices: [Int32]
        /// Indices of the record's paths that are not entries, ascending.
        var gone: [Int]
    }

    static func match(_ entries: [OutputEntry], _ recorded: [OutputManifest.Recorded]) -> Match {
        var match = Match(indices: Array(repeating: -1, count: entries.count), gone: [])
        var i = 0, j = 0
        while i < entries.count && j < recorded.count {
            let a = entries[i].path, b = recorded[j].path
            if a == b {
                match.indices[i] = Int32(j)
                i += 1
                j += 1
            } else if a < b {
                i += 1
            } else {
                match.gone.append(j)
                j += 1
            }
        }
        match.gone += j..<recorded.count
        return match
    }
}
