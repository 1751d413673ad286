import CICUShim

/// CLDR's cardinal plural rules for a language, through ICU: the category (`one`, `few`, `many`, `other`, …)
/// a count takes, as the site's message tables choose "1 item" or "5 items" ("5 elementów" in Polish).
/// Immutable once made; safe to share.
public final class PluralRules: Sendable {
    private nonisolated(unsafe) let handle: OpaquePointer?
    /// The BCP 47 tag the rules were opened for.
    public let language: String

    /// Opens the rules of a language.
    /// - Parameter language: A BCP 47 tag, e.g. `pl`, `pt-BR` (an unknown language gets ICU's root rules: `other` only).
    public init(language: String) {
        var status: Int32 = 0
        self.language = language
        self.handle = gg_plural_rules_open(language, &status)
    }

    deinit { gg_plural_rules_close(handle) }

    /// The category of `count`, e.g. `one` for 1 in English, `few` for 2 in Polish; `other` when ICU could not open the rules.
    /// - Parameter count: A count of things (a non-negative integer).
    public func category(_ count: Int) -> String {
        guard let handle else { return "other" }
        var out = [CChar](repeating: 0, count: 32)
        let capacity = Int32(out.count)
        let length = gg_plural_rules_select(handle, Double(count), &out, capacity)
        guard length > 0 else { return "other" }
        return String(decoding: out[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every category the language has, in CLDR's order (`zero one two few many other`), `other` always among them.
    public var categories: [String] {
        var found: Set<String> = ["other"]
        if let handle {
            var out = [CChar](repeating: 0, count: 128)
            let capacity = Int32(out.count)
            let length = gg_plural_rules_keywords(handle, &out, capacity)
            if length > 0 {
                let text = String(decoding: out[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                found.formUnion(text.split(separator: " ").map(String.init))
            }
        }
        return Self.order.filter { found.contains($0) }
    }

    /// CLDR's categories in their usual order.
    public static let order = ["zero", "one", "two", "few", "many", "other"]
}
