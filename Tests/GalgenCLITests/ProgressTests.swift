import Foundation
import GalgenBuild
@testable import GalgenCLI
import GalgenTestSupport
import Testing

struct ProgressStyleTests {
    @Test func liveOnlyOnATerminalOutsideCI() {
        #expect(ProgressStyle.choose(isTerminal: true, environment: [:]) == .live)
        #expect(ProgressStyle.choose(isTerminal: true, environment: ["TERM": "xterm-256color", "CI": ""]) == .live)
        #expect(ProgressStyle.choose(isTerminal: false, environment: [:]) == .plain)
        #expect(ProgressStyle.choose(isTerminal: true, environment: ["CI": "true"]) == .plain)
        #expect(ProgressStyle.choose(isTerminal: true, environment: ["CI": "1"]) == .plain)
        #expect(ProgressStyle.choose(isTerminal: true, environment: ["TERM": "dumb"]) == .plain)
        #expect(ProgressStyle.choose(isTerminal: true, environment: [:], quiet: true) == .silent)
        #expect(ProgressStyle.choose(isTerminal: false, environment: ["CI": "true"], quiet: true) == .silent)
    }

    private func printed(_ style: ProgressStyle, failing: Bool = false) -> String {
        let capture = Capture()
        let console = Console(out: capture.console.out, err: capture.console.err,
                              errText: { text in capture.console.err("<raw>" + text) })
        let printer = ProgressPrinter(style: style, console: console)
        printer.handle(.started(.config))
        printer.handle(.finished(.config, seconds: 0.004))
        printer.handle(.started(.images))
        printer.handle(.progress(.images, done: 120, total: 400))
        printer.handle(.progress(.images, done: 400, total: 400))
        if !failing { printer.handle(.finished(.images, seconds: 1.5)) }
        printer.finish()
        return capture.err
    }

    @Test func liveRedrawsOneLinePerStep() {
        let esc = "\u{1B}[K"
        #expect(printed(.live) == [
            "<raw>\r\(esc)config", "<raw>\r\(esc)config · 0.00 s", "<raw>\n",
            "<raw>\r\(esc)images", "<raw>\r\(esc)images 120/400", "<raw>\r\(esc)images 400/400", "<raw>\r\(esc)images 400/400 · 1.50 s", "<raw>\n",
        ].joined(separator: "\n"))
        // A build that fails mid-step still ends the line, so the error starts on its own.
        #expect(printed(.live, failing: true).hasSuffix("<raw>\r\(esc)images 400/400\n<raw>\n"))
    }

    @Test func plainPrintsOneLinePerStepAtItsEnd() {
        #expect(printed(.plain) == """
            galgen: config done in 0.00 s
            galgen: images done in 1.50 s (400/400)
            """)
        #expect(printed(.silent) == "")
    }
}

struct BuildLogTests {
    /// Tests do not run on a terminal: output must be plain, whatever CI says.
    @Test func aBuildInTestsPrintsNoCarriageReturnsOrEscapes() async throws {
        let site = try FixtureSite(count: 3)
        defer { site.directory.remove() }
        let result = await run(["build", "--config", site.configPath])
        #expect(result.code == 0)
        let all = result.capture.out + result.capture.err
        #expect(!all.contains("\r") && !all.contains("\u{1B}"))
        let steps = result.capture.err.split(separator: "\n").filter { $0.hasPrefix("galgen: ") }
        #expect(steps.count == 6, "one line per step: \(result.capture.err)")
        #expect(steps.allSatisfy { $0.contains(" done in ") }, "\(result.capture.err)")
        #expect(steps.contains { $0.hasPrefix("galgen: images done in ") && $0.hasSuffix(" s (3/3)") })
        #expect(steps.contains { $0.hasPrefix("galgen: pages done in ") && $0.hasSuffix(" s (6/6)") })
        let quiet = await run(["build", "--config", site.configPath, "--quiet"])
        #expect(quiet.capture.err.isEmpty && quiet.capture.out.isEmpty)
    }

    /// The real binary with standard error on a pipe (not a terminal) and no CI variable.
    @Test func theBinaryOnAPipeIsPlain() async throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GalgenBinary.path)
        process.arguments = ["build", "--config", site.configPath]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.merging(["TERM": "xterm"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!text.contains("\r") && !text.contains("\u{1B}"))
        #expect(!text.contains("started") && text.contains("galgen: images done in ") && text.contains("galgen: publish done in "), "\(text)")
    }
}
