// The gallery page's filter controls (filters.mustache): one select per filter of the collection.

import GalgenSearch

/// The filters above a gallery's grid (`filters`); nil for a collection without filters.
struct FiltersContext: TemplateContext {
    /// The collection's filter manifest, relative to the site root (docs/search.md, "Filters").
    let manifest: String
    /// `filterLabel`.
    let label: String
    /// `filterClear`.
    let clear: String
    /// The filters, in config order.
    let list: [FilterControl]

    func fields(_ f: inout some ContextVisitor) {
        f.begin("FiltersContext")
        f.field("manifest", manifest)
        f.field("label", label)
        f.field("clear", clear)
        f.field("list", list)
    }

    /// The controls of collection `c`'s filters, the same on each of its pages (the manifest's path is the
    /// site root's, which the runtime resolves); nil when it has none.
    /// - Parameters:
    ///   - facets: The site's filter postings.
    ///   - c: The collection.
    ///   - messages: The site's messages.
    static func make(_ facets: FacetIndex, collection c: Int, messages: Messages) -> FiltersContext? {
        guard c < facets.manifests.count, let manifest = facets.manifests[c] else { return nil }
        let list = facets.filters[c].map { filter in
            FilterControl(field: filter.spec.field, label: filter.label, any: messages.format("filterAny"),
                          options: filter.values.map { FilterOption(value: $0.token, text: FilterWords.option($0.label.text(messages), count: messages.number($0.count))) })
        }
        return FiltersContext(manifest: manifest, label: messages.format("filterLabel"), clear: messages.format("filterClear"), list: list)
    }
}

/// One filter's select.
struct FilterControl: TemplateContext {
    /// The field's name: the select's name and the address's parameter.
    let field: String
    /// The field's label.
    let label: String
    /// `filterAny`: the option that does not filter.
    let any: String
    /// Its values.
    let options: [FilterOption]

    func fields(_ f: inout some ContextVisitor) {
        f.begin("FilterControl")
        f.field("field", field)
        f.field("label", label)
        f.field("any", any)
        f.field("options", options)
    }
}

/// One value of a filter.
struct FilterOption: TemplateContext {
    /// The value in the address.
    let value: String
    /// What the option says: the value and its count.
    let text: String

    func fields(_ f: inout some ContextVisitor) {
        f.begin("FilterOption")
        f.field("value", value)
        f.field("text", text)
    }
}

/// How a filter value is listed with its count: `Games (1234)`.
enum FilterWords {
    /// An option: the value and how many items have it (written as the site writes numbers).
    static func option(_ text: String, count: String) -> String { "\(text) (\(count))" }
}
