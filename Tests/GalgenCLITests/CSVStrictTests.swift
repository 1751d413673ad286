import GalgenTestSupport
import Testing

/// `--strict` on a CSV source: a bad row publishes the rest, and fails the build only under `--strict`.
struct CSVStrictTests {
    @Test("a ragged CSV row: exit 0, named by line; with --strict exit 1")
    func strictFailsOnABadRow() async throws {
        let site = try FixtureSite(count: 2)
        defer { site.directory.remove() }
        try site.directory.write("Id,Name,Photo\na,A,images/0.jpg\nb,B\n", to: "people.csv")
        try site.writeConfig(sources: #"[{"name": "people", "type": "csv", "path": "people.csv", "fields": {"id": "Id", "title": "Name", "image": "Photo"}}]"#)
        let lenient = await run(["build", "--config", site.configPath])
        #expect(lenient.code == 0 && lenient.capture.err.contains("people.csv:3"), "\(lenient.capture.err)")
        #expect(site.directory.exists("public/people/a/index.html"))
        let strict = await run(["build", "--config", site.configPath, "--strict"])
        #expect(strict.code == 1 && strict.capture.err.contains("people.csv:3"), "\(strict.capture.err)")
    }
}
