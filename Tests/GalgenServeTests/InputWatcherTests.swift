import Foundation
import GalgenCore
@testable import GalgenServe
import GalgenTestSupport
import Testing

/// `galgen serve` rebuilds when a file below `i18n/` beside the config (the site's message overrides) appears or changes.
struct InputWatcherTests {
    @Test func messageOverridesAreInputs() throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        let watcher = InputWatcher(configPath: site.configPath, fileSystem: LocalFileSystem())
        let before = watcher.snapshot()
        try site.directory.write(#"{"builtWith": "Byggd med galgen."}"#, to: "i18n/sv.json")
        let added = watcher.snapshot()
        #expect(added.changes(since: before) == [site.directory.path + "/i18n/sv.json"])
        try site.directory.write(#"{"builtWith": "Gjord med galgen."}"#, to: "i18n/sv.json")
        #expect(watcher.snapshot().changes(since: added) == [site.directory.path + "/i18n/sv.json"])
    }
}
