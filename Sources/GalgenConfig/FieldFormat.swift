/// The config's `fieldFormat`: how field values (dates, numbers, prices, durations, ratings) are shown.
public enum FieldFormat: String, Sendable, Hashable, CaseIterable {
    /// The same on every machine and in every language: `2015-06-01`, numbers as written, `4.99 USD`,
    /// `3:35`, `4.5 / 5` (the default).
    case plain
    /// The site language's formats through ICU: `1 juni 2015`, `1 234,5`, `4,99 US$` in Swedish.
    /// Deterministic for a given ICU version, which is part of the page keys.
    case locale
}

extension ConfigLoader {
    /// `"fieldFormat": "plain"` or `"locale"`; anything else is an error at its line and column.
    static func fieldFormat(_ root: inout ConfigReader) throws(ConfigError) -> FieldFormat {
        guard let node = root.node("fieldFormat") else { return .plain }
        guard case .string(let name) = node.value, let value = FieldFormat(rawValue: name) else {
            throw root.error(.invalidValue, node, key: "fieldFormat", message: "expected \"plain\" or \"locale\"",
                             hint: "\"locale\" shows dates, numbers, prices, durations and ratings in the site language's formats (ICU); \"plain\" (the default) shows 2015-06-01, 1234.5, 4.99 USD")
        }
        return value
    }
}
