/// One entry of a source's `filters`: a field the gallery can be narrowed by, with the values offered.
public struct FilterSpec: Sendable, Hashable {
    /// What values the filter offers.
    public enum Kind: Sendable, Hashable {
        /// One value per distinct value of the field (as shown).
        case value
        /// Ranges between ascending bounds of a numeric field: `[0, 1, 5]` offers [0, 1), [1, 5) and [5, ∞).
        case ranges([Double])
        /// Thresholds of a numeric field: `[3, 4]` offers "3 or more" and "4 or more".
        case atLeast([Double])
    }

    /// The field's name: `title`, `subtitle`, `id` or an extra field's.
    public var field: String
    /// What values it offers.
    public var kind: Kind
    /// Whether each value gets gallery pages of its own (`<collection>/by-<field>/<value>/`), browsable
    /// without JavaScript (`"pages": true`; at most one filter of a source).
    public var pages: Bool
    /// Whether each value's items also get card blocks in the value's order (docs/search.md, "Cards"), so that a
    /// filtered view fetches the cards it shows in a few requests however spread out its items are:
    /// `"cards": true` or `false`; nil (the default) lets the build decide (`FacetIndex.carded`).
    public var cards: Bool?

    /// Creates a filter.
    /// - Parameters:
    ///   - field: The field's name.
    ///   - kind: What values it offers.
    ///   - pages: Whether each value gets pages of its own.
    ///   - cards: Whether its values get card blocks (nil: the build decides).
    public init(field: String, kind: Kind = .value, pages: Bool = false, cards: Bool? = nil) {
        self.field = field
        self.kind = kind
        self.pages = pages
        self.cards = cards
    }

    /// The bounds of a range or threshold filter; empty for a value filter.
    public var bounds: [Double] {
        switch kind {
        case .value: []
        case .ranges(let bounds), .atLeast(let bounds): bounds
        }
    }
}
