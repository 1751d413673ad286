public import Foundation
public import GalgenConfig
import GalgenCore
public import GalgenFetch

/// A client of Bazel's HTTP cache protocol: bodies at `cas/<sha256>` (named by the SHA-256 of
/// their bytes, verified on every read) and small action entries at `ac/<sha256>`. It never
/// throws: a failed request is counted and described in the ``RemoteCacheLog`` and answers like
/// a miss. After the first connection failure or timeout the remote is considered down and no
/// further request is sent in this build.
public struct RemoteCache: Sendable {
    /// The base URL, ending in `/`.
    let base: String
    let token: String?
    /// Made on the first request; the build shuts it down when it is done.
    public let transport: any HTTPTransport
    let policy: FetchPolicy
    let pause: Pause
    let log: RemoteCacheLog
    /// Largest body read (the build's `maxResponseBytes`).
    let maxBytes: Int
    /// With rotation: the current period's bucket, where everything is written and read first,
    /// then the previous one's, read when the current one lacks an entry (what is found there is
    /// written to the current one). Empty: one flat store.
    var buckets: [String] = []

    /// The prefix of writes and first reads: `2026-11/`, or nothing.
    var current: String { buckets.first.map { $0 + "/" } ?? "" }
    /// The prefix of second reads, when rotating.
    var previous: String? { buckets.count > 1 ? buckets[1] + "/" : nil }

    /// A verified body, or nil (absent, failed, or not what its name says: then reported).
    /// - Parameter digest: The SHA-256 hex of the wanted bytes.
    func body(_ digest: String) async -> Data? {
        if let data = await body(digest, in: current) { return data }
        guard let previous, await !log.isDown, let data = await body(digest, in: previous) else { return nil }
        if await send("PUT", current + "cas/" + digest, body: data) != nil { await log.promote() }
        return data
    }

    /// A verified body from one bucket.
    private func body(_ digest: String, in bucket: String) async -> Data? {
        let path = bucket + "cas/" + digest
        guard let response = await send("GET", path), response.status == 200 else { return nil }
        guard ContentHash.sha256Hex(response.body) == digest else {
            await log.corrupt(digest, problem: "GET \(display(path)): body does not match its SHA-256 (corrupt or truncated, \(response.body.count) bytes); not used")
            return nil
        }
        return response.body
    }

    /// Whether the remote holds a body: true, false, or nil when it could not tell.
    /// - Parameter digest: The body's SHA-256 hex.
    func has(_ digest: String) async -> Bool? {
        guard let response = await send("HEAD", current + "cas/" + digest) else { return nil }
        return response.status == 200
    }

    /// Uploads a body; whether the remote accepted it.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - digest: Their SHA-256 hex.
    func put(_ data: Data, digest: String) async -> Bool {
        guard await send("PUT", current + "cas/" + digest, body: data) != nil else { return false }
        await log.uploaded()
        return true
    }

    /// Uploads the bodies the remote lacks (asking with `HEAD` first, except for those it served
    /// corrupt in this build), then the action entry, which therefore never names a missing body;
    /// whether all of it was accepted.
    /// - Parameters:
    ///   - bodies: Each body's SHA-256 hex and how to read its bytes (read only when they must be sent).
    ///   - entry: The action entry's bytes.
    ///   - key: The action key.
    func upload(_ bodies: [(digest: String, read: () -> Data?)], entry: Data, key: String) async -> Bool {
        for (digest, read) in bodies {
            if await !log.corrupted.contains(digest) {
                guard let present = await has(digest) else { return false }
                if present { continue }
            }
            guard let data = read(), ContentHash.sha256Hex(data) == digest else { return false }
            guard await put(data, digest: digest) else { return false }
        }
        return await putAction(entry, key: key)
    }

    /// An action entry's bytes in the current bucket, or nil (absent or failed).
    /// - Parameter key: The action key (SHA-256 hex).
    func action(_ key: String) async -> Data? {
        guard let response = await send("GET", current + "ac/" + key), response.status == 200 else { return nil }
        return response.body
    }

    /// An action entry's bytes, from the current bucket or else the previous one (`old`: then the
    /// caller writes what it used to the current bucket once it holds it).
    /// - Parameter key: The action key (SHA-256 hex).
    func lookup(_ key: String) async -> (data: Data, old: Bool)? {
        if let data = await action(key) { return (data, false) }
        guard let previous, await !log.isDown, let response = await send("GET", previous + "ac/" + key), response.status == 200 else { return nil }
        return (response.body, true)
    }

    /// Uploads an action entry; whether the remote accepted it.
    /// - Parameters:
    ///   - data: The entry.
    ///   - key: The action key.
    func putAction(_ data: Data, key: String) async -> Bool {
        await send("PUT", current + "ac/" + key, body: data) != nil
    }

    /// Notes that entries found in the previous bucket were written to the current one.
    func promoted() async { await log.promote() }

