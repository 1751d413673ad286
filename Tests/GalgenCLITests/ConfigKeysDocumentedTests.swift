import Foundation
import GalgenTestSupport
import Testing

/// Every key the config reader knows is documented once in the configuration reference
/// (docs/configuration.md, docs/sources.md): in one row of its level's table, or, for the keys every
/// collection takes (`sort`, `groupBy`, `filters`), in the configuration page's prose. The known keys
/// are asked of the reader itself: a key it does not know makes it list the ones it does.
struct ConfigKeysDocumentedTests {
    /// A source the probes can put beside an unknown key.
    static let source = #"{"name": "a", "type": "json", "path": "r.json", "fields": {"id": "id", "title": "t"}}"#
    static let unknown = "zzzzzzzzzzzzzzzz"

    /// The keys the reader knows where `config` holds `"zzzz…": 1`, from its "known keys here" hint.
    static func knownKeys(_ config: String) async throws -> [String] {
        let dir = try TemporaryDirectory(prefix: "galgen-keys")
        defer { dir.remove() }
        try dir.write("[]", to: "r.json")
        try dir.write(config.replacingOccurrences(of: "UNKNOWN", with: "\"\(unknown)\": 1"), to: "config.json")
        let result = await run(["build", "--config", dir.path + "/config.json"])
        guard let match = result.capture.err.firstMatch(of: /known keys here: ([^\n]*)/) else {
            Issue.record("no list of known keys for \(config): \(result.capture.err)")
            return []
        }
        return Array(Set(match.output.1.split(separator: ", ").map(String.init))).sorted()
    }

    /// The rows of the first table after the first line that starts with `marker`.
    static func tableRows(after marker: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(marker) }),
              let first = lines[start...].dropFirst().firstIndex(where: { $0.hasPrefix("|") }) else { return [] }
        let table = lines[first...].prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map(String.init)  // the header and the |---| line
    }

    /// The keys a row documents: the code spans of its first cell (`` `media`, `entity` `` gives both).
    static func rowKeys(_ row: String) -> [String] {
        let first = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().first ?? ""
        return ReadmeFlagsTests.codeSpans(first).map(String.init)
    }

    /// Keys that are in no row of `rows`, and keys in more than one.
    static func check(_ keys: [String], rows: [String], prose: String = "", label: String) -> [String] {
        var problems: [String] = []
        for key in keys {
            let count = rows.count { rowKeys($0).contains(key) }
            if count > 1 { problems.append("\(label).\(key) is in \(count) rows") }
            if count == 0 && !prose.contains("`\"\(key)\"") { problems.append("\(label).\(key) is not documented") }
        }
        return problems
    }

    /// Keys named nowhere in a row (as `"key"` or `` `key` ``), for keys documented inside one row's text.
    static func checkMentions(_ keys: [String], row: String?, label: String) -> [String] {
        keys.filter { key in !(row ?? "").contains("\"\(key)\"") && !(row ?? "").contains("`\(key)`") }
            .map { "\(label).\($0) is not documented in its row" }
    }

    @Test("the helpers read tables and rows")
    func helpers() {
        let text = "intro\n\nKeys:\n\n| key | meaning |\n|---|---|\n| `a` | x |\n| `b`, `c` | y |\n\nafter\n| `d` | z |\n"
        let rows = Self.tableRows(after: "Keys:", in: text)
        #expect(rows.count == 2 && Self.rowKeys(rows[1]) == ["b", "c"])
        #expect(Self.check(["a", "c", "e"], rows: rows + [rows[0]], label: "t") == ["t.a is in 2 rows", "t.e is not documented"])
    }

    @Test("every config key the reader knows is documented once in the configuration reference")
    func everyKeyIsDocumentedOnce() async throws {
        let root = Repository.root + "/docs/"
        let configuration = try String(contentsOfFile: root + "configuration.md", encoding: .utf8)
        let sources = try String(contentsOfFile: root + "sources.md", encoding: .utf8)
        let collections = configuration.components(separatedBy: "## Fields, sorting, albums and feeds").dropFirst().joined()
        let topRows = Self.tableRows(after: "## Top-level keys", in: configuration)
        let common = Self.tableRows(after: "Keys every source has:", in: sources)
        var problems: [String] = []

        let top = try await Self.knownKeys("{\"sources\": [\(Self.source)], UNKNOWN}")
        #expect(top.contains("sources") && top.contains("fetch"))
        problems += Self.check(top, rows: topRows, label: "config")
        let fetch = try await Self.knownKeys("{\"sources\": [\(Self.source)], \"fetch\": {UNKNOWN}}")
        problems += Self.check(fetch, rows: Self.tableRows(after: "`fetch` (durations", in: configuration), label: "fetch")
        let cache = try await Self.knownKeys("{\"sources\": [\(Self.source)], \"cache\": {UNKNOWN}}")
        problems += Self.checkMentions(cache, row: topRows.first { Self.rowKeys($0) == ["cache"] }, label: "cache")

        let types: [(String, String)] = [
            ("json", #""path": "r.json", "fields": {"id": "id", "title": "t"}"#), ("randomuser", ""),
            ("itunes", #""term": "x""#), ("folder", #""path": ".""#),
            ("csv", #""path": "r.json", "fields": {"id": "id", "title": "t"}"#),
            ("jsonl", #""path": "r.json", "fields": {"id": "id", "title": "t"}"#),
        ]
        for (type, rest) in types {
            let keys = try await Self.knownKeys("{\"sources\": [{\"name\": \"a\", \"type\": \"\(type)\"\(rest.isEmpty ? "" : ", " + rest), UNKNOWN}]}")
            #expect(keys.contains("name") && keys.contains("type"), "\(type): \(keys)")
            let rows = common + Self.tableRows(after: "**`\"type\": \"\(type)\"`**", in: sources)
            problems += Self.check(keys, rows: rows, prose: collections, label: "sources[\(type)]")
        }
        let fields = try await Self.knownKeys(#"{"sources": [{"name": "a", "type": "json", "path": "r.json", "fields": {"id": "id", "title": "t", UNKNOWN}}]}"#)
        problems += Self.check(fields, rows: Self.tableRows(after: "`fields` of a `json` source", in: sources), label: "fields")
        let paging = try await Self.knownKeys(#"{"sources": [{"name": "a", "type": "json", "url": "http://127.0.0.1:9/", "paging": {UNKNOWN}, "fields": {"id": "id", "title": "t"}}]}"#)
        let jsonRows = Self.tableRows(after: "**`\"type\": \"json\"`**", in: sources)
        problems += Self.checkMentions(paging, row: jsonRows.first { Self.rowKeys($0) == ["paging"] }, label: "paging")

        #expect(fetch.count > 5 && cache.count >= 3 && fields.count >= 5 && paging.count >= 3)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
