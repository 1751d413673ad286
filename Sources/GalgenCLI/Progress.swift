import Foundation
import GalgenBuild

/// How `galgen build` shows its progress on standard error.
public enum ProgressStyle: Sendable, Equatable {
    /// One line per step that redraws in place with `\r` (`images 120/400`), for a person at a terminal.
    case live
    /// One line per step, when it ends, with its time and counts: no `\r`, no escape codes (CI logs, pipes, files).
    case plain
    /// Nothing (`--quiet`).
    case silent

    /// Chooses the style: nothing when quiet; plain when the `CI` environment variable is set to
    /// anything non-empty, when `TERM` is `dumb`, or when standard error is not a terminal; live otherwise.
    /// - Parameters:
    ///   - isTerminal: Whether standard error is a terminal.
    ///   - environment: The process environment.
    ///   - quiet: `--quiet`.
    public static func choose(isTerminal: Bool, environment: [String: String], quiet: Bool = false) -> ProgressStyle {
        if quiet { return .silent }
        if let ci = environment["CI"], !ci.isEmpty { return .plain }
        if environment["TERM"] == "dumb" { return .plain }
        return isTerminal ? .live : .plain
    }
}

/// Prints a build's events in a ``ProgressStyle``.
final class ProgressPrinter: @unchecked Sendable {
    private let style: ProgressStyle
    private let console: Console
    private let lock = NSLock()
    /// The last progress of the running step.
    private var count: (done: Int, total: Int)?
    /// Whether a live line is drawn and not yet ended with a newline.
    private var lineOpen = false
    /// The text of the live line last drawn.
    private var drawn = ""

    /// Erases the terminal line the cursor is on and returns to its start.
    static let clearLine = "\r\u{1B}[K"

    init(style: ProgressStyle, console: Console) {
        self.style = style
        self.console = console
    }

    func handle(_ event: BuildEvent) {
        lock.withLock {
            switch (style, event) {
            case (.silent, _):
                break
            case (.live, .started(let step)):
                count = nil
                draw(step.rawValue)
            case (.live, .progress(let step, let done, let total)):
                count = (done, total)
                draw("\(step.rawValue) \(done)/\(total)")
            case (.live, .finished(let step, let seconds)):
                let items = count.map { " \($0.done)/\($0.total)" } ?? ""
                draw(step.rawValue + items + " · " + Self.seconds(seconds))
                console.errText("\n")
                lineOpen = false
                count = nil
            case (.plain, .started):
                count = nil
            case (.plain, .progress(_, let done, let total)):
                count = (done, total)
            case (.plain, .finished(let step, let seconds)):
                let items = count.map { " (\($0.done)/\($0.total))" } ?? ""
                console.err("galgen: \(step.rawValue) done in " + Self.seconds(seconds) + items)
                count = nil
            }
        }
    }

    /// Prints a line about the wait for the network (`records: waiting for randomuser.me (attempt 2 of
    /// 4, next in 1 s)`) on its own line; a live line is drawn again below it. Nothing when silent.
    func note(_ line: String) {
        lock.withLock {
            switch style {
            case .silent:
                break
            case .plain:
                console.err("galgen: " + line)
            case .live:
                console.errText(Self.clearLine + "galgen: " + line + "\n")
                if lineOpen { console.errText(Self.clearLine + drawn) }
            }
        }
    }

    /// Ends a live line that a failed build left open, so what follows starts on its own line.
    func finish() {
        lock.withLock {
            if lineOpen { console.errText("\n") }
            lineOpen = false
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    private func draw(_ text: String) {
        console.errText(Self.clearLine + text)
        drawn = text
        lineOpen = true
    }
}
