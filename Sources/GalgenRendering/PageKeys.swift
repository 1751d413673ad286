public import GalgenCore

extension SiteRenderer {
    /// Bump when rendering changes in a way the context and templates do not show (a new escaping
    /// rule, another Mustache version): every page key changes, so every page is rendered again.
    static let renderingVersion = 1

    /// The key of a planned page: its template (with every partial it uses) and its whole context,
    /// the exact inputs of ``render(_:)``. Costs building the context, not rendering it.
    /// - Parameter spec: A page from ``plan()``.
    public func key(for spec: PageSpec) -> OutputKey {
        let (template, context) = context(for: spec)
        var feed = KeyFeed()
        feed.begin("page")
        feed.add(Self.renderingVersion)
        feed.add(GalgenVersion.current)
        if let fieldFormatKey { feed.add(fieldFormatKey) }
        feed.add(template)
        feed.add(templates.digests[template]?.description)
        (context as? any KeyFed)?.feed(into: &feed)
        return feed.key
    }
}
