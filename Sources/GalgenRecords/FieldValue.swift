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
    /// For a date-time: the wall-clock time it was written with, in minutes after midnight (in the
    /// value's own offset; UTC for Unix seconds), for locale formats; nil for a date alone. (A small
    /// integer, so a value takes no more memory than before: a million items hold millions of them.)
    public var minuteOfDay: Int16?

    /// Creates a value.
    /// - Parameters:
    ///   - text: Text shown.
    ///   - href: Safe link.
    ///   - datetime: ISO 8601 date or date-time.
    ///   - number: Numeric value for sorting.
    ///   - minuteOfDay: A date-time's wall-clock time as written, in minutes after midnight.
    public init(text: String, href: String? = nil, datetime: String? = nil, number: Double? = nil, minuteOfDay: Int16? = nil) {
        self.text = text
        self.href = href
        self.datetime = datetime
        self.number = number
        self.minuteOfDay = minuteOfDay
    }
}
