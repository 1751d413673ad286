public import GalgenConfig

/// Puts a source's records in the order its `sort` asks for: text by the site language's collation
/// (accents, case and scripts in that language's order, digit runs by value), numbers and dates as
/// such, records without a value last whatever the order, ties in source order.
public enum RecordOrder {
    /// One record's value for one sort key.
    enum Value: Comparable {
        case number(Double)
        case text([UInt8])

        static func < (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.number(let x), .number(let y)): x < y
            case (.text(let x), .text(let y)): x.lexicographicallyPrecedes(y)
            case (.number, .text): true
            case (.text, .number): false
            }
        }
    }

    /// Sorts `records` (stable).
    /// - Parameters:
    ///   - records: A source's records, in source order.
    ///   - keys: The source's `sort`; empty keeps source order.
    ///   - fields: The source's extra fields (`sort` may name them).
    ///   - language: The site's language, whose collation orders text.
    public static func sort(_ records: inout [Record], by keys: [SortSpec], fields: [FieldSpec], language: String) {
        guard !keys.isEmpty, records.count > 1 else { return }
        let collator = Collator(language: language)
        let columns: [[Value?]] = keys.map { key in
            guard let field = RecordField(key.by, fields: fields) else { return Array(repeating: nil, count: records.count) }
            return records.map { value(of: $0, field, collator: collator) }
        }
        let order = records.indices.sorted { i, j in
            for (k, key) in keys.enumerated() {
                switch (columns[k][i], columns[k][j]) {
                case (nil, nil): continue
                case (nil, _): return false
                case (_, nil): return true
                case (let a?, let b?):
                    if a == b { continue }
                    return key.order == .asc ? a < b : b < a
                }
            }
            return i < j
        }
        records = order.map { records[$0] }
    }

    /// The value a record sorts by for `field`.
    static func value(of record: Record, _ field: RecordField, collator: Collator) -> Value? {
        guard let value = record.value(field) else { return nil }
        guard field.type.isNumeric else { return .text(collator.key(value.text)) }
        return value.number.map { .number($0) }
    }
}
