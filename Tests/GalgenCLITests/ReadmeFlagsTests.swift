import ArgumentParser
import Foundation
@testable import GalgenCLI
import GalgenTestSupport
import Testing

/// Every flag that `galgen <command> --help` shows is documented once, in the options tables of the
/// commands reference (docs/commands.md), in a row of that command: the table under "Options of
/// `galgen build`", and the table of the other commands, whose first column names the commands a row is
/// about. Every key the config reader knows is documented once too (`ConfigKeysDocumentedTests`).
struct ReadmeFlagsTests {
    /// The commands reference, where every flag has its row.
    static let reference = "docs/commands.md"

    /// Every command path below `galgen` (`["build"]`, `["cache", "stats"]`, …), and `galgen` itself (`[]`).
    static func commandPaths(_ command: any ParsableCommand.Type = Galgen.self, prefix: [String] = []) -> [[String]] {
        var paths = [prefix]
        for sub in command.configuration.subcommands {
            let name = sub.configuration.commandName ?? String(describing: sub).lowercased()
            paths += commandPaths(sub, prefix: prefix + [name])
        }
        return paths
    }

    /// The long flags of the options section of a help text (`--config`, `--quiet`, …), without
    /// `--help` (every command has it) and `--version` (shown by every subcommand, documented once).
    static func flags(inHelp help: String) -> Set<String> {
        var flags: Set<String> = []
        for line in help.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            // The names column ends where two spaces start the description.
            let names = trimmed.ranges(of: "  ").first.map { trimmed[..<$0.lowerBound] } ?? trimmed
            for match in String(names).matches(of: /--[a-z][a-z0-9-]*/) { flags.insert(String(match.output)) }
        }
        flags.subtract(["--help", "--version"])
        return flags
    }

    /// The code spans of a piece of Markdown.
    static func codeSpans(_ text: Substring) -> [Substring] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// Whether a code span starts with `flag` as a whole word (`--cache DIR` holds `--cache`, not `--cache-dir`).
    static func spanNames(_ span: Substring, _ flag: String) -> Bool {
        guard span.hasPrefix(flag) else { return false }
        let rest = span.dropFirst(flag.count)
        return rest.isEmpty || rest.first == " " || rest.first == "="
    }

    /// The documented flags of each command (`"build"`, `"cache prune"`, …) in the reference's tables, one
    /// entry per row that names the flag (so a flag documented twice for a command appears twice).
    static func documentedFlags(readme: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var table: String?  // "build", or "other" for the table of the other commands
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Options of `galgen build`") { table = "build"; continue }
            if line.hasPrefix("Options of the other commands") { table = "other"; continue }
            guard let current = table else { continue }
            if line.isEmpty { continue }
            guard line.hasPrefix("|") else { table = nil; continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let (commands, options): ([String], Substring)
            if current == "build" {
                (commands, options) = (["build"], Substring(cells[0]))
            } else {
                commands = codeSpans(Substring(cells[0])).filter { $0.hasPrefix("galgen ") }.map { String($0.dropFirst("galgen ".count)) }
                options = Substring(cells[1])
            }
            let flags = codeSpans(options).flatMap { span in
                span.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .compactMap { $0.matches(of: /^(?:-[a-z], )?(--[a-z][a-z0-9-]*)/).first.map { String($0.output.1) } }
            }
            for command in commands { result[command, default: []].append(contentsOf: Set(flags).sorted()) }
        }
        return result
    }

    @Test("the parsers find the flags of a help text and of a README table")
    func parsers() {
        let help = """
            USAGE: galgen build [--config <path>] [--strict]

            OPTIONS:
              --config <path>         The config file. (default: config.json)
              --strict                Exit with code 1 when --offline is not set.
              -q, --quiet             Print only errors.
              --version               Show the version.
              -h, --help              Show help information.
            """
        #expect(Self.flags(inHelp: help) == ["--config", "--strict", "--quiet"])
        let readme = """
            Options of `galgen build`:

            | option | default | meaning |
            |---|---|---|
            | `--cache-dir DIR` | none | Not `--cache`. |
            | `--quiet`, `-q` | off | Also `--strict` here is a mention, not a row. |

            Options of the other commands:

            | command | option | meaning |
            |---|---|---|
            | `galgen cache stats`, `galgen cache prune` | `--config PATH`, `--cache DIR` | … |
            | `galgen serve` | `--poll MS` | … |

            `--clean` in a paragraph is not a row.
            """
        let documented = Self.documentedFlags(readme: readme)
        #expect(documented["build"] == ["--cache-dir", "--quiet"])
        #expect(documented["cache stats"] == ["--cache", "--config"] && documented["cache prune"] == ["--cache", "--config"])
        #expect(documented["serve"] == ["--poll"])
    }

    @Test("every flag of every command's --help is in the reference's options tables, once, in that command's rows")
    func everyFlagIsInTheReadme() async throws {
        let reference = try String(contentsOfFile: Repository.root + "/" + Self.reference, encoding: .utf8)
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let documented = Self.documentedFlags(readme: reference)
        let paths = Self.commandPaths()
        #expect(paths.contains(["build"]) && paths.contains(["cache", "stats"]) && paths.contains(["theme", "eject"]))
        var missing: [String] = []
        var twice: [String] = []
        var seen = 0
        for path in paths {
            let help = await run(path + ["--help"])
            #expect(help.code == 0, "galgen \(path.joined(separator: " ")) --help")
            let flags = Self.flags(inHelp: help.capture.out)
            seen += flags.count
            let rows = documented[path.joined(separator: " ")] ?? []
            for flag in flags.sorted() {
                let name = (["galgen"] + path + [flag]).joined(separator: " ")
                let count = rows.count { $0 == flag }
                if count == 0 { missing.append(name) } else if count > 1 { twice.append(name) }
            }
        }
        #expect(seen > 40, "the help texts were read")
        #expect(missing.isEmpty, "flags shown by --help but not in \(Self.reference)'s options tables: \(missing.joined(separator: ", "))")
        #expect(twice.isEmpty, "flags in more than one row of \(Self.reference)'s options tables: \(twice.joined(separator: ", "))")
        #expect(readme.contains("`galgen --version`") && readme.contains("(docs/commands.md)"), "the README names --version and links the reference")
    }
}
