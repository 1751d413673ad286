/// The steps of a build. A site build runs `config`, `templates`, `records`, `images`, `pages` and
/// `publish` in that order; a shard, a push and a pull stop after `images` (``SiteBuilder/steps(for:)``).
/// The raw value names the step in progress lines, in the report's `steps` and in errors.
public enum StepName: String, Sendable, CaseIterable {
    case config, templates, records, images, pages, publish
    /// Two checks inside steps that name their own failures: the output folder (checked as `images`
    /// starts, so a locked or unsafe folder fails before the image work) and the pages' validation
    /// (inside `pages`). They are never announced or timed on their own.
    case output, validate
}

/// One named step of a build: it reads what earlier steps left in the state and adds its own part.
/// ``SiteBuilder`` announces, times and runs the steps in order; an error a step throws is tagged
/// with the step's name unless it names one of the checks inside the step (``StepName/output``,
/// ``StepName/validate``).
protocol BuildStep: Sendable {
    /// The step's name.
    var name: StepName { get }
    /// Does the step's work.
    /// - Parameter state: What the build knows so far; the step adds its results.
    func run(_ state: inout BuildState) async throws(BuildError)
}

extension BuildError {
    /// An error of the running step: ``SiteBuilder`` adds the step's name.
    /// - Parameter reason: Why.
    init(_ reason: Reason) {
        self.init(step: "", reason)
    }

    /// An error tagged with a step's (or a check's) name.
    /// - Parameters:
    ///   - step: The step.
    ///   - reason: Why.
    init(_ step: StepName, _ reason: Reason) {
        self.init(step: step.rawValue, reason)
    }
}
