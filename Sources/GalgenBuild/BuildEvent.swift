/// What a running build is doing, for progress displays (`SiteBuilder.build(events:)`).
public enum BuildEvent: Sendable, Hashable {
    /// A step started: ``StepName/config``, `templates`, `records`, `images`, `pages` or `publish`.
    case started(StepName)
    /// Work items of a running step done so far (images processed, pages written): at most about
    /// ten a second, and always the last one (`done == total`).
    case progress(StepName, done: Int, total: Int)
    /// A step finished after `seconds`.
    case finished(StepName, seconds: Double)
}

/// Lets at most one progress update through per ``interval``, and always the last one, so a
/// display costs the build nothing however many items there are.
struct ProgressThrottle {
    /// Shortest time between two updates (~10 a second).
    static let interval: Duration = .milliseconds(100)
    private var last: Duration?

    /// Whether an update for `done` of `total` items at time `now` should be shown.
    mutating func allows(done: Int, total: Int, at now: Duration) -> Bool {
        if done >= total {
            last = now
            return true
        }
        if let last, now - last < Self.interval { return false }
        last = now
        return true
    }
}
