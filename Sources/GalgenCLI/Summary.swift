import Foundation
import GalgenBuild
import GalgenCore

/// Prints a build report for people: problems first, then counts and step times. Under `--quiet`
/// only the problems that fail the build are printed: errors, and under `--strict` every problem.
struct Summary {
    let report: BuildReport
    let seconds: Double
    let verbose: Bool
    let quiet: Bool
    let console: Console
    /// Under `--strict` every problem fails the build, so `--quiet` still lists them all.
    var strict = false

    static let shownProblems = 20

    func print() {
        let problems = report.diagnostics
        let shown = verbose ? problems : Array(problems.prefix(Self.shownProblems))
        for d in shown where !quiet || strict || d.severity == .error { console.err(d.description) }
        if !verbose && problems.count > shown.count {
            console.err("… and \(problems.count - shown.count) more problems (run with --verbose to list all)")
        }
        for problem in report.remoteCache?.problems ?? [] where !quiet { console.err("warning: remote cache: \(problem)") }
        if let note = report.languageNote, !quiet { console.err("warning: theme text: \(note)") }
        guard !quiet else { return }
        let i = report.images
        let steps = report.steps.map { String(format: "%@ %.2f s", $0.name, $0.seconds) }.joined(separator: " · ")
        let warnings = problems.filter { $0.severity == .warning }.count
        if let shard = report.shard {
            console.out(String(format: "galgen: shard %d/%d: image work of %d of %d sources, in %.2f s (no site written)",
                               shard.index, shard.count, shard.assigned, shard.sources, seconds))
        } else if !report.published, let transfer = report.inputs.options.transfer {
            console.out(String(format: "galgen: cache %@ in %.2f s (no site written)", transfer, seconds))
        } else {
            console.out(String(format: "galgen: built %@ in %.2f s", report.outputDirectory, seconds))
        }
        console.out("  sources \(report.sources) · records \(report.records) · pages \(report.pages) · assets \(report.assets) · data files \(report.dataFiles)")
        console.out("  images: \(i.sources) sources · \(i.decoded) decoded · \(i.encoded) variants encoded · \(i.reused) reused from cache · \(i.failed) failed · \(i.published) files published")
        for folder in report.folders { console.out("  " + Self.folderLine(folder)) }
        if i.damaged > 0 { console.out("  cache: \(i.damaged) damaged entries rebuilt") }
        if let o = report.output, let p = report.steps.last(where: { $0.name == "pages" }), let rendered = p.rendered {
            let how = o.reason.map { "full build: \($0)" } ?? "incremental"
            console.out("  output (\(how)): pages \(rendered) rendered · \(p.unchanged ?? 0) unchanged · \(p.removed ?? 0) removed; all files \(o.rendered) written · \(o.unchanged) unchanged · \(o.removed) removed")
        } else if let o = report.output, let keys = o.keys {
            // No pages step: a no-op taken from the stamps of what the last build read.
            console.out("  output (\(keys)): all files \(o.rendered) written · \(o.unchanged) unchanged · \(o.removed) removed")
        }
        let n = report.network
        if n.requests + n.fromCache > 0 {
            let megabytes = String(format: "%.2f", Double(n.bytesDownloaded) / 1_048_576)
            console.out("  network: \(n.requests) requests (\(n.retries) retries) · \(n.downloads) downloads, \(megabytes) MB · \(n.notModified) not modified · \(n.fromCache) from cache · \(n.staleFallbacks) stale fallbacks · \(n.failures) failed")
        }
        if let r = report.remoteCache {
            console.out("  remote cache: \(r.remoteHits) hits · \(r.remoteMisses) misses · \(r.uploaded) uploaded · \(r.remoteErrors) errors (\(r.url); problems never fail the build)")
            var more: [String] = []
            if r.pagesFromRemote > 0 { more.append("\(r.pagesFromRemote) record pages from the remote") }
            if let pushed = r.pushed { more.append("\(pushed) sources pushed") }
            if let present = r.alreadyRemote { more.append("\(present) already there") }
            if let notLocal = r.notLocal { more.append("\(notLocal) not complete locally (not pushed)") }
            if !more.isEmpty { console.out("  remote cache: " + more.joined(separator: " · ")) }
        }
        printTheme()
        console.out("  steps: \(steps)")
        if problems.isEmpty {
            console.out("  problems: none")
        } else {
            console.out("  problems: \(problems.count) (\(warnings) rendered with a placeholder or fallback, \(problems.count - warnings) dropped)")
        }
    }

    /// Which theme files came from the site: one line, or with `--verbose` one line per file.
    private func printTheme() {
        guard !report.theme.isEmpty else { return }
        let own = report.theme.filter { $0.from == "site" }
        if verbose {
            for file in report.theme { console.out("  theme: \(file.path) ← \(file.file ?? "built-in")") }
        } else if own.isEmpty {
            console.out("  theme: built-in")
        } else {
            console.out("  theme: built-in, with \(own.count) file\(own.count == 1 ? "" : "s") from the site: \(own.map(\.path).joined(separator: ", "))")
        }
    }

    /// `folder trip: 120 photos · 2 videos · 8 albums · 3 other files skipped (notes.txt, …) · …`
    static func folderLine(_ f: BuildReport.FolderCounts) -> String {
        func n(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        var parts = [n(f.photos, "photo", "photos"), n(f.videos, "video", "videos"), n(f.albums, "album", "albums")]
        if f.otherFiles > 0 {
            let examples = f.otherExamples.prefix(3).joined(separator: ", ") + (f.otherFiles > 3 ? ", …" : "")
            parts.append(n(f.otherFiles, "other file", "other files") + " skipped (\(examples))")
        }
        if f.hidden > 0 { parts.append("\(f.hidden) hidden skipped") }
        if f.excluded > 0 { parts.append("\(f.excluded) excluded") }
        if !f.emptyFolders.isEmpty {
            parts.append(n(f.emptyFolders.count, "empty folder", "empty folders") + " (\(f.emptyFolders.prefix(3).joined(separator: ", ")))")
        }
        if f.fileTimeDates > 0 { parts.append("\(f.fileTimeDates) dated by file time") }
        parts.append("\(f.read) read")
        return "folder \(f.source): " + parts.joined(separator: " · ")
    }
}
