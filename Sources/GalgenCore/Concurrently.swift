import Foundation

/// Synchronous work spread over the cores a build may use, for callers that are not async (a
/// folder's files checked before a build starts, the runtime's shards made while the renderer is set up).
///
/// ```swift
/// let sums = await Concurrently.$width.withValue(2) { Concurrently.map(8) { $0 * $0 } }   // two at a time
/// ```
public enum Concurrently {
    /// How many calls run at once: a build sets it to its `--jobs` for all it does
    /// (`$width.withValue(jobs) { … }`); nil (outside a build, or on a thread no task runs) is every core.
    @TaskLocal public static var width: Int?

    /// `body(0) … body(count - 1)`, run concurrently, at most ``width`` at a time; the results in index order.
    /// - Parameters:
    ///   - count: How many calls.
    ///   - body: One call; called from several threads at once.
    public static func map<R: Sendable>(_ count: Int, _ body: @Sendable (Int) -> R) -> [R] {
        let slots = Slots<R>(count: count)
        guard let width, width < count else {
            DispatchQueue.concurrentPerform(iterations: count) { slots.set($0, body($0)) }
            return slots.values
        }
        // `width` lanes, each taking the next index until none is left (calls of uneven cost stay balanced).
        DispatchQueue.concurrentPerform(iterations: max(1, width)) { _ in
            while let index = slots.take() { slots.set(index, body(index)) }
        }
        return slots.values
    }
}

/// Results of concurrent calls, each written once to its own slot.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]
    private var next = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index no lane has taken; nil when every one has been.
    func take() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func set(_ index: Int, _ value: T) { lock.withLock { slots[index] = value } }

    var values: [T] { lock.withLock { slots.map { $0! } } }
}
