/// Limits how many tasks hold one key at once (requests per host, image jobs on the CPU); the
/// others wait in arrival order.
public actor KeyedGate {
    private let limit: Int
    private var active: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Creates a gate.
    /// - Parameter limit: Holders per key at once.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a free slot of `host` and takes it.
    /// - Parameter host: The key.
    public func enter(_ host: String) async {
        if active[host, default: 0] < limit {
            active[host, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    /// Hands the slot to the next waiter, or frees it.
    /// - Parameter host: The key.
    public func leave(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        active[host, default: 1] -= 1
        if active[host] == 0 { active[host] = nil }
    }
}
