import Foundation
public import GalgenConfig
public import GalgenCore
import GalgenRecords
import GalgenTheme

// Message tables read and checked: the built-in ones, a theme folder's (`Templates/i18n/`), and a
// site's overrides (`i18n/<language>.json` beside config.json). A site's table is checked like the
// config: an unknown key, a value of the wrong type, a placeholder left out or bad JSON is a
// ConfigError naming file:line:column.

extension Messages {
    /// The table every other one is checked against, and whose text stands in for missing messages.
    static let englishEntries: [String: Message] = {
        guard let file = BuiltinTheme.files.first(where: { $0.path == "i18n/en.json" }),
              let entries = try? parse(Data(file.bytes), name: "built-in theme: i18n/en.json", english: nil) else { return [:] }
        return entries
    }()

    /// The built-in English messages (the default for a site without a `language`).
    public static var english: Messages { Messages(language: "en", entries: englishEntries, fallbackNote: nil) }

    /// Which table names a language tag may use, most specific first: `pt-BR` → `pt-br`, `pt`; `zh-CN`,
    /// `zh-SG` and `zh-Hans` → `zh` (Simplified Chinese); `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant` →
    /// `zh-hant` (Traditional Chinese), never the Simplified table.
    static func candidates(for language: String) -> [String] {
        let parts = language.lowercased().split(separator: "-").map(String.init)
        guard let primary = parts.first, !primary.isEmpty else { return [] }
        if primary == "zh" && parts.count > 1 && (parts.contains("hant") || ["tw", "hk", "mo"].contains(parts[1])) {
            return language.lowercased() == "zh-hant" ? ["zh-hant"] : [language.lowercased(), "zh-hant"]
        }
        return parts.count > 1 ? [language.lowercased(), primary] : [primary]
    }

    /// The messages of a site.
    /// - Parameters:
    ///   - language: The site's language tag.
    ///   - tables: The theme's message tables (`i18n/<name>.json`: built-in, or the site's templates folder).
    ///   - siteDirectory: The folder of config.json, where `i18n/<language>.json` overrides messages.
    ///   - fileSystem: Where the override is read from.
    /// - Throws: ``ConfigError`` for a table of the site that is not valid.
    public static func load(language: String, tables: [Theme.File], siteDirectory: String,
                            fileSystem: any FileSystem) throws(ConfigError) -> Messages {
        let names = candidates(for: language)
        var entries = englishEntries
        var layers: [(name: String, entries: [String: Message])] = []
        if let table = names.lazy.compactMap({ name in tables.first { $0.path.lowercased() == "i18n/\(name).json" } }).first {
            let parsed = try parse(table.data, name: table.location, english: englishEntries)
            layers.append((table.location, parsed))
        }
        let overrideNames = [language] + names.filter { $0 != language.lowercased() }
        for name in overrideNames {
            let path = siteDirectory + "/i18n/" + name + ".json"
            guard fileSystem.targetKind(at: path) != nil else { continue }
            let data: Data
            do { data = try fileSystem.readFile(at: path) } catch { throw ConfigError(.unreadable, file: path, message: error.reason) }
            let parsed = try parse(data, name: path, english: englishEntries)
            layers.append((path, parsed))
            break
        }
        var covered: Set<String> = []
        for layer in layers {
            for (key, message) in layer.entries {
                entries[key] = message
                covered.insert(key)
            }
        }
        return Messages(language: language, entries: entries,
                        fallbackNote: note(language: language, covered: covered, layers: layers.map(\.name)))
    }

    /// What to say about English standing in: nil for English, or when the tables cover every message.
    static func note(language: String, covered: Set<String>, layers: [String]) -> String? {
        if candidates(for: language).last == "en" { return nil }
        if layers.isEmpty {
            return "no message table for the language \"\(language)\": the theme's text is in English "
                + "(add i18n/\(language).json beside config.json to translate it; see docs/themes.md, \"Languages\")"
        }
        let missing = englishEntries.keys.filter { !covered.contains($0) }.sorted()
        guard !missing.isEmpty else { return nil }
        return "the message tables for \"\(language)\" (\(layers.joined(separator: ", "))) lack \(missing.count) of "
            + "\(englishEntries.count) messages (\(missing.prefix(3).joined(separator: ", "))\(missing.count > 3 ? ", …" : "")): English is used for them"
    }

