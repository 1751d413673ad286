import GalgenRendering

/// Loads the theme (the site's templates and assets over the built-in ones) and compiles it; the
/// report lists where each file came from.
struct TemplatesStep: BuildStep {
    var name: StepName { .templates }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        do {
            let theme = try Theme.load(config: config, fileSystem: state.fileSystem)
            state.report.theme = theme.files.map { file in
                switch file.origin {
                case .builtin: BuildReport.ThemeFile(path: file.path, from: "builtin")
                case .site(let path): BuildReport.ThemeFile(path: file.path, from: "site", file: path)
                }
            }
            state.templates = try TemplateSet(theme: theme)
            state.assets = try AssetSet(theme: theme)
        } catch {
            throw BuildError(.failed(error.description))
        }
    }
}
