import Foundation
import GalgenCore
import GalgenOutput
import GalgenRendering
import GalgenValidation

/// Makes the files the stager asked for, in parallel chunks: pages rendered, validated against
/// libxml2 and written; other files written from their bytes or the cache; unchanged ones linked.
/// A page that fails validation is not written, and the build fails with every problem found.
struct PageWriter: Sendable {
    let renderer: SiteRenderer
    let templates: TemplateSet
    let stager: OutputStager
    let files: [PagesStep.File]
    let actions: [OutputAction]
    let fileSystem: any FileSystem

    /// Writes every file that is not kept, telling the progress in pages rendered.
    func write(jobs: Int, clock: any Clock<Duration>, state: BuildState) async throws(BuildError) {
        let work = actions.indices.filter { actions[$0] != .keep }
        guard !work.isEmpty else { return }
        let known = PathDigests(files.lazy.map(\.entry.path))
        let validator = PageValidator(exists: { known.contains($0) })
        PageValidator.initializeLibrary()
        let chunks = stride(from: 0, to: work.count, by: 64).map { Array(work[$0..<min($0 + 64, work.count)]) }
        let elapsed = StepTimer.reader(clock)
        // Progress counts the pages rendered (links and other files are quick).
        let pagesIn = chunks.map { chunk in chunk.count { if case .page = files[$0].source { true } else { false } } }
        let pageTotal = pagesIn.reduce(0, +)
        var throttle = ProgressThrottle()
        var done = 0
        let outcomes = await Parallel.map(chunks, jobs: jobs, completed: { chunk in
            done += pagesIn[chunk]
            if pagesIn[chunk] > 0 && throttle.allows(done: done, total: pageTotal, at: elapsed()) {
                state.progress(.pages, done: done, total: pageTotal)
            }
        }) { chunk in write(chunk, validator: validator) }
        if let failure = outcomes.compactMap({ $0.error }).first { throw BuildError(.failed(failure)) }
        let issues = outcomes.flatMap { $0.issues }
        if !issues.isEmpty { throw BuildError(.validate, .invalidPages(issues)) }
    }

    /// Makes one chunk of files: the validation problems of its pages, or the first error.
    private func write(_ chunk: [Int], validator: PageValidator) -> (issues: [ValidationIssue], error: String?) {
        var issues: [ValidationIssue] = []
        for index in chunk {
            do throws(FileSystemError) {
                if actions[index] == .link {
                    try stager.link(entry: index)
                    continue
                }
                switch files[index].source {
                case .bytes(let bytes):
                    try stager.write(bytes, entry: index)
                case .file(let file):
                    try stager.write(file.data, entry: index)
                case .cacheEntry(let path):
                    try stager.write(try fileSystem.readFile(at: path), entry: index)
                case .original(let path):
                    try stager.place(file: path, entry: index)
                case .page(let spec):
                    let page = renderer.render(spec)
                    var problems = validator.validate(html: page.html, path: page.path)
                    if !problems.isEmpty {
                        // Name the template line each problem's page line came from, when one does.
                        let lines = page.html.split(separator: "\n", omittingEmptySubsequences: false)
                        for p in problems.indices { templates.origins.explain(&problems[p], lines: lines) }
                        issues += problems
                        continue
                    }
                    try stager.write(Data(page.html.utf8), entry: index)
                }
            } catch {
                return (issues, error.description)
            }
        }
        return (issues, nil)
    }
}
