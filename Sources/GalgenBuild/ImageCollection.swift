import GalgenCache
import GalgenCore
import GalgenRecords
import GalgenImageWork

/// Which records use each distinct image, as positions (a million records share a few hundred
/// images), in a stable order.
struct ImageUsers {
    /// Each distinct image, sorted.
    let references: [Record.ImageReference]
    /// The records of each image, as (source, record) positions.
    let users: [Record.ImageReference: [(set: Int32, record: Int32)]]
    /// Each image URL's fallback URL (the first record's that names one).
    let fallbacks: [String: String]

    /// - Parameters:
    ///   - sets: The records.
    ///   - descriptions: The images that descriptions show from other sites (no record uses them:
    ///     their problems are named by the description, with the pages).
    init(_ sets: [RecordSet], descriptions: [String] = []) {
        var users: [Record.ImageReference: [(set: Int32, record: Int32)]] = [:]
        var fallbacks: [String: String] = [:]
        for (s, set) in sets.enumerated() {
            for (r, record) in set.records.enumerated() {
                guard let image = record.image else { continue }
                users[image, default: []].append((Int32(s), Int32(r)))
                if case .url(let url) = image, let fallback = record.imageFallback, fallbacks[url] == nil { fallbacks[url] = fallback }
            }
        }
        for url in descriptions where users[.url(url)] == nil { users[.url(url)] = [] }
        self.users = users
        self.fallbacks = fallbacks
        references = users.keys.sorted { Self.sortKey($0) < Self.sortKey($1) }
    }

    /// The work of each image, in order.
    var works: [ImageQueue.Work] {
        references.map { reference in
            if case .url(let url) = reference { return .init(reference: reference, fallback: fallbacks[url]) }
            return .init(reference: reference, fallback: nil)
        }
    }

    static func sortKey(_ reference: Record.ImageReference) -> String {
        switch reference {
        case .file(let path): "file:" + path
        case .url(let url): url
        }
    }
}

/// The outcomes of the image work gathered for the pages and the report: the images made, the
/// counts, a diagnostic for each record whose image had a problem, and the cache entries used.
struct ImageCollection {
    let users: ImageUsers
    let records: [RecordSet]
    let baseDirectory: String
    private(set) var images: [Record.ImageReference: MadeImage] = [:]
    /// Why each image that no record uses (a description's) could not be made.
    private(set) var failures: [Record.ImageReference: String] = [:]
    /// The image files of the site, each once, sorted by path (made once, here; the pages step writes them).
    private(set) var files: [PublishedImage] = []
    private var used = Set<String>()

    init(users: ImageUsers, records: [RecordSet], baseDirectory: String) {
        self.users = users
        self.records = records
        self.baseDirectory = baseDirectory
    }

    /// Adds the outcomes of this build's images (not another shard's, not missing offline).
    mutating func add(_ outcomes: [ImageQueue.Outcome], into report: inout BuildReport) {
        for outcome in outcomes {
            let result = outcome.result
            report.images.decoded += result.decoded ? 1 : 0
            report.images.encoded += result.encoded
            report.images.reused += result.reused
            report.images.damaged += result.damaged.count
            used.formUnion(result.cacheEntries)
            used.formUnion(outcome.cacheEntries)
            for why in result.damaged {
                report.diagnostics.append(.cacheDamaged(why, then: "rebuilt"))
            }
            report.diagnostics += diagnostics(outcome)
            if let failure = result.failure {
                report.images.failed += 1
                if users.users[outcome.reference]?.isEmpty ?? true { failures[outcome.reference] = failure }
                continue
            }
            images[outcome.reference] = result.image
        }
        files = PublishedImages.files(images.values)
        report.images.published = files.count
    }

    /// Each user of an image with a problem, named (only then: naming a record costs).
    private func diagnostics(_ outcome: ImageQueue.Outcome) -> [Diagnostic] {
        let result = outcome.result
        guard result.failure != nil || result.warning != nil || outcome.fetchNote != nil else { return [] }
        let display: String
        switch outcome.reference {
        case .file(let path): display = Paths.relative(path, to: baseDirectory)
        case .url(let url): display = url
        }
        var found: [Diagnostic] = []
        for user in users.users[outcome.reference] ?? [] {
            let set = records[Int(user.set)]
            let subject = "\(set.source): record \(set.records[Int(user.record)].origin)"
            if let failure = result.failure {
                found.append(Diagnostic(.warning, code: "image.failed", subject: subject, message: "image \(display): \(failure); a placeholder is shown"))
            } else if let warning = result.warning {
                found.append(Diagnostic(.warning, code: "image.damaged", subject: subject, message: "image \(display): \(warning)"))
            }
            if result.failure == nil, let note = outcome.fetchNote {
                found.append(Diagnostic(.warning, code: "image.fetch", subject: subject, message: "image \(display): \(note)"))
            }
        }
        return found
    }

    /// Records which cache entries this build used, for `galgen cache prune`.
    func recordLedger(cache: DiskCache, used recordEntries: [String], state: inout BuildState) {
        let report = state.report
        let record = BuildRecord(time: state.environment.now(), hits: report.images.reused, misses: report.images.encoded,
                                 damaged: report.images.damaged, entries: used.union(recordEntries).sorted())
        do { try cache.record(record, processID: state.environment.processID) } catch {
            state.report.diagnostics.append(Diagnostic(.warning, code: "cache.record", subject: "cache",
                                                       message: "cannot record this build's cache use (\(error)); `galgen cache prune` may drop its entries"))
        }
    }
}

extension Diagnostic {
    /// A damaged cache entry that was replaced.
    /// - Parameters:
    ///   - why: The entry and what is wrong with it.
    ///   - then: What the build did instead (`rebuilt`, `fetched again`).
    static func cacheDamaged(_ why: String, then: String) -> Diagnostic {
        Diagnostic(.warning, code: "cache.damaged", subject: "cache", message: "damaged entry \(why); \(then)")
    }
}
