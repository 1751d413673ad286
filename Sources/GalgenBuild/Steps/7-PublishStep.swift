import GalgenCore

/// Swaps the staged site in for the published one in one step, so a reader never sees half a site.
struct PublishStep: BuildStep {
    var name: StepName { .publish }
    var runsWhenProven: Bool { true }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let stager = try state.need(state.stager, "output folder")
        if let warning = try BuildError.mapping(try stager.publish()) {
            state.report.diagnostics.append(Diagnostic(.warning, code: "output.record", subject: "output", message: warning))
        }
        state.report.published = true
        RenderMemoRecord.write(state, stager: stager)
        if let session = state.session { session.trees = stager.trees }
        if let index = state.report.steps.lastIndex(where: { $0.name == StepName.pages.rawValue }) {
            state.report.steps[index].rendered = stager.pageChanges.rendered
            state.report.steps[index].unchanged = stager.pageChanges.unchanged
            state.report.steps[index].removed = stager.pageChanges.removed
        }
    }
}
