/// What a quick look at a host says before (or between) real requests: can a connection be opened?
/// A host whose name does not resolve, or whose port refuses, is not going to heal in the seconds
/// a retry waits, so the fetcher says so at once instead of retrying silently.
public enum Reachability: Sendable, Hashable {
    /// A connection opened.
    case reachable
    /// The name does not resolve, the port refuses, or there is no route; the reason says which.
    case unreachable(String)
    /// No answer in time (a slow resolver or server): requests go ahead and are retried as usual.
    case unknown
}

/// Something worth telling the person waiting while the fetcher waits for the network.
public enum FetchNotice: Sendable, Hashable {
    /// The host looks unreachable: said once per host, at the first failed look.
    case unreachable(host: String, reason: String, expecting: Expectation)
    /// The fetcher waits before attempt `attempt` of `of` to this host.
    case waiting(host: String, attempt: Int, of: Int, next: Duration, expecting: Expectation)

    /// The line shown, e.g. `records: waiting for randomuser.me (attempt 2 of 4, next in 1 s)`.
    public var line: String {
        switch self {
        case .unreachable(_, let reason, let expecting):
            "\(Self.step(expecting)): \(reason): the network looks unreachable; galgen build --offline builds from the cache (when it holds what the site needs)"
        case .waiting(let host, let attempt, let of, let next, let expecting):
            "\(Self.step(expecting)): waiting for \(host) (attempt \(attempt) of \(of), next in \(Self.seconds(next)))"
        }
    }

    private static func step(_ expecting: Expectation) -> String { expecting == .json ? "records" : "images" }

    private static func seconds(_ duration: Duration) -> String {
        let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return ms >= 1000 && ms % 1000 == 0 ? "\(ms / 1000) s" : ms >= 1000 ? String(format: "%.1f s", Double(ms) / 1000) : "\(ms) ms"
    }
}

/// Looks at each host once per build (concurrent requests to one host share the look), and while it
/// looks unreachable, looks again after each backoff wait, telling how long it waits; the verdict is
/// kept, so the thousandth image of a host that is down fails at once.
actor HostWatch {
    private var verdicts: [String: Task<Reachability, Never>] = [:]

    /// The verdict for `key`, running `look` the first time it is asked.
    func verdict(_ key: String, look: @escaping @Sendable () async -> Reachability) async -> Reachability {
        if let running = verdicts[key] { return await running.value }
        let task = Task { await look() }
        verdicts[key] = task
        return await task.value
    }
}
