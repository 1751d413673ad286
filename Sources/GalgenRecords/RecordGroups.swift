public import GalgenConfig
import Foundation
public import GalgenCore

/// One album of a grouped collection: its name, its URL-safe folder and its records' positions.
public struct RecordGroup: Sendable, Hashable {
    /// The name shown (the field's value, its year, month or first letter), or "No <field>" for records without one.
    public var title: String
    /// URL-safe and unique among the collection's albums: the album's folder.
    public var slug: String
    /// Positions of its records in the collection's (sorted) order, ascending.
    public var members: [Int]
    /// Whether this is the album of records without a value.
    public var isRest: Bool
}

/// Splits a collection into albums by a field (`groupBy`).
public enum RecordGroups {
    /// Folder names an album may not take (the collection's own later pages live in `page/`).
    static let reservedSlugs: Set<String> = ["page"]

    /// The albums of `records`, in album order: by name in the site language's collation (dates in
    /// time order), `order` deciding the direction; the album of records without a value last.
    /// Records keep their order inside each album.
    /// - Parameters:
    ///   - records: The collection's records, already sorted.
    ///   - spec: The grouping.
    ///   - fields: The source's extra fields.
    ///   - language: The site's language.
    ///   - source: The source's name, for messages.
    /// - Returns: The albums and what to report (album names that made the same folder name).
    public static func group(_ records: [Record], by spec: GroupSpec, fields: [FieldSpec], language: String,
                             source: String) -> (groups: [RecordGroup], diagnostics: [Diagnostic]) {
        var byName: [String: Int] = [:]
        var names: [String] = []
        var members: [[Int]] = []
        var rest: [Int] = []
        let field = RecordField(spec.field, fields: fields)
        for (i, record) in records.enumerated() {
            guard let field, let name = bucket(of: record, field, spec.bucket) else {
                rest.append(i)
                continue
            }
            if let g = byName[name] {
                members[g].append(i)
            } else {
                byName[name] = names.count
                names.append(name)
                members.append([i])
            }
        }
        let collator = Collator(language: language)
        let keys: [[UInt8]] = names.map { spec.bucket == .year || spec.bucket == .month ? Array($0.utf8) : collator.key($0) }
        var order = names.indices.sorted { a, b in
            if keys[a] == keys[b] { return names[a] < names[b] }
            return keys[a].lexicographicallyPrecedes(keys[b])
        }
        if spec.order == .desc { order.reverse() }

        var groups: [RecordGroup] = []
        var diagnostics: [Diagnostic] = []
        var used = UniqueNames(reserved: reservedSlugs)
        func add(_ title: String, _ list: [Int], isRest: Bool) {
            let base = Slug.make(title)
            let slug = used.claim(base)
            if slug != base {
                diagnostics.append(Diagnostic(.warning, code: "group.slug-collision", subject: "\(source): album \"\(title)\"",
                                              message: "the album's folder name \"\(base)\" is taken; using \"\(slug)\""))
            }
            groups.append(RecordGroup(title: title, slug: slug, members: list, isRest: isRest))
        }
        for g in order { add(names[g], members[g], isRest: false) }
        if !rest.isEmpty {
            let label = fields.first { $0.name == spec.field }?.label ?? spec.field
            add("No \(label.lowercased())", rest, isRest: true)
        }
        return (groups, diagnostics)
    }

    /// The album name of one record, or nil when it has no value for the field.
    static func bucket(of record: Record, _ field: RecordField, _ bucket: GroupSpec.Bucket) -> String? {
        guard let text = record.value(field)?.text, !text.isEmpty else { return nil }
        switch bucket {
        case .value: return text
        case .year: return String(text.prefix(4))
        case .month: return String(text.prefix(text.count >= 7 ? 7 : 4))
        case .letter: return initial(of: text)
        }
    }

    /// The first letter without its accents, uppercased (`é` → `E`, `ł` → `L`); `#` when the text starts with anything else.
    static func initial(of text: String) -> String {
        guard let first = text.first else { return "#" }
        guard first.isLetter else { return "#" }
        let special: [Character: String] = ["ł": "L", "Ł": "L", "ø": "O", "Ø": "O", "đ": "D", "Đ": "D", "ß": "S", "æ": "A", "Æ": "A", "œ": "O", "Œ": "O"]
        if let mapped = special[first] { return mapped }
        let decomposed = String(first).decomposedStringWithCanonicalMapping
        guard let base = decomposed.unicodeScalars.first else { return "#" }
        return String(base).uppercased()
    }
}
