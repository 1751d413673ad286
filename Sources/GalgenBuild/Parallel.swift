/// Bounded parallel work: at most `jobs` tasks at once, results in input order.
enum Parallel {
    /// Runs `body` on every item; `completed` is called with an item's index as it finishes (one call at a time).
    static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, completed: (Int) -> Void = { _ in },
                                              _ body: @escaping @Sendable (T) -> R) async -> [R] {
        await map(items, jobs: jobs, completed: completed, awaiting: { body($0) })
    }

    /// Runs the asynchronous `body` on every item (network work); `completed` is called with an
    /// item's index as it finishes (one call at a time).
    static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, completed: (Int) -> Void = { _ in },
                                              awaiting body: @escaping @Sendable (T) async -> R) async -> [R] {
        await withTaskGroup(of: (Int, R).self) { group in
            var results = [R?](repeating: nil, count: items.count)
            var next = 0
            func launch() {
                let i = next
                next += 1
                group.addTask { (i, await body(items[i])) }
            }
            while next < min(max(jobs, 1), items.count) { launch() }
            while let (i, r) = await group.next() {
                results[i] = r
                completed(i)
                if next < items.count { launch() }
            }
            return results.map { $0! }
        }
    }
}
