import Foundation

/// What a filter value is; its words come from the theme's messages (GalgenRendering's `text(_:)`).
public enum FacetLabel: Sendable, Hashable {
    /// A field's value, shown as it is.
    case text(String)
    /// `[from, to)`, or from `from` up when `to` is nil.
    case range(from: Double, to: Double?)
    /// `value` or more.
    case atLeast(Double)

    /// A bound as written: `5`, `4.5`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
