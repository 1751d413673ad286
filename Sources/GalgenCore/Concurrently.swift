import Foundation

/// Synchronous work spread over every core, for callers that are not async (a folder's files
/// checked before a build starts, the runtime's shards made while the renderer is set up).
public enum Concurrently {
    /// `body(0) … body(count - 1)`, run concurrently; the results in index order.
    /// - Parameters:
    ///   - count: How many calls.
    ///   - body: One call; called from several threads at once.
    public static func map<R: Sendable>(_ count: Int, _ body: @Sendable (Int) -> R) -> [R] {
        let slots = Slots<R>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { slots.set($0, body($0)) }
        return slots.values
    }
}

/// Results of concurrent calls, each written once to its own slot.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) { lock.withLock { slots[index] = value } }

    var values: [T] { lock.withLock { slots.map { $0! } } }
}
