import GalgenRendering

/// Loads the theme (the site's templates and assets over the built-in ones) and compiles it, and the
/// theme's words in the site's language (message tables, the site's `i18n/` overrides); the report
/// lists where each file came from, and says once when English stands in for the language.
struct TemplatesStep: BuildStep {
    var name: StepName { .templates }

    func run(_ state: inout BuildState) async throws(BuildError) {
        let config = try state.need(state.config, "config")
        let theme: Theme
        do {
            theme = try Theme.load(config: config, fileSystem: state.fileSystem)
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
        do {
            state.messages = try Messages.load(language: config.language, tables: theme.tables, siteDirectory: config.baseDirectory,
                                               fileSystem: state.fileSystem)
        } catch {
            throw BuildError(.config(error))
        }
        state.report.languageNote = state.messages?.fallbackNote
    }
}
