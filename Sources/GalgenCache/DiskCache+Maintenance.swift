import Foundation
public import GalgenCore

extension DiskCache {
    /// Namespaces that hold entries.
    static let namespaces = ["sources", "variants"]

    /// Records what a build used.
    /// - Parameters:
    ///   - record: The build's record.
    ///   - processID: With a random suffix, disambiguates builds that finish in the same millisecond.
    /// - Throws: ``FileSystemError``.
    public func record(_ record: BuildRecord, processID: Int32) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(record) } catch {
            throw FileSystemError(.ioError, operation: "encode build record", path: directory, reason: "\(error)")
        }
        try fileSystem.createDirectory(at: directory + "/builds")
        let name = String(format: "%015.0f-%d-%08x.json", record.time * 1000, processID, UInt32.random(in: 0...UInt32.max))
        try fileSystem.writeFileAtomically(data, to: directory + "/builds/" + name)
    }

    /// Build records, oldest first; unreadable ones are skipped.
    public func buildRecords() -> [(name: String, record: BuildRecord)] {
        let names = ((try? fileSystem.listDirectory(at: directory + "/builds")) ?? []).filter { $0.hasSuffix(".json") }
        return names.sorted().compactMap { name in
            guard let data = try? fileSystem.readFile(at: directory + "/builds/" + name),
                let record = try? JSONDecoder().decode(BuildRecord.self, from: data)
            else { return nil }
            return (name, record)
        }
    }

    private func entryFiles() -> [String] {
        Self.namespaces.flatMap { ns in
            ((try? fileSystem.listFilesRecursively(at: directory + "/" + ns)) ?? []).map { ns + "/" + $0 }
        }
    }

    /// Entries and bytes per namespace, and the last build's record.
    public func statistics() -> CacheStatistics {
        let files = entryFiles().filter { !Self.isTemporary($0) }
        let counts = Self.namespaces.map { ns -> NamespaceCount in
            let mine = files.filter { $0.hasPrefix(ns + "/") }
            return NamespaceCount(namespace: ns, count: mine.count,
                                  bytes: mine.reduce(0) { $0 + ((try? fileSystem.fileSize(at: directory + "/" + $1)) ?? 0) })
        }
        let records = buildRecords()
        return CacheStatistics(entries: counts, builds: records.count, lastBuild: records.last?.record)
    }

    /// Removes entries that no recent build used.
    ///
    /// An entry is kept when one of the newest `keepBuilds` build records lists it, and (when
    /// `maxAge` is given) that record is younger than `maxAge` seconds. Older build records are
    /// removed, and so are temporary files of killed builds that are more than an hour old.
    /// - Parameters:
    ///   - keepBuilds: How many recent builds protect their entries (at least 1).
    ///   - maxAge: Ignore build records older than this many seconds.
    ///   - now: The current time, seconds since 1970.
    public func prune(keepBuilds: Int, maxAge: Double?, now: Double) -> PruneResult {
        var result = PruneResult()
        let records = buildRecords()
        let recent = records.suffix(max(1, keepBuilds)).filter { maxAge == nil || now - $0.record.time <= maxAge! }
        let keep = Set(recent.flatMap(\.record.entries))
        for file in entryFiles() {
            let path = directory + "/" + file
            if Self.isTemporary(file) {
                if let modified = fileSystem.modificationTime(at: path), now - modified > 3600 {
                    try? fileSystem.remove(at: path)
                    result.removedRecords += 1
                }
                continue
            }
            if keep.contains(file) {
                result.keptEntries += 1
                continue
            }
            let size = (try? fileSystem.fileSize(at: path)) ?? 0
            if (try? fileSystem.remove(at: path)) != nil {
                result.removedEntries += 1
                result.removedBytes += size
            }
        }
        let kept = Set(recent.map(\.name))
        for (name, _) in records where !kept.contains(name) {
            try? fileSystem.remove(at: directory + "/builds/" + name)
            result.removedRecords += 1
        }
        return result
    }

    static func isTemporary(_ path: String) -> Bool {
        (path as NSString).lastPathComponent.hasPrefix(".") && path.contains(".tmp-")
    }
}
