import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenTestSupport
import Testing

/// The built-in message tables: each has exactly the English keys, the same placeholders per message, and
/// exactly the plural categories its language has in ICU's CLDR rules.
struct MessageTablesTests {
    static let languages = ["ar", "de", "en", "es", "fr", "he", "it", "ja", "nl", "pl", "pt", "sv", "zh-hant", "zh"]

    private func table(_ language: String) throws -> [String: Messages.Message] {
        let file = try #require(Theme.builtin.tables.first { $0.path == "i18n/\(language).json" }, "no table for \(language)")
        return try Messages.parse(file.data, name: file.location, english: nil)
    }

    @Test func everyLanguageIsBuiltIn() {
        #expect(Theme.builtin.tables.map(\.path) == Self.languages.map { "i18n/\($0).json" })
    }

    @Test(arguments: MessageTablesTests.languages)
    func tableHasTheEnglishKeysPlaceholdersAndCategories(_ language: String) throws {
        let english = try table("en"), own = try table(language)
        #expect(Set(own.keys) == Set(english.keys), "\(language): keys differ: \(Set(own.keys).symmetricDifference(english.keys).sorted())")
        let categories = PluralRules(language: language).categories
        for (key, message) in own.sorted(by: { $0.key < $1.key }) {
            switch (english[key], message) {
            case (.text(let e)?, .text(let text)):
                #expect(Messages.placeholders(text) == Messages.placeholders(e), "\(language).\(key): placeholders of \(text)")
            case (.plural(let e)?, .plural(let forms)):
                #expect(forms.keys.sorted() == categories.sorted(), "\(language).\(key): categories \(forms.keys.sorted()), ICU says \(categories)")
                let all = e.values.reduce(into: Set<String>()) { $0.formUnion(Messages.placeholders($1)) }
                for (category, text) in forms {
                    let found = Messages.placeholders(text)
                    let required = category == "other" ? all : all.subtracting(["count"])
                    #expect(found.isSubset(of: all) && required.isSubset(of: found), "\(language).\(key).\(category): placeholders of \(text)")
                }
            default:
                Issue.record("\(language).\(key): not the same kind of message as in English")
            }
        }
        // And the checks a site's override goes through accept it as it is (an ejected table is an override).
        let file = try #require(Theme.builtin.tables.first { $0.path == "i18n/\(language).json" })
        _ = try Messages.parse(file.data, name: "site/i18n/\(language).json", english: Messages.englishEntries)
    }

