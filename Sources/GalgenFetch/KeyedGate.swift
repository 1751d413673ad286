/// Limits how many tasks hold one key at once (requests per host, image jobs on the CPU); the
/// others wait in arrival order.
public actor KeyedGate {
    /// Waiters in arrival order: taken from the front by moving an index, so a gate with 20,000
    /// waiters does not copy or shift them on every hand-over (it did: quadratic in the waiters).
    private struct Queue {
        private var items: [CheckedContinuation<Void, Never>] = []
        private var head = 0

        var isEmpty: Bool { head >= items.count }

        mutating func push(_ waiter: CheckedContinuation<Void, Never>) { items.append(waiter) }

        mutating func pop() -> CheckedContinuation<Void, Never>? {
            guard head < items.count else { return nil }
            let next = items[head]
            head += 1
            // Drop the served prefix now and then, so the array does not grow without end.
            if head >= 1024 && head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
            return next
        }
    }

    private let limit: Int
    private var active: [String: Int] = [:]
    private var waiting: [String: Queue] = [:]

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
        await withCheckedContinuation { waiting[host, default: Queue()].push($0) }
    }

    /// Hands the slot to the next waiter, or frees it.
    /// - Parameter host: The key.
    public func leave(_ host: String) {
        // Mutated in place through the dictionary: the queue is never copied.
        if let next = waiting[host]?.pop() {
            if waiting[host]?.isEmpty == true { waiting[host] = nil }
            next.resume()
            return
        }
        active[host, default: 1] -= 1
        if active[host] == 0 { active[host] = nil }
    }
}
