public import Foundation
public import GalgenCache
public import GalgenCore
import GalgenFetch

/// What the remote cache needs to know of the image work: the local cache it fills, the entries it
/// reads for a source, and every setting those entries and their bytes depend on. The build's
/// image step conforms.
public protocol CachedImageWork: Sendable {
    /// The local cache the work is kept in.
    var cache: DiskCache { get }
    /// The files of that cache.
    var fileSystem: any FileSystem { get }
    /// The key of a source's metadata entry.
    /// - Parameter sourceHash: SHA-256 hex of the source bytes.
    func infoKey(_ sourceHash: String) -> CacheKey
    /// The cache paths read for a source whose metadata entry holds `info`: that entry and every
    /// variant it would publish; nil when `info` is not a metadata entry.
    /// - Parameters:
    ///   - sourceHash: SHA-256 hex of the source bytes.
    ///   - info: The metadata entry's bytes.
    func expectedEntries(_ sourceHash: String, info: Data) -> [String]?
    /// Every setting the keys and bytes depend on, as canonical text (part of the action key).
    var remoteSpec: String { get }
}

/// The remote cache applied to image work: one action per distinct source, whose entry maps
/// each local cache path of that source (its metadata and every variant) to the SHA-256 of its
/// bytes. Read-through before a source is processed (missing entries are downloaded, verified
/// and stored locally, so the step finds them and decodes nothing); write-behind after it was
/// processed (bodies first, the action entry last, so an entry never names a missing body).
public struct RemoteImageCache: Sendable {
    /// The version of the action entries; part of every action key.
    static let version = "galgen-remote-v1"
    /// Downloads of one source, and uploads of all, in flight at once.
    static let inFlight = 4

    let client: RemoteCache
    let step: any CachedImageWork
    public let uploads = UploadQueue(limit: RemoteImageCache.inFlight)

    /// Creates the image work's use of a remote cache.
    /// - Parameters:
    ///   - client: The remote cache.
    ///   - step: The image work: its local cache, keys and settings.
    public init(client: RemoteCache, step: any CachedImageWork) {
        self.client = client
        self.step = step
    }

    /// What the read-through did for one source.
    public struct Plan: Sendable {
        /// The source's hash.
        public internal(set) var sourceHash: String
        /// The source's action key.
        public internal(set) var action: String
        /// Whether the local cache lacked something, so the remote was asked (or would have been).
        public internal(set) var needed: Bool
        /// Whether everything missing came from the remote.
        public internal(set) var hit: Bool
        /// Whether it came from the previous bucket: the caller writes it to the current one
        /// (``upload(_:entries:then:)``) once the local cache holds it.
        public internal(set) var promote = false
    }

    private var cache: DiskCache { step.cache }
    private var fileSystem: any FileSystem { step.fileSystem }

    /// The action key of a source: its metadata path and every setting its variants depend on.
    /// - Parameter sourceHash: SHA-256 hex of the source bytes.
    func actionKey(_ sourceHash: String) -> String {
        ContentHash.sha256Hex("\(Self.version)\n\(step.infoKey(sourceHash).relativePath)\n\(step.remoteSpec)")
    }

    /// The plan of a source the remote was not asked about (its work is uploaded as new).
    /// - Parameter hash: The source's hash.
    public func plan(sourceHash hash: String) -> Plan {
        Plan(sourceHash: hash, action: actionKey(hash), needed: true, hit: false)
    }

    /// Fills the local cache from the remote for one source, when the local cache lacks something.
    /// - Parameter hash: The source's hash (``sourceHash(_:)``).
    /// - Returns: What happened.
    public func prefetch(sourceHash hash: String) async -> Plan {
        var plan = Plan(sourceHash: hash, action: actionKey(hash), needed: true, hit: false)
        let infoPath = step.infoKey(hash).relativePath
        let localInfo = read(infoPath)
        if let localInfo, let expected = step.expectedEntries(hash, info: localInfo), expected.allSatisfy(exists) {
            plan.needed = false
            return plan
        }
        guard let (data, old) = await client.lookup(plan.action) else { return plan }
        guard let entries = Self.entries(data) else {
            await client.log.failed("GET \(client.display("ac/" + plan.action)): not a galgen action entry; not used")
            return plan
        }
        guard let infoDigest = entries[infoPath] else {
            await client.log.failed("GET \(client.display("ac/" + plan.action)): does not name the source's metadata; not used")
            return plan
        }
        var info = localInfo
        if info == nil {
            guard let body = await client.body(infoDigest) else { return plan }
            info = body
        }
        guard let info, let expected = step.expectedEntries(hash, info: info), Set(expected) == Set(entries.keys) else {
            await client.log.failed("GET \(client.display("ac/" + plan.action)): names other cache entries than this build uses; not used")
            return plan
        }
        let missing = expected.filter { !exists($0) }
        let stored = await withTaskGroup(of: Bool.self) { group in
            var next = 0
            func launch() {
                let path = missing[next]
                next += 1
                group.addTask { await fetch(path, digest: entries[path]!, known: path == infoPath ? info : nil) }
            }
            while next < min(Self.inFlight, missing.count) { launch() }
            var all = true
            while let ok = await group.next() {
                all = all && ok
                if next < missing.count { launch() }
            }
            return all
        }
        plan.hit = stored
        plan.promote = stored && old
        return plan
    }

