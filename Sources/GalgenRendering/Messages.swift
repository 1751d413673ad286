import GalgenCore
import GalgenRecords

/// The theme's words in the site's language: every string the built-in theme shows or speaks, from the
/// message table of the site's language (`i18n/<language>.json` of the theme), overridden by the site's
/// own `i18n/<language>.json` beside its config, with English for whatever a table lacks.
///
/// A message is plain text, or a plural object (`{"one": "{count} item", "other": "{count} items"}`)
/// whose form is chosen with CLDR's rules for the language (``PluralRules``, through ICU). Placeholders
/// are `{name}`. Templates read plain messages as `{{msg.key}}`; messages with placeholders are formatted
/// here into the page contexts; the runtime's messages (keys starting with `search`, `lightbox` or
/// `filter`) are embedded in the pages that load it (``runtimeJSON``).
public struct Messages: Sendable {
    /// One message: text, or plural forms by CLDR category.
    public enum Message: Sendable, Equatable {
        /// Plain text (it may hold placeholders).
        case text(String)
        /// Forms by CLDR category (`zero`, `one`, `two`, `few`, `many`, `other`); `other` is always present.
        case plural([String: String])
    }

    /// The site's language tag, e.g. `pt-BR`.
    public let language: String
    /// The messages by key: every English key, each from the most specific table that has it.
    let entries: [String: Message]
    /// The rules that choose a plural form.
    let rules: PluralRules
    /// What a build should say once about English standing in for the language (nil when nothing does).
    public let fallbackNote: String?
    /// A digest of the language and every message: part of what decides re-rendering.
    public let fingerprint: String
    /// How counts and positions are written: ICU's digits and grouping for the language with locale field
    /// formats (`12.345 Einträge`), plain digits (nil, the default). Page keys cover it through the field
    /// format's part (``SiteRenderer/fieldFormatKey``); the runtime follows it (``runtimeJSON``'s `$numbers`).
    var numbers: (@Sendable (Int) -> String)? = nil

    /// Keys the runtime reads from the page (search box, lightbox, filters).
    static func isRuntimeKey(_ key: String) -> Bool {
        key.hasPrefix("search") || key.hasPrefix("lightbox") || key.hasPrefix("filter")
    }

    init(language: String, entries: [String: Message], fallbackNote: String?) {
        self.language = language
        self.entries = entries
        self.rules = PluralRules(language: language)
        self.fallbackNote = fallbackNote
        var feed = KeyFeed()
        feed.begin("messages")
        feed.add(language)
        for key in entries.keys.sorted() {
            feed.add(key)
            switch entries[key] {
            case .text(let text): feed.add(text)
            case .plural(let forms): feed.add(forms)
            case nil: break
            }
        }
        self.fingerprint = feed.key.description
    }

    /// The text of a message with its placeholders filled in; a plural message takes the form of `count`.
    /// - Parameters:
    ///   - key: The message's key, e.g. `itemCount`.
    ///   - params: Placeholder values by name (`count` is filled from `count` when not given).
    ///   - count: The count that picks a plural form.
    /// - Returns: The text (the key itself for an unknown key, which the tests rule out).
    public func format(_ key: String, _ params: [String: String] = [:], count: Int? = nil) -> String {
        var values = params
        if let count, values["count"] == nil { values["count"] = number(count) }
        return Self.fill(template(key, count: count), values)
    }

    /// A count or position as this site writes numbers (``numbers``).
    public func number(_ n: Int) -> String { numbers?(n) ?? String(n) }

    /// A message as text before and after one placeholder (filled in), for a message around a link:
    /// `{position} of {count} in {collection}` → (`3 of 12 in `, ``), the link between them.
    /// - Parameters:
    ///   - key: The message's key.
    ///   - placeholder: The placeholder's name, without braces.
    ///   - params: Values of the other placeholders.
    /// - Returns: The text before and after the placeholder.
    func split(_ key: String, around placeholder: String, _ params: [String: String] = [:]) -> (before: String, after: String) {
        let text = template(key, count: nil)
        guard let range = text.range(of: "{" + placeholder + "}") else { return (Self.fill(text, params), "") }
        return (Self.fill(String(text[..<range.lowerBound]), params), Self.fill(String(text[range.upperBound...]), params))
    }

    /// The plain messages by key, for templates (`{{msg.skipToContent}}`).
    var templateStrings: [String: String] {
        var out: [String: String] = [:]
        for (key, message) in entries where !Self.isRuntimeKey(key) {
            if case .text(let text) = message { out[key] = text }
        }
        return out
    }

    /// The runtime's messages as a JSON object (keys sorted), safe inside `<script>`: `<`, `>` and `&` escaped.
    public var runtimeJSON: String {
        let members = entries.keys.filter(Self.isRuntimeKey).sorted().map { key -> (String, String) in
            switch entries[key] {
            case .plural(let forms)?:
                (key, JSONText.object(PluralRules.order.compactMap { c in forms[c].map { (c, JSONText.string($0)) } }))
            case .text(let text)?: (key, JSONText.string(text))
            case nil: (key, "null")
            }
        }
        // `$numbers` (no message has a `$`): the runtime writes numbers with Intl.NumberFormat, as the pages do.
        return JSONText.object((numbers == nil ? [] : [("$numbers", JSONText.string("locale"))]) + members)
    }

    private func template(_ key: String, count: Int?) -> String {
        switch entries[key] {
        case .text(let text)?: return text
        case .plural(let forms)?:
            let category = count.map { rules.category($0) } ?? "other"
            return forms[category] ?? forms["other"] ?? ""
        case nil: return key
        }
    }

    /// `text` with each `{name}` that `values` has replaced by its value (values are not scanned again).
    static func fill(_ text: String, _ values: [String: String]) -> String {
        // On the bytes: `contains` with a string goes through Foundation (a tenth of a no-op's page keys).
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }

    /// The placeholders of a text: the names between `{` and `}` that are identifiers.
    static func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if let first = name.first, first.isASCII, first.isLetter, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                found.insert(String(name))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        return found
    }
}
