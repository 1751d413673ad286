import Foundation
import GalgenTestSupport
import Testing

/// Locale field formats do not depend on the machine: `galgen build` in processes with time zones
/// 26 hours apart and another locale writes the same bytes, with times as the records wrote them.
struct FieldFormatCLITests {
    @Test(.enabled(if: GalgenBinary.isBuilt)) func sameBytesInEveryTimeZone() throws {
        let site = try FixtureSite(count: 1)
        defer { site.directory.remove() }
        try site.writeRecords("""
            [{"id": "a", "title": "A", "image": "images/0.jpg", "released": "2015-06-01T23:30:00-02:00", "stamp": 1433116800, "price": 4.99}]
            """)
        try site.writeConfig(sources: #"""
            [{"name": "apps", "type": "json", "path": "records.json",
              "fields": {"id": "id", "title": "title", "image": "image",
                         "extra": {"released": {"path": "released", "type": "date"}, "stamp": {"path": "stamp", "type": "date"},
                                   "price": {"path": "price", "type": "currency", "currency": "EUR"}}}}]
            """#, extra: #""language": "de", "fieldFormat": "locale""#)
        var outputs: [[(String, Data)]] = []
        for (zone, locale) in [("Pacific/Kiritimati", "C.UTF-8"), ("America/Los_Angeles", "sv_SE.UTF-8")] {
            let output = site.directory.path + "/out-\(outputs.count)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: GalgenBinary.path)
            process.arguments = ["build", "--quiet", "--config", site.configPath, "--output", output]
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = zone
            environment["LANG"] = locale
            environment["LC_ALL"] = locale
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(zone)")
            outputs.append(try FixtureSite.snapshot(of: output))
        }
        let page = try #require(outputs[0].first { $0.0.hasSuffix("apps/a/index.html") })
        let html = String(decoding: page.1, as: UTF8.self)
        #expect(html.contains("1. Juni 2015 um 23:30") && html.contains("1. Juni 2015 um 00:00") && html.contains("4,99\u{A0}€"))
        #expect(outputs[0].map(\.0) == outputs[1].map(\.0))
        for ((path, a), (_, b)) in zip(outputs[0], outputs[1]) where a != b { Issue.record("\(path) differs between time zones") }
    }
}
