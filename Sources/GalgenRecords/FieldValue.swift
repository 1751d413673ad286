/// One extra field of a record, read and formatted by its ``GalgenConfig/FieldSpec``: the text shown,
/// and what makes it a link, a `<time>` and comparable as a number.
public struct FieldValue: Sendable, Hashable {
    /// The text shown (cleaned; escaped by the templates).
    public var text: String
    /// A safe link for it: an `http(s)` URL or `mailto:` address; nil for plain values.
    public var href: String?
    /// ISO 8601 date (or date-time) for `<time datetime>`, for dates.
    public var datetime: String?
    /// The value as a number (seconds since 1970 for dates), for sorting; nil for text.
    public var number: Double?
    /// The value as a plain decimal (`1234.50`, as written), for locale formats: numbers and numeric prices.
    public var decimal: String?
    /// The wall-clock time of a date-time as written (`07:00:00`, in the value's own offset; UTC for
    /// Unix seconds), for locale formats; nil for a date without a time.
    public var time: String?

    /// Creates a value.
    /// - Parameters:
    ///   - text: Text shown.
    ///   - href: Safe link.
    ///   - datetime: ISO 8601 date or date-time.
    ///   - number: Numeric value for sorting.
    ///   - decimal: The value as a plain decimal, for locale formats.
    ///   - time: A date-time's wall-clock time as written (`HH:MM:SS`), for locale formats.
    public init(text: String, href: String? = nil, datetime: String? = nil, number: Double? = nil, decimal: String? = nil,
                time: String? = nil) {
        self.text = text
        self.href = href
        self.datetime = datetime
        self.number = number
        self.decimal = decimal
        self.time = time
    }
}
