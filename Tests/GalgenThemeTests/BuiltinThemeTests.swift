import Foundation
import GalgenCore
import GalgenTestSupport
import GalgenTheme
import Testing

/// The built-in theme as compiled into the binary: SwiftPM embeds `Sources/GalgenTheme/Theme` by file name and
/// `BuiltinTheme` lists the paths by hand, so a file added, renamed or removed there and not here fails.
struct BuiltinThemeTests {
    @Test func theEmbeddedThemeIsTheThemeFolder() throws {
        let fs = LocalFileSystem()
        let onDisk = try fs.listFilesRecursively(at: Repository.templates)
        #expect(BuiltinTheme.files.map(\.path) == onDisk)
        for file in BuiltinTheme.files {
            #expect(Data(file.bytes) == (try fs.readFile(at: Repository.templates + "/" + file.path)), "\(file.path)")
        }
    }

    @Test func everyTemplateAndMessageTableIsThere() throws {
        let paths = Set(BuiltinTheme.files.map(\.path))
        for page in ["index", "item", "albums", "404"] { #expect(paths.contains(page + ".mustache"), "\(page)") }
        let tables = paths.filter { $0.hasPrefix("i18n/") && $0.hasSuffix(".json") }
        #expect(tables.contains("i18n/en.json"))
        for table in tables.sorted() {
            let bytes = try #require(BuiltinTheme.files.first { $0.path == table }).bytes
            #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) is [String: Any], "\(table) is a JSON object")
        }
    }
}
