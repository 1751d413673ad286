/// How a field's value is read, shown and compared (`fields.extra.<name>.type`).
public enum FieldType: String, Sendable, Hashable, CaseIterable {
    /// Plain text, shown as it is (cleaned).
    case text
    /// A number (JSON number or numeric string), compared as a number.
    case number
    /// An ISO 8601 date or date-time (`2015-06-01`, `2015-06-01T07:00:00Z`) or Unix seconds; shown as
    /// `YYYY-MM-DD` in a `<time>`, compared in time order.
    case date
    /// An absolute `http(s)` URL, shown without its scheme and linked.
    case url
    /// An e-mail address, linked as `mailto:`.
    case email
    /// A length of time in seconds (or milliseconds with `"unit": "ms"`), shown as `m:ss` or `h:mm:ss`.
    case duration
    /// A score from 0 to `max` (default 5), shown as `4.5 / 5`.
    case rating
    /// A price: a number shown with two decimals and the `currency` code, or a text such as `$4.99`
    /// or `Free` shown as it is and compared by its number (`Free` as 0).
    case currency

    /// Whether values compare as numbers (dates by their time).
    public var isNumeric: Bool { self != .text && self != .url && self != .email }

    /// Whether `"search": true` may add the field's shown text to the search index: its words are
    /// the value (text, an address's name and host, a link's host and path); numbers, dates,
    /// durations, ratings and prices are narrowed by filters, not typed as words.
    public var isSearchable: Bool { !isNumeric }
}

/// One named field a source maps besides id, title, subtitle, image and link (`fields.extra`).
public struct FieldSpec: Sendable, Hashable {
    /// Units a `duration` field's numbers are in.
    public enum DurationUnit: String, Sendable, Hashable, CaseIterable {
        /// Seconds.
        case s
        /// Milliseconds (iTunes' `trackTimeMillis`).
        case ms
    }

    /// The item's own text fields that `sort` and `groupBy` may name besides the extra ones.
    public static let itemFieldNames = ["title", "subtitle", "id"]

    /// The field's name: the key in `extra`, used by `sort` and `groupBy`, and by templates.
    public var name: String
    /// The label shown beside the value (default: the name with its first letter capitalised).
    public var label: String
    /// Where the value is in a record.
    public var path: FieldPath
    /// How it is read, shown and compared.
    public var type: FieldType
    /// For `currency` fields with numeric values: the ISO 4217 code shown after the amount.
    public var currency: String?
    /// For `duration` fields: the unit of the numbers.
    public var unit: DurationUnit
    /// For `rating` fields: the top of the scale.
    public var max: Double
    /// For `date` fields with locale formats (`"fieldFormat": "locale"`): whether a value written with
    /// a time shows it (`"time": false` shows the day only, e.g. for birthdays and release dates).
    public var showsTime = true
    /// Whether the field's shown text adds its words to the search index (`"search": true`); a
    /// result found by them names the field. Off by default.
    public var search: Bool = false

    /// Creates a field.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - label: Its label (default: made from the name).
    ///   - path: Where the value is in a record.
    ///   - type: How it is read and shown.
    ///   - currency: ISO 4217 code for numeric prices.
    ///   - unit: Unit of durations.
    ///   - max: Top of a rating's scale.
    public init(name: String, label: String? = nil, path: FieldPath, type: FieldType = .text, currency: String? = nil,
                unit: DurationUnit = .s, max: Double = 5) {
        self.name = name
        self.label = label ?? FieldSpec.label(for: name)
        self.path = path
        self.type = type
        self.currency = currency
        self.unit = unit
        self.max = max
    }

    /// `releaseDate` → `Release date`, `file_size` → `File size`.
    public static func label(for name: String) -> String {
        var words: [String] = []
        var current = ""
        for ch in name {
            if ch == "_" || ch == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if ch.isUppercase && !current.isEmpty && !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = String(ch)
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { words.append(current) }
        let sentence = words.enumerated().map { i, word in
            i == 0 ? word.prefix(1).uppercased() + word.dropFirst() : (word.count > 1 && word.allSatisfy(\.isUppercase) ? word : word.lowercased())
        }
        return sentence.joined(separator: " ")
    }
}

/// One key of a source's `sort`: `{"by": "released", "order": "desc"}`.
public struct SortSpec: Sendable, Hashable {
    /// Ascending or descending.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// Smallest first (A–Z, oldest first).
        case asc
        /// Largest first (Z–A, newest first).
        case desc
    }

    /// `title`, `subtitle`, `id` or the name of an extra field.
    public var by: String
    /// The order; records without a value come last either way.
    public var order: Order

    /// Creates a sort key.
    /// - Parameters:
    ///   - by: The field compared.
    ///   - order: The order.
    public init(by: String, order: Order = .asc) {
        self.by = by
        self.order = order
    }
}

/// A source's `groupBy`: splits its collection into albums.
public struct GroupSpec: Sendable, Hashable {
    /// What of the field's value names the album.
    public enum Bucket: String, Sendable, Hashable, CaseIterable {
        /// The value itself (as shown).
        case value
        /// The year of a date field.
        case year
        /// The year and month of a date field (`2015-06`).
        case month
        /// The first letter, accents removed and uppercased (`#` for anything but a letter).
        case letter
    }

    /// `title`, `subtitle` or the name of an extra field.
    public var field: String
    /// How values become album names.
    public var bucket: Bucket
    /// The order of the albums (by name, collated, or by date); the album of records without a value comes last.
    public var order: SortSpec.Order

    /// Creates a grouping.
    /// - Parameters:
    ///   - field: The field whose value names the album.
    ///   - bucket: How values become album names.
    ///   - order: Album order.
    public init(field: String, bucket: Bucket = .value, order: SortSpec.Order = .asc) {
        self.field = field
        self.bucket = bucket
        self.order = order
    }
}
