/// galgen's default theme, compiled into the binary: the Mustache templates, the assets
/// (`style.css`, `gallery.js`, `placeholder.svg`), the message tables (`i18n/<language>.json`) and the `README.md`
/// that lists each template's keys.
///
/// The files live in `Sources/GalgenTheme/Theme/` and are embedded by SwiftPM (`.embedInCode`), so a
/// site needs no `Templates/` folder and an installed `galgen` needs nothing beside it. A site
/// overrides the theme file by file (see `Theme` in GalgenRendering).
public enum BuiltinTheme {
    /// One file of the theme.
    public struct File: Sendable, Hashable {
        /// Path inside the theme, e.g. `item.mustache` or `assets/style.css`.
        public let path: String
        /// The bytes.
        public let bytes: [UInt8]
    }

    /// Every file of the theme, sorted by path.
    ///
    /// SwiftPM's embedding flattens folders into one name per file, so the paths are listed here; a
    /// test compares this list with the `Theme/` folder, file by file and byte by byte.
    public static let files: [File] = [
        File(path: "404.mustache", bytes: PackageResources._04_mustache),
        File(path: "README.md", bytes: PackageResources.README_md),
        File(path: "albums.mustache", bytes: PackageResources.albums_mustache),
        File(path: "assets/cards.js", bytes: PackageResources.cards_js),
        File(path: "assets/cells.js", bytes: PackageResources.cells_js),
        File(path: "assets/debug.js", bytes: PackageResources.debug_js),
        File(path: "assets/filter-view.js", bytes: PackageResources.filter_view_js),
        File(path: "assets/filters.js", bytes: PackageResources.filters_js),
        File(path: "assets/focus.js", bytes: PackageResources.focus_js),
        File(path: "assets/gallery.js", bytes: PackageResources.gallery_js),
        File(path: "assets/geometry.js", bytes: PackageResources.geometry_js),
        File(path: "assets/gestures.js", bytes: PackageResources.gestures_js),
        File(path: "assets/history.js", bytes: PackageResources.history_js),
        File(path: "assets/item.js", bytes: PackageResources.item_js),
        File(path: "assets/json.js", bytes: PackageResources.json_js),
        File(path: "assets/justified.js", bytes: PackageResources.justified_js),
        File(path: "assets/keyboard.js", bytes: PackageResources.keyboard_js),
        File(path: "assets/lightbox.js", bytes: PackageResources.lightbox_js),
        File(path: "assets/messages.js", bytes: PackageResources.messages_js),
        File(path: "assets/pictures.js", bytes: PackageResources.pictures_js),
        File(path: "assets/placeholder.svg", bytes: PackageResources.placeholder_svg),
        File(path: "assets/pool.js", bytes: PackageResources.pool_js),
        File(path: "assets/postings.js", bytes: PackageResources.postings_js),
        File(path: "assets/prefetch.js", bytes: PackageResources.prefetch_js),
        File(path: "assets/render.js", bytes: PackageResources.render_js),
        File(path: "assets/search-core.js", bytes: PackageResources.search_core_js),
        File(path: "assets/search-fields.js", bytes: PackageResources.search_fields_js),
        File(path: "assets/search.js", bytes: PackageResources.search_js),
        File(path: "assets/shards.js", bytes: PackageResources.shards_js),
        File(path: "assets/site-search.js", bytes: PackageResources.site_search_js),
        File(path: "assets/style.css", bytes: PackageResources.style_css),
        File(path: "assets/thumbhash.js", bytes: PackageResources.thumbhash_js),
        File(path: "assets/viewer-css.js", bytes: PackageResources.viewer_css_js),
        File(path: "assets/viewer.js", bytes: PackageResources.viewer_js),
        File(path: "card.mustache", bytes: PackageResources.card_mustache),
        File(path: "cell.mustache", bytes: PackageResources.cell_mustache),
        File(path: "crumbs.mustache", bytes: PackageResources.crumbs_mustache),
        File(path: "filters.mustache", bytes: PackageResources.filters_mustache),
        File(path: "footer.mustache", bytes: PackageResources.footer_mustache),
        File(path: "gallery.mustache", bytes: PackageResources.gallery_mustache),
        File(path: "head.mustache", bytes: PackageResources.head_mustache),
        File(path: "header.mustache", bytes: PackageResources.header_mustache),
        File(path: "i18n/ar.json", bytes: PackageResources.ar_json),
        File(path: "i18n/de.json", bytes: PackageResources.de_json),
        File(path: "i18n/en.json", bytes: PackageResources.en_json),
        File(path: "i18n/es.json", bytes: PackageResources.es_json),
        File(path: "i18n/fr.json", bytes: PackageResources.fr_json),
        File(path: "i18n/he.json", bytes: PackageResources.he_json),
        File(path: "i18n/it.json", bytes: PackageResources.it_json),
        File(path: "i18n/ja.json", bytes: PackageResources.ja_json),
        File(path: "i18n/nl.json", bytes: PackageResources.nl_json),
        File(path: "i18n/pl.json", bytes: PackageResources.pl_json),
        File(path: "i18n/pt.json", bytes: PackageResources.pt_json),
        File(path: "i18n/sv.json", bytes: PackageResources.sv_json),
        File(path: "i18n/zh-hant.json", bytes: PackageResources.zh_hant_json),
        File(path: "i18n/zh.json", bytes: PackageResources.zh_json),
        File(path: "index.mustache", bytes: PackageResources.index_mustache),
        File(path: "item.mustache", bytes: PackageResources.item_mustache),
        File(path: "pager.mustache", bytes: PackageResources.pager_mustache),
    ]
}
