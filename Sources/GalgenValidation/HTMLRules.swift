/// The HTML facts the validator checks against.
enum HTMLRules {
    /// Elements of the HTML living standard (plus `svg` and `math`, whose content is foreign and not checked).
    static let knownElements: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body", "br",
        "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn",
        "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
        "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label",
        "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter", "nav", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script",
        "search", "section", "select", "slot", "small", "source", "span", "strong", "style", "sub", "summary", "sup",
        "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "u", "ul",
        "var", "video", "wbr", "svg", "math",
    ]

    /// Elements that have no end tag; only these may be written self-closing (`<br />`).
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Attributes that hold one URL, by element ("*" for any element).
    static let urlAttributes: [String: Set<String>] = [
        "a": ["href"], "area": ["href"], "link": ["href"], "img": ["src"], "source": ["src"], "script": ["src"],
        "iframe": ["src"], "video": ["src", "poster"], "audio": ["src"], "track": ["src"], "embed": ["src"],
        "form": ["action"], "button": ["formaction"], "input": ["formaction", "src"], "object": ["data"],
    ]

    /// Attributes that hold a `srcset` list.
    static let srcsetAttributes: [String: Set<String>] = ["img": ["srcset"], "source": ["srcset"]]

    /// `<link rel>` values whose `href` names something that must exist in the output.
    static let localLinkRels: Set<String> = ["stylesheet", "icon", "prev", "next", "preload", "modulepreload", "manifest"]

    /// URL schemes that run code or smuggle content; never allowed in output.
    static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data"]

    /// Script types that hold data, not code (allowed inline).
    static let dataScriptTypes: Set<String> = ["application/json", "application/ld+json"]
}