    @Test func pluralFormsFollowTheLanguage() throws {
        let pl = try Messages.load(language: "pl", tables: Theme.builtin.tables, siteDirectory: "/nowhere", fileSystem: MemoryFileSystem())
        #expect([0, 1, 2, 5, 22, 101].map { pl.format("itemCount", count: $0) }
                == ["0 elementów", "1 element", "2 elementy", "5 elementów", "22 elementy", "101 elementów"])
        let ar = try Messages.load(language: "ar", tables: Theme.builtin.tables, siteDirectory: "/nowhere", fileSystem: MemoryFileSystem())
        #expect(ar.format("itemCount", count: 1) == "عنصر واحد" && ar.format("itemCount", count: 11) == "11 عنصرًا")
        let position = ar.split("itemPosition", around: "collection", ["position": "3", "count": "9"])
        #expect(position.before == "3 من 9 في " && position.after == "")
        #expect(Messages.english.format("searchShowing", ["shown": "20"], count: 312) == "Showing 20 of 312 matches")
    }

    @Test func regionsUseTheirLanguageAndUnknownLanguagesSaySoOnce() throws {
        let fs = MemoryFileSystem()
        func load(_ language: String) throws -> Messages {
            try Messages.load(language: language, tables: Theme.builtin.tables, siteDirectory: "/site", fileSystem: fs)
        }
        #expect(try load("pt-BR").format("skipToContent") == "Ir para o conteúdo")
        #expect(try load("de-AT").format("skipToContent") == "Zum Inhalt springen")
        #expect(try load("zh-Hans").format("skipToContent") == "跳到正文" && (try load("zh-CN")).fallbackNote == nil)
        #expect(try load("en-GB").fallbackNote == nil && (try load("sv")).fallbackNote == nil)
        let korean = try load("ko")
        #expect(korean.format("skipToContent") == "Skip to content")
        #expect(korean.fallbackNote?.contains("\"ko\"") == true)
        for tag in ["zh-TW", "zh-Hant", "zh-Hant-HK", "zh-MO"] {
            let traditional = try load(tag)
            #expect(traditional.format("skipToContent") == "跳至主要內容" && traditional.fallbackNote == nil,
                    "\(tag): Traditional Chinese, never the Simplified table")
        }
        // A partial override for a language without a table: English for the rest, said once.
        try fs.createDirectory(at: "/site/i18n")
        try fs.writeFileAtomically(Data(#"{"skipToContent": "본문으로 건너뛰기"}"#.utf8), to: "/site/i18n/ko.json")
        let partial = try load("ko")
        #expect(partial.format("skipToContent") == "본문으로 건너뛰기" && partial.format("visitLink") == "Visit link")
        #expect(partial.fallbackNote?.contains("lack \(Messages.englishEntries.count - 1) of") == true, "\(partial.fallbackNote ?? "")")
    }

    @Test func overridesReplaceStringsAndChangeTheFingerprint() throws {
        let fs = MemoryFileSystem()
        try fs.createDirectory(at: "/site/i18n")
        let plain = try Messages.load(language: "sv", tables: Theme.builtin.tables, siteDirectory: "/site", fileSystem: fs)
        try fs.writeFileAtomically(Data(#"{"visitLink": "Besök </script><b>", "searchMatches": {"one": "en träff", "other": "{count} träffar"}}"#.utf8),
                                   to: "/site/i18n/sv.json")
        let own = try Messages.load(language: "sv", tables: Theme.builtin.tables, siteDirectory: "/site", fileSystem: fs)
        #expect(own.format("visitLink") == "Besök </script><b>" && own.format("skipToContent") == "Hoppa till innehållet")
        #expect(own.format("searchMatches", count: 1) == "en träff")
        #expect(own.fingerprint != plain.fingerprint)
        #expect(!own.runtimeJSON.contains("<") && own.runtimeJSON.contains(#""searchMatches":{"one":"en träff","other":"{count} träffar"}"#))
    }

    @Test(arguments: [
        (#"{"skipToContent": "x",\#n  "skipToContnet": "y"}"#, "2:3", "unknown message \"skipToContnet\""),
        (#"{"findIn": "Sök"}"#, "1:12", "leaves out the placeholder {title}"),
        (#"{"findIn": "Sök i {titel}"}"#, "1:12", "leaves out the placeholder {title}"),
        (#"{"findIn": "{title} {what}"}"#, "1:12", "unknown placeholder {what}"),
        (#"{"itemCount": "{count} objekt"}"#, "1:15", "expected a plural object"),
        (#"{"itemCount": {"one": "ett objekt"}}"#, "1:15", "needs an \"other\" form"),
        (#"{"itemCount": {"one": "ett", "other": "många"}}"#, "1:39", "leaves out the placeholder {count}"),
        (#"{"itemCount": {"single": "x", "other": "{count}"}}"#, "1:16", "unknown plural category"),
        (#"{"visitLink": 3}"#, "1:15", "expected a string or a plural object"),
        (#"{"visitLink": "a", }"#, "1:20", "malformed JSON"),
    ])
    func badOverridesNameFileLineAndColumn(_ text: String, _ position: String, _ message: String) throws {
        let fs = MemoryFileSystem()
        try fs.createDirectory(at: "/site/i18n")
        try fs.writeFileAtomically(Data(text.utf8), to: "/site/i18n/sv.json")
        do {
            _ = try Messages.load(language: "sv", tables: Theme.builtin.tables, siteDirectory: "/site", fileSystem: fs)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix("/site/i18n/sv.json:\(position): "), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
