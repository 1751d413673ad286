import Foundation
@testable import GalgenBuild
import GalgenTestSupport
import Testing

/// Collects build events from any thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [BuildEvent] = []
    var events: [BuildEvent] { lock.withLock { list } }
    func add(_ event: BuildEvent) { lock.withLock { list.append(event) } }
}

struct BuildEventTests {
    @Test func everyStepStartsAndFinishesAndItemStepsCountUp() async throws {
        let site = try FixtureSite(count: 7, config: #""pageSize": 2"#)
        defer { site.directory.remove() }
        let log = EventLog()
        let report = try await SiteBuilder(options: BuildOptions(configPath: site.configPath, jobs: 2), environment: environment())
            .build(events: { log.add($0) })
        let steps: [StepName] = [.config, .templates, .records, .images, .pages, .publish]
        let bounds = log.events.compactMap { event -> String? in
            switch event {
            case .started(let step): "+" + step.rawValue
            case .finished(let step, _): "-" + step.rawValue
            case .progress: nil
            }
        }
        #expect(bounds == steps.flatMap { ["+" + $0.rawValue, "-" + $0.rawValue] })
        let finished = log.events.compactMap { event -> Double? in
            if case .finished(_, let seconds) = event { return seconds }
            return nil
        }
        #expect(finished == report.steps.map(\.seconds))
        for (step, total) in [(StepName.images, 7), (.pages, report.pages)] {
            let counts = log.events.compactMap { event -> (Int, Int)? in
                if case .progress(step, let done, let total) = event { return (done, total) }
                return nil
            }
            #expect(counts.last.map { $0 == (total, total) } == true, "\(step): \(counts)")
            #expect(counts.allSatisfy { $0.1 == total && $0.0 >= 1 && $0.0 <= total })
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0.0 < $1.0 }, "\(step) counts up")
            // Each progress event sits between its step's start and finish.
            let start = try #require(log.events.firstIndex(of: .started(step)))
            let end = try #require(log.events.firstIndex { if case .finished(step, _) = $0 { return true } else { return false } })
            #expect(log.events.indices.filter { if case .progress(step, _, _) = log.events[$0] { return true } else { return false } }
                .allSatisfy { $0 > start && $0 < end })
        }
    }

    @Test func throttleLetsTenUpdatesASecondAndTheLastThrough() {
        var throttle = ProgressThrottle()
        let times = [0, 30, 60, 99, 100, 150, 210, 215, 400].map { Duration.milliseconds($0) }
        let allowed = times.enumerated().map { throttle.allows(done: $0.offset + 1, total: 100, at: $0.element) }
        #expect(allowed == [true, false, false, false, true, false, true, false, true])
        let last = throttle.allows(done: 100, total: 100, at: .milliseconds(401))
        #expect(last)  // the last always, however soon
    }
}
