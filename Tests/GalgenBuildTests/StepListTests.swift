import Foundation
@testable import GalgenBuild
import GalgenRemoteCache
import Testing

/// Each kind of build is a list of steps, chosen in one place (`SiteBuilder.steps(for:)`), and no
/// step asks which kind it is in (issue 45): every Swift file of `Sources/GalgenBuild` is searched
/// for a look at the build's mode. Only the step lists' file may hold one, and the files that
/// declare the mode and the option.
struct StepListTests {
    /// Where a mode may be named: the step lists, the mode's declaration, the option that holds it.
    static let allowedFiles: Set<String> = ["SiteBuilder+Steps.swift", "BuildMode.swift", "BuildOptions.swift"]

    /// The mode checks in one file's code (comments dropped), each with its line number.
    static func findings(in text: String) -> [(line: Int, token: String)] {
        let check = #/\bBuildMode\b|\.mode\b|\bmode\s*(==|!=|\{)|case\s+\.(site|push|pull|shard)\s*[:,]|\.shard\(|\bmode\.shard\b/#
        var found: [(line: Int, token: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            found += code.matches(of: check).map { (number + 1, String($0.output.0)) }
        }
        return found
    }

    @Test func noModeCheckOutsideTheStepLists() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/GalgenBuild")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(paths.count > 30)
        var stray: [String] = []
        for path in paths where !Self.allowedFiles.contains(path) {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            stray += Self.findings(in: text).map { "Sources/GalgenBuild/\(path):\($0.line): \($0.token)" }
        }
        #expect(stray.isEmpty, "a mode check outside the step lists (SiteBuilder+Steps.swift):\n\(stray.joined(separator: "\n"))")
        let lists = try String(contentsOf: sources.appendingPathComponent("SiteBuilder+Steps.swift"), encoding: .utf8)
        #expect(!Self.findings(in: lists).isEmpty, "the step lists are where the modes are")
    }

    @Test func aStrayModeCheckIsFound() {
        #expect(Self.findings(in: "if state.mode == .site {").count == 1)
        #expect(Self.findings(in: "loader.pushAll = state.options.mode == .push").count == 1)
        #expect(Self.findings(in: "if case .shard(let shard) = mode, !plan.needed {").count == 1)
        #expect(Self.findings(in: "switch mode {").count == 1)
        #expect(Self.findings(in: "        case .push: \"push\"").count == 1)
        #expect(Self.findings(in: "if mode != .site, mode != .pull {").count == 2)
        #expect(Self.findings(in: "var mode: BuildMode = .site").count == 1)
        #expect(Self.findings(in: "// when state.mode == .push, in a comment").isEmpty)
        #expect(Self.findings(in: "let only: Shard? = nil; let pushed = outcome.push").isEmpty)
        #expect(Self.findings(in: "case .site(let path): path").isEmpty, "a theme file's origin, no mode")
    }

    /// The steps of each kind of build, and the steps they are shown as in progress lines and the report.
    @Test func eachModeIsAListOfSteps() {
        let names = { (mode: BuildMode) in SiteBuilder.steps(for: mode).map(\.name.rawValue) }
        let shown = { (mode: BuildMode) in
            SiteBuilder.steps(for: mode).map(\.shownAs.rawValue).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        }
        #expect(names(.site) == ["config", "output", "stamps", "templates", "records", "images", "pages", "publish", "stamps"])
        #expect(shown(.site) == ["config", "templates", "records", "images", "pages", "publish"])
        let shard = BuildMode.shard(Shard(index: 1, count: 2)!)
        #expect(SiteBuilder.steps(for: shard).map { String(describing: type(of: $0)) }
            == ["ConfigStep", "RecordsStep", "ImagesStep", "ShardUploadStep"])
        #expect(SiteBuilder.steps(for: .push).map { String(describing: type(of: $0)) } == ["ConfigStep", "RecordsStep", "TransferStep"])
        #expect(SiteBuilder.steps(for: .pull).map { String(describing: type(of: $0)) } == ["ConfigStep", "RecordsStep", "TransferStep"])
        for mode in [BuildMode.push, .pull, shard] {
            #expect(shown(mode) == ["config", "records", "images"], "no templates: a shard, a push and a pull render nothing")
        }
    }
}
