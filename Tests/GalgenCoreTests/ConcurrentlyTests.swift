import Foundation
import GalgenCore
import Synchronization
import Testing

/// `Concurrently.map` runs at most `width` calls at once (a build's `--jobs`), keeps the results in
/// index order, and without a width uses every core.
struct ConcurrentlyTests {
    /// The most calls seen running at once.
    final class Overlap: Sendable {
        private let state = Mutex<(now: Int, most: Int)>((0, 0))
        func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    private func squares(_ count: Int, _ overlap: Overlap) -> [Int] {
        Concurrently.map(count) { i in
            overlap.enter()
            defer { overlap.leave() }
            Thread.sleep(forTimeInterval: 0.002)
            return i * i
        }
    }

    @Test(arguments: [1, 2, 3])
    func atMostWidthCallsRunAtOnce(width: Int) async {
        let overlap = Overlap()
        let result = Concurrently.$width.withValue(width) { squares(40, overlap) }
        #expect(result == (0..<40).map { $0 * $0 })
        #expect(overlap.most <= width)
        #expect(overlap.most >= 1)
    }

    @Test func aWidthOfOneRunsOnTheCallingThreadInOrder() {
        let order = Mutex<[Int]>([])
        let result = Concurrently.$width.withValue(1) {
            Concurrently.map(25) { i in
                order.withLock { $0.append(i) }
                return String(i)
            }
        }
        #expect(result == (0..<25).map(String.init))
        #expect(order.withLock { $0 } == Array(0..<25), "one lane takes the indices in order")
    }

    @Test func withoutAWidthEveryCallRunsAndNothingIsLost() {
        #expect(Concurrently.width == nil)
        let overlap = Overlap()
        #expect(squares(64, overlap) == (0..<64).map { $0 * $0 })
        #expect(Concurrently.map(0) { $0 } == [])
        #expect(Concurrently.$width.withValue(8) { Concurrently.map(3) { $0 + 1 } } == [1, 2, 3], "a width above the count")
    }
}
