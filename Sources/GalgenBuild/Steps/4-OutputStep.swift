import GalgenOutput

/// Makes sure the output folder can be written (not locked by another build, not holding the site's
/// inputs, galgen's own) and opens its stager, right after the config and before anything is read
/// or made: a site's step, shown and timed as part of `config`, its failures named `output`.
struct OutputStep: BuildStep {
    var name: StepName { .output }
    var shownAs: StepName { .config }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        state.stampLog?.skip(StampsRecord.skip(state))  // what the output folder and the cache hold is no input
        state.stager = try BuildError.mapping(try OutputStager(
            output: state.outputDirectory,
            protecting: [config.configPath, config.templatesDirectory, config.assetsDirectory] + config.sources.compactMap(\.localInput),
            cache: state.cacheDirectory, clean: state.options.clean, known: state.session?.trees, remember: state.session != nil,
            fileSystem: state.unstampedFileSystem, processID: state.environment.processID, isProcessAlive: state.environment.isProcessAlive))
        // Under CI (`CI` set, as GitHub Actions, GitLab CI and most others do) every build is a first one and
        // no edit follows it: the spare would cost a folder and a link per file for nothing. serve always makes it.
        state.stager?.makesSpare = state.session != nil || (state.environment.variable("CI") ?? "").isEmpty
        state.report.outputDirectory = state.outputDirectory
    }
}
