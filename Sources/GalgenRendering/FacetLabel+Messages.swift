import GalgenSearch

extension FacetLabel {
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
}
