import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenSiteModel

// Locale formats of field values (`"fieldFormat": "locale"`): made once per build, before any page,
// data shard or key sees the items, so every page, the lightbox's data and the incremental memo all
// see the same text; `<time datetime>`, sorting, albums and feeds keep the plain values.

extension SiteRenderer {
    /// The collections with each date, number, price, duration and rating field shown in the
    /// config language's formats; unchanged with the plain format.
    /// - Parameters:
    ///   - collections: The collections as the records made them.
    ///   - formatter: The site language's formats; nil for the plain format.
    /// - Returns: The collections to render.
    static func withFieldFormat(_ collections: [Collection], formatter: LocaleFormatter?) -> [Collection] {
        guard let formatter else { return collections }
        return collections.map { collection in
            let formatted = collection.fields.indices.filter { collection.fields[$0].type.isNumeric }
            guard !formatted.isEmpty else { return collection }
            var collection = collection
            // Values repeat (prices, days, ratings): each distinct one is formatted once per field.
            var shown = [[FieldValue: String]](repeating: [:], count: collection.fields.count)
            for i in collection.items.indices {
                for f in formatted where f < collection.items[i].record.fields.count {
                    guard let value = collection.items[i].record.fields[f] else { continue }
                    let text = shown[f][value] ?? formatter.text(of: value, as: collection.fields[f])
                    shown[f][value] = text
                    collection.items[i].record.fields[f]?.text = text
                }
            }
            return collection
        }
    }

    /// What the page keys add for the field format: the ICU version with locale formats (another
    /// ICU may format differently, so its pages are rendered again rather than mixed), nil with plain.
    /// - Parameter config: The site config.
    /// - Returns: The key part, or nil.
    static func fieldFormatKeyPart(_ config: SiteConfig) -> String? {
        config.fieldFormat == .locale ? "locale \(config.language) \(CollationLibrary.version.version)" : nil
    }

    /// A count (`1 234` in Swedish) in the site language's digits and grouping when the config's
    /// `fieldFormat` is `locale`, else plain digits (`1234`): for count labels such as "1,234 items".
    /// - Parameter n: The count.
    /// - Returns: Its text.
    public func countText(_ n: Int) -> String {
        messages.number(n)
    }
}
