/// The name of a build step, or of a check inside one, as progress lines, the report's `steps` and
/// errors show it (the raw value). Which steps a build runs depends on what it is asked to do
/// (``SiteBuilder/steps(for:)``).
public enum StepName: String, Sendable, CaseIterable {
    case config, templates, records, images, pages, publish
    /// The output folder's check (locked or unsafe), a step of its own that a site runs before the
    /// image work; shown and timed as part of `images`, its failures named `output`.
    case output
    /// The pages' validation inside `pages`: never announced or timed on its own.
    case validate
    /// The stamps of the files the site is made from: checked after the output folder is opened (a no-op
    /// proven without reading them) and recorded after publishing; shown as part of `config` and `publish`.
    case stamps
}

/// One named step of a build: it reads what earlier steps left in the state and adds its own part.
/// ``SiteBuilder`` announces, times and runs the steps in order; an error a step throws is tagged
/// with the step's name unless it names one of the checks inside the step (``StepName/output``,
/// ``StepName/validate``).
protocol BuildStep: Sendable {
    /// The step's name: its errors carry it.
    var name: StepName { get }
    /// The step whose part it is in progress lines and the report's `steps` (its own name unless
    /// it says otherwise): consecutive steps shown as one are announced and timed together.
    var shownAs: StepName { get }
    /// Whether the step runs after the stamps proved the site unchanged.
    var runsWhenProven: Bool { get }
    /// Does the step's work.
    /// - Parameter state: What the build knows so far; the step adds its results.
    func run(_ state: inout BuildState) async throws(BuildError)
}

extension BuildStep {
    var shownAs: StepName { name }
    /// Whether the step runs after the stamps proved the site unchanged (`BuildState.provenByStamps`): only
    /// the steps that publish and record do.
    var runsWhenProven: Bool { false }
}

extension BuildError {
    /// An error of the running step: ``SiteBuilder`` adds the step's name.
    /// - Parameter reason: Why.
    init(_ reason: Reason) {
        self.init(named: nil, reason)
    }

    /// An error tagged with a step's (or a check's) name.
    /// - Parameters:
    ///   - step: The step.
    ///   - reason: Why.
    init(_ step: StepName, _ reason: Reason) {
        self.init(named: step, reason)
    }
}
