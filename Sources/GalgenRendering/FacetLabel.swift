import Foundation

/// What a filter value is; its words come from the theme's messages (``text(_:)``).
public enum FacetLabel: Sendable, Hashable {
    /// A field's value, shown as it is.
    case text(String)
    /// `[from, to)`, or from `from` up when `to` is nil.
    case range(from: Double, to: Double?)
    /// `value` or more.
    case atLeast(Double)

    /// The words shown for the value, from the theme's messages (`filterRange`, `filterFrom`,
    /// `filterAtLeast`) in the site's language.
    /// - Parameter messages: The site's messages.
    /// - Returns: The text.
    func text(_ messages: Messages) -> String {
        switch self {
        case .text(let text): text
        case .range(let from, let to?): messages.format("filterRange", ["from": Self.number(from), "to": Self.number(to)])
        case .range(let from, nil): messages.format("filterFrom", ["from": Self.number(from)])
        case .atLeast(let value): messages.format("filterAtLeast", ["value": Self.number(value)])
        }
    }

    /// A bound as written: `5`, `4.5`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
