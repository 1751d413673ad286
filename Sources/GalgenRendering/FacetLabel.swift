import Foundation

/// What a filter value is, and the one place its words are made (the i18n contract's
/// `filterRange`, `filterFrom`, `filterAtLeast` and `filterCount`, in English until the theme's
/// message tables are wired in).
public enum FacetLabel: Sendable, Hashable {
    /// A field's value, shown as it is.
    case text(String)
    /// `[from, to)`, or from `from` up when `to` is nil.
    case range(from: Double, to: Double?)
    /// `value` or more.
    case atLeast(Double)

    /// The words shown for the value.
    public var text: String {
        switch self {
        case .text(let text): text
        case .range(let from, let to?): Self.format("{from}–{to}", ["from": Self.number(from), "to": Self.number(to)])
        case .range(let from, nil): Self.format("{from} or more", ["from": Self.number(from)])
        case .atLeast(let value): Self.format("{value} or more", ["value": Self.number(value)])
        }
    }

    /// `filterCount`: "1 item", "5 items".
    public static func count(_ n: Int) -> String { n == 1 ? "1 item" : "\(n) items" }

    /// A bound as written: `5`, `4.5`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A message with its `{name}` placeholders filled.
    static func format(_ message: String, _ params: [String: String]) -> String {
        var out = message
        for (name, value) in params.sorted(by: { $0.key < $1.key }) { out = out.replacingOccurrences(of: "{\(name)}", with: value) }
        return out
    }
}
