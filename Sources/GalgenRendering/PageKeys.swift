public import GalgenCore
public import GalgenConfig
import Mustache

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
        feed.add(messages.fingerprint)  // what `{{msg.…}}` shows (PageScope), once rather than every message per page
        (context as? any KeyFed)?.feed(into: &feed)
        return feed.key
    }
}

extension SiteRenderer {
    /// Adds what every output file's key depends on besides the config and the collections: the
    /// rendering version, the field format's part (the ICU version), each template's digest (with its
    /// partials), every asset's name, path, bytes and imports, and the messages. A build that records
    /// these with the collections' inputs can prove a later build's keys equal without computing them.
    /// - Parameters:
    ///   - config: The site config.
    ///   - templates: The loaded templates.
    ///   - assets: The hashed assets.
    ///   - messages: The theme's words in the site's language.
    ///   - feed: Where they are added.
    public static func feedInputs(config: SiteConfig, templates: TemplateSet, assets: AssetSet, messages: Messages,
                                  into feed: inout KeyFeed) {
        feed.begin("renderer")
        feed.add(renderingVersion)
        feed.add(GalgenVersion.current)
        feed.add(fieldFormatKeyPart(config))
        feed.add(templates.digests.mapValues(\.description))
        feed.add(assets.assets) { f, asset in
            f.add(asset.key)
            f.add(asset.outputPath)
            f.add(OutputKey(digesting: asset.data).description)
            f.add(asset.staticImports) { $0.add($1) }
        }
        feed.add(messages.fingerprint)
        feed.add(messages.fallbackNote)
    }
}

/// What a page is rendered with: its context, under the theme's plain messages as `msg` (`{{msg.skipToContent}}`).
/// The messages are the same on every page, so a page key holds their digest (``Messages/fingerprint``) rather
/// than every message again.
struct PageScope: MustacheParent {
    /// The page's context (a ``TemplateContext``).
    let context: Any
    /// ``Messages/templateStrings``.
    let msg: [String: String]

    func child(named name: String) -> Any? {
        name == "msg" ? msg : (context as? any MustacheParent)?.child(named: name)
    }
}