    /// Uploads the entries a processed source used or made, in the background (see ``finish()``).
    /// - Parameters:
    ///   - plan: The read-through's plan.
    ///   - entries: The cache paths of the source's work (each may be named more than once).
    ///   - then: Work that follows a complete upload (the entry of the URL the source came from).
    public func upload(_ plan: Plan, entries: [String], then: (@Sendable () async -> Void)? = nil) async {
        let paths = Array(Set(entries)).sorted()
        await uploads.add {
            if await send(paths, action: plan.action) { await then?() }
        }
    }

    /// Waits for every upload.
    public func finish() async { await uploads.drain() }

    /// Uploads the bodies at `paths` (those the remote lacks), then the action entry naming them;
    /// whether all of it was accepted.
    @discardableResult
    private func send(_ paths: [String], action: String) async -> Bool {
        guard let (entries, json) = actionEntry(paths) else { return false }
        let bodies = entries.sorted { $0.key < $1.key }.map { path, digest in (digest: digest, read: { read(path) }) }
        return await client.upload(bodies, entry: json, key: action)
    }

    /// The action entry of the local files at `paths`: each path's digest, and the entry's bytes.
    private func actionEntry(_ paths: [String]) -> (entries: [String: String], json: Data)? {
        var entries: [String: String] = [:]
        for path in paths {
            guard let data = read(path) else { return nil }
            entries[path] = ContentHash.sha256Hex(data)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(entries) else { return nil }
        return (entries, json)
    }

    /// What ``push(sourceHash:)`` did with one source.
    public enum PushOutcome: Sendable {
        /// Uploaded (bodies the remote lacked, then the action entry).
        case pushed
        /// The remote's action entry was already this one.
        case present
        /// The local cache lacks some of the source's work: nothing sent.
        case incomplete
        /// A request failed (logged).
        case failed
    }

    /// Uploads a source whose work the local cache holds in full, unless the remote has it already.
    /// - Parameter hash: The source's hash.
    public func push(sourceHash hash: String) async -> PushOutcome {
        let infoPath = step.infoKey(hash).relativePath
        guard let info = read(infoPath), let expected = step.expectedEntries(hash, info: info), expected.allSatisfy(exists),
              let (_, json) = actionEntry(expected) else { return .incomplete }
        let action = actionKey(hash)
        if let held = await client.action(action), held == json { return .present }
        if await client.log.isDown { return .failed }
        return await send(expected.sorted(), action: action) ? .pushed : .failed
    }

    /// Downloads, verifies and stores one entry (`known` when its bytes are already here).
    private func fetch(_ path: String, digest: String, known: Data?) async -> Bool {
        guard let key = Self.key(path) else { return false }
        var data = known
        if data == nil { data = await client.body(digest) }
        guard let data else { return false }
        do {
            try cache.store(data, for: key)
            return true
        } catch {
            await client.log.failed("cannot store \(path) in the local cache: \(error)")
            return false
        }
    }

    private func read(_ path: String) -> Data? {
        let absolute = cache.directory + "/" + path
        guard fileSystem.kind(at: absolute) != nil else { return nil }
        return try? fileSystem.readFile(at: absolute)
    }

    private func exists(_ path: String) -> Bool { fileSystem.kind(at: cache.directory + "/" + path) != nil }

    /// An action entry's map, when every path is one of galgen's cache paths and every digest a SHA-256.
    static func entries(_ data: Data) -> [String: String]? {
        guard data.count <= 1 << 20, let map = try? JSONDecoder().decode([String: String].self, from: data), !map.isEmpty else { return nil }
        for (path, digest) in map where key(path) == nil || !isHex(digest, count: 64) { return nil }
        return map
    }

    /// The key of a cache path `sources/ab/ab….json` or `variants/ab/ab….<ext>`, where `ext` is an output
    /// format's (``OutputFormat/fileExtension``, so every encoder's variants); nil for anything else.
    static func key(_ path: String) -> CacheKey? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        let name = parts[2].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard name.count == 2, isHex(name[0], count: 64), parts[1] == String(name[0].prefix(2)) else { return nil }
        let known = parts[0] == "sources" ? name[1] == "json" : parts[0] == "variants" && variantExtensions.contains(name[1])
        return known ? CacheKey(namespace: parts[0], hash: name[0], fileExtension: name[1]) : nil
    }

    /// The extensions of variant files: one per output format.
    static var variantExtensions: Set<String> { Set(OutputFormat.allCases.map(\.fileExtension)) }

    static func isHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// Background work with a bound on how much runs at once; ``drain()`` waits for all of it.
public actor UploadQueue {
    private let gate: KeyedGate
    private var tasks: [Task<Void, Never>] = []

    /// Creates a queue.
    /// - Parameter limit: Jobs running at once.
    init(limit: Int) { gate = KeyedGate(limit: limit) }

    /// Starts a job (it waits for a free slot).
    public func add(_ job: @escaping @Sendable () async -> Void) {
        let gate = self.gate
        tasks.append(Task {
            await gate.enter("upload")
            await job()
            await gate.leave("upload")
        })
    }

    /// Waits for every job added so far (and any added meanwhile).
    func drain() async {
        while !tasks.isEmpty {
            let running = tasks
            tasks = []
            for task in running { await task.value }
        }
    }
}