    /// Reads one table. With `english`, checks it against the English table: known keys, the same kind
    /// of message, every placeholder kept and no new ones, CLDR categories with `other`.
    static func parse(_ data: Data, name: String, english: [String: Message]?) throws(ConfigError) -> [String: Message] {
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, sourceName: name)
        } catch {
            throw ConfigError(.malformedJSON, file: name, position: (error.line, error.column), message: "malformed JSON: \(error.message)",
                              hint: "a message table is strict JSON: { \"key\": \"text\", … }, double quotes, no comments")
        }
        func fail(_ code: ConfigError.Code, _ offset: Int, _ key: String, _ message: String, _ hint: String? = nil) -> ConfigError {
            ConfigError(code, file: name, position: document.lineColumn(of: offset), keyPath: key, message: message, hint: hint)
        }
        guard case .object(let members) = document.root.value else {
            throw fail(.wrongType, document.root.offset, "", "expected an object of messages, found \(document.root.value.kindName)",
                       "write { \"skipToContent\": \"…\", … }")
        }
        var entries: [String: Message] = [:]
        for member in members {
            if entries[member.key] != nil {
                throw fail(.duplicateKey, member.keyOffset, member.key, "the message \"\(member.key)\" appears twice", "keep one of them")
            }
            let englishMessage = english?[member.key]
            if english != nil && englishMessage == nil {
                throw fail(.unknownKey, member.keyOffset, member.key, "unknown message \"\(member.key)\"",
                           "use the keys of the built-in i18n/en.json (galgen theme eject writes it)")
            }
            entries[member.key] = try message(member, english: englishMessage, fail: fail)
        }
        return entries
    }

    private static func message(_ member: JSONMember, english: Message?,
                                fail: (ConfigError.Code, Int, String, String, String?) -> ConfigError) throws(ConfigError) -> Message {
        let node = member.node
        switch node.value {
        case .string(let text):
            if case .plural? = english {
                throw fail(.wrongType, node.offset, member.key, "expected a plural object, found a string",
                           "write {\"one\": \"…\", \"other\": \"…\"} with the forms your language needs")
            }
            if case .text(let englishText)? = english {
                try checkPlaceholders(text, required: placeholders(englishText), allowed: placeholders(englishText),
                                      node: node, key: member.key, fail: fail)
            }
            return .text(text)
        case .object(let forms):
            if case .text? = english {
                throw fail(.wrongType, node.offset, member.key, "expected a string, found an object", "write \"\(member.key)\": \"…\"")
            }
            var result: [String: String] = [:]
            for form in forms {
                let path = member.key + "." + form.key
                guard PluralRules.order.contains(form.key) else {
                    throw fail(.unknownKey, form.keyOffset, path, "unknown plural category \"\(form.key)\"",
                               "use CLDR's categories: zero, one, two, few, many, other")
                }
                guard case .string(let text) = form.node.value else {
                    throw fail(.wrongType, form.node.offset, path, "expected a string, found \(form.node.value.kindName)", nil)
                }
                result[form.key] = text
            }
            guard result["other"] != nil else {
                throw fail(.missingKey, node.offset, member.key, "a plural message needs an \"other\" form", "add \"other\": \"…\"")
            }
            if case .plural(let englishForms)? = english {
                let allowed = englishForms.values.reduce(into: Set<String>()) { $0.formUnion(placeholders($1)) }
                for form in forms {
                    guard case .string(let text) = form.node.value else { continue }
                    // `{count}` may be spelt out in a form of its own ("one item" in Arabic: عنصر واحد); `other` keeps it.
                    let required = form.key == "other" ? allowed : allowed.subtracting(["count"])
                    try checkPlaceholders(text, required: required, allowed: allowed, node: form.node, key: member.key + "." + form.key, fail: fail)
                }
            }
            return .plural(result)
        default:
            throw fail(.wrongType, node.offset, member.key, "expected a string or a plural object, found \(node.value.kindName)", nil)
        }
    }

    private static func checkPlaceholders(_ text: String, required: Set<String>, allowed: Set<String>, node: JSONNode, key: String,
                                          fail: (ConfigError.Code, Int, String, String, String?) -> ConfigError) throws(ConfigError) {
        let found = placeholders(text)
        if let missing = required.subtracting(found).sorted().first {
            throw fail(.invalidValue, node.offset, key, "the message leaves out the placeholder {\(missing)}",
                       "keep every placeholder of the English message: \(allowed.sorted().map { "{\($0)}" }.joined(separator: " "))")
        }
        if let unknown = found.subtracting(allowed).sorted().first {
            throw fail(.invalidValue, node.offset, key, "unknown placeholder {\(unknown)}",
                       "use only the placeholders of the English message: \(allowed.sorted().map { "{\($0)}" }.joined(separator: " "))")
        }
    }
}

extension Messages {
    /// A message table read from `bytes` as a theme's `messages/pl.json` would be (checked against
    /// English), with its keys: for the fuzz target (`Fuzz/FuzzMessages`); nil when it is refused.
    package static func table(fuzzing bytes: [UInt8]) -> (messages: Messages, keys: [String])? {
        guard let entries = try? parse(Data(bytes), name: "fuzz.json", english: englishEntries) else { return nil }
        return (Messages(language: "pl", entries: entries, fallbackNote: nil), entries.keys.sorted())
    }
}
