import Foundation
import Synchronization

/// The process's resident memory (Linux `/proc/self/statm`), sampled on a thread of its own while some
/// work runs. `getrusage`'s peak is useless here: the test process's peak is usually reached before.
final class ResidentSampler: Sendable {
    private let state: Mutex<(peak: Int, done: Bool)>

    private init(start: Int) { state = Mutex((start, false)) }

    /// The largest rise of the resident set over its level before `body`, sampled every 2 ms.
    static func growth(during body: () throws -> Void) throws -> Int {
        let start = residentBytes()
        let sampler = ResidentSampler(start: start)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while !sampler.sample() { usleep(2000) }
            finished.signal()
        }
        defer {
            sampler.state.withLock { $0.done = true }
            finished.wait()
        }
        try body()
        _ = sampler.sample()
        return sampler.state.withLock { $0.peak } - start
    }

    /// Records one sample; whether sampling should stop.
    private func sample() -> Bool {
        let now = Self.residentBytes()
        return state.withLock {
            $0.peak = max($0.peak, now)
            return $0.done
        }
    }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