    /// The URL of a path, shortened for messages (`…/cas/0123456789ab…`).
    func display(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return base + path }
        return "\(base)\(path[..<slash])/\(path[path.index(after: slash)...].prefix(12))…"
    }

    /// Sends one request: a response with status 2xx, or 404 for `GET`/`HEAD`; nil after a failure,
    /// which is logged. 5xx and 429 are tried once more after the fetcher's first backoff.
    private func send(_ method: String, _ path: String, body: Data? = nil) async -> TransportResponse? {
        guard await !log.isDown else { return nil }
        var headers = [(name: "User-Agent", value: policy.userAgent)]
        if let token { headers.append((name: "Authorization", value: "Bearer " + token)) }
        if body != nil { headers.append((name: "Content-Type", value: "application/octet-stream")) }
        let request = TransportRequest(url: base + path, headers: headers, maxBytes: maxBytes, method: method, body: body)
        let attempts = min(policy.maxAttempts, 2)
        for attempt in 1...attempts {
            let response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch {
                switch error.code {
                case .connection, .idleTimeout, .totalTimeout:
                    await log.down("\(method) \(display(path)): \(error.message); the remote cache is not used for the rest of this build")
                default:
                    await log.failed("\(method) \(display(path)): \(error.message)")
                }
                return nil
            }
            switch response.status {
            case 200..<300: return response
            case 404 where method != "PUT": return response
            case 429 where attempt < attempts, 500..<600 where attempt < attempts:
                try? await pause.sleep(policy.backoffBase)
            default:
                await log.failed("\(method) \(display(path)): HTTP \(response.status)")
                return nil
            }
        }
        return nil
    }
}

/// What the remote cache did in one build: counts, the first distinct problems, and whether the
/// remote was given up on.
actor RemoteCacheLog {
    /// Problems kept for the report (the count covers all of them).
    static let keptProblems = 10

    private(set) var isDown = false
    private(set) var uploads = 0
    private(set) var promotions = 0
    private(set) var errors = 0
    private(set) var problems: [String] = []
    /// Bodies the remote served with wrong bytes: uploaded again without asking first.
    private(set) var corrupted: Set<String> = []

    /// Creates a log.
    /// - Parameter problems: Problems known before the first request (a token variable that is not set).
    init(problems: [String] = []) { self.problems = problems }

    func uploaded() { uploads += 1 }

    func promote() { promotions += 1 }

    func failed(_ problem: String) {
        errors += 1
        if problems.count < Self.keptProblems, !problems.contains(problem) { problems.append(problem) }
    }

    func down(_ problem: String) {
        guard !isDown else { return }
        isDown = true
        failed(problem)
    }

    func corrupt(_ digest: String, problem: String) {
        corrupted.insert(digest)
        failed(problem)
    }
}

extension RemoteCache {
    /// The client for a build, or nil when no remote cache is set or the build is `--offline`.
    /// - Parameters:
    ///   - config: The remote cache setting.
    ///   - policy: The build's fetch limits.
    ///   - maxBytes: Largest body read.
    ///   - makeTransport: Makes the HTTP transport (called at most once, on the first request).
    ///   - pause: Waits between retries.
    ///   - variable: Reads an environment variable (the token's).
    ///   - now: The time, seconds since 1970 (it names the buckets when rotating).
    public static func make(_ config: RemoteCacheConfig?, policy: FetchPolicy, maxBytes: Int,
                            makeTransport: @escaping @Sendable (FetchPolicy) -> any HTTPTransport, pause: Pause,
                            variable: (String) -> String?, now: Double = Date().timeIntervalSince1970) -> RemoteCache? {
        guard let config else { return nil }
        let token = config.tokenEnv.flatMap { variable($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let unset = config.tokenEnv.map { "the environment variable \($0) (cache.tokenEnv) is not set; requests are sent without a token" }
        let log = RemoteCacheLog(problems: token == nil ? unset.map { [$0] } ?? [] : [])
        let transport = LazyTransport(make: { makeTransport(policy) })
        var client = RemoteCache(base: config.url, token: token, transport: transport, policy: policy, pause: pause, log: log,
                                 maxBytes: maxBytes)
        if let rotate = config.rotate { client.buckets = buckets(rotate, at: now) }
        return client
    }

    /// The current and the previous bucket's names at a time (UTC): `2026-11`, `2026-10`, or
    /// ISO weeks `2026-W48`, `2026-W47`.
    /// - Parameters:
    ///   - rotation: The period.
    ///   - time: Seconds since 1970.
    public static func buckets(_ rotation: RemoteCacheConfig.Rotation, at time: Double) -> [String] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: time)
        func name(_ date: Date) -> String {
            switch rotation {
            case .month:
                let parts = calendar.dateComponents([.year, .month], from: date)
                return String(format: "%04d-%02d", parts.year ?? 1970, parts.month ?? 1)
            case .week:
                let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
                return String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 1970, parts.weekOfYear ?? 1)
            }
        }
        let step: Calendar.Component = rotation == .month ? .month : .weekOfYear
        let before = calendar.date(byAdding: step, value: -1, to: date) ?? date
        return [name(date), name(before)]
    }
}

extension RemoteCache {
    /// The report's counts.
    /// - Parameter sources: For each source the local cache lacked: whether the remote supplied it.
    public func counts(_ sources: [Bool]) async -> RemoteCacheCounts {
        var counts = RemoteCacheCounts(url: base)
        counts.remoteHits = sources.filter { $0 }.count
        counts.remoteMisses = sources.count - counts.remoteHits
        counts.uploaded = await log.uploads
        counts.promoted = await log.promotions
        counts.buckets = buckets.isEmpty ? nil : buckets
        counts.remoteErrors = await log.errors
        counts.problems = await log.problems
        return counts
    }
}
