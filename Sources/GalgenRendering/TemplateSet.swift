import GalgenCore
import Foundation
import Mustache

/// The site's Mustache templates, taken from its ``Theme``, parsed and checked for unsafe tags.
///
/// Every template is registered under its name without the extension, so any of them can be used as
/// a partial (`{{> cell}}`). `index`, `gallery` and `item` are required (the built-in theme has them).
/// Templates may not use unescaped output (`{{{x}}}`, `{{& x}}`), change delimiters (`{{= =}}`)
/// or switch the content type: all record text must go through HTML escaping. The one exception is
/// HTML galgen made safe itself, in fields whose names end in `HTML` (`{{{descriptionHTML}}}`).
public struct TemplateSet: Sendable {
    /// Templates every site needs.
    public static let requiredTemplates = ["index", "gallery", "item"]

    let library: MustacheLibrary
    /// Names of the loaded templates, sorted.
    public let names: [String]
    /// For each template, a digest of its text and of every template it uses as a partial or
    /// parent, transitively: what a page rendered with it depends on (part of the page keys).
    let digests: [String: OutputKey]
    /// Which template line made a line of a page (to name a validation problem by its template).
    public let origins: TemplateOrigins

    /// Parses and checks the templates of a theme.
    /// - Parameter theme: The theme; errors name a template's file (or its place in the built-in theme) and line.
    /// - Throws: ``RenderingError``.
    public init(theme: Theme) throws(RenderingError) {
        var templates: [String: MustacheTemplate] = [:]
        var texts: [String: String] = [:]
        var located: [(location: String, text: String)] = []
        for file in theme.templates {
            let path = file.location
            let text = String(decoding: file.data, as: UTF8.self)
            try Self.lint(text, path: path)
            located.append((path, text))
            do {
                templates[String(file.path.dropLast(".mustache".count))] = try MustacheTemplate(string: text)
                texts[String(file.path.dropLast(".mustache".count))] = text
            } catch let error as MustacheTemplate.ParserError {
                throw RenderingError(.templateSyntax, location: "\(path):\(error.context.lineNumber):\(error.context.columnNumber)",
                                     message: "Mustache syntax error: \(error.error)")
            } catch {
                throw RenderingError(.templateSyntax, location: path, message: "Mustache syntax error: \(error)")
            }
        }
        for name in Self.requiredTemplates where templates[name] == nil {
            throw RenderingError(.missingTemplate, location: "theme", message: "missing template \(name).mustache")
        }
        self.names = templates.keys.sorted()
        self.library = MustacheLibrary(templates: templates)
        self.digests = Self.digests(texts)
        self.origins = TemplateOrigins(templates: located)
    }

    /// Each template's digest over itself and what it includes (`{{> name}}`, `{{< name}}`). A
    /// dynamic name (`{{>*x}}`) could be any template: such a template depends on all of them.
    static func digests(_ texts: [String: String]) -> [String: OutputKey] {
        var direct: [String: Set<String>] = [:]
        for (name, text) in texts {
            var used: Set<String> = []
            var rest = Substring(text)
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                let tag = rest.drop { $0 == " " || $0 == "\t" }
                guard let sigil = tag.first, sigil == ">" || sigil == "<" else { continue }
                let body = tag.dropFirst().drop { $0 == " " || $0 == "\t" }
                if body.first == "*" {
                    used.formUnion(texts.keys)
                    continue
                }
                let target = body.prefix { $0 != "}" && $0 != " " && $0 != "\t" }
                if !target.isEmpty { used.insert(String(target)) }
            }
            direct[name] = used
        }
        var result: [String: OutputKey] = [:]
        for name in texts.keys {
            var closure: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for used in direct[next] ?? [] where !closure.contains(used) {
                    closure.insert(used)
                    queue.append(used)
                }
            }
            var feed = KeyFeed()
            feed.begin("templates")
            for member in closure.sorted() {
                feed.add(member)
                feed.add(texts[member])  // nil for a partial that does not exist (it renders empty)
            }
            result[name] = feed.key
        }
        return result
    }

    /// `{{{name}}}` where the name (with dots) ends in `HTML`.
    nonisolated(unsafe) static let sanitisedHTML = /\{\{\{\s*[A-Za-z0-9_.]*HTML\s*\}\}\}/

    /// Rejects tags that would bypass HTML escaping.
    static func lint(_ text: String, path: String) throws(RenderingError) {
        let forbidden: [(String, String)] = [
            ("{{{", "unescaped output {{{…}}}"), ("{{&", "unescaped output {{&…}}"),
            ("{{=", "changed delimiters {{=…=}}"), ("{{%", "a pragma {{%…}}"),
        ]
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // White space after the braces makes the same tag: `{{ & x }}` is `{{& x}}`.
            var compact = line.replacingOccurrences(of: "{{ ", with: "{{").replacingOccurrences(of: "{{\t", with: "{{")
            // galgen's own sanitised HTML (sidecar Markdown through cmark) may be written as it is:
            // `{{{descriptionHTML}}}`, a name ending in `HTML`, which record text can never name.
            compact = compact.replacing(Self.sanitisedHTML) { String(repeating: " ", count: $0.output.count) }
            for (token, what) in forbidden {
                if let range = compact.range(of: token) {
                    let column = compact.distance(from: compact.startIndex, to: range.lowerBound) + 1
                    throw RenderingError(.unsafeTemplate, location: "\(path):\(lineIndex + 1):\(column)",
                                         message: "templates may not use \(what): record text must stay HTML-escaped; use {{…}}")
                }
            }
        }
    }

    /// Renders one template.
    /// - Parameters:
    ///   - name: The template's name.
    ///   - context: The value to render (structs and arrays; looked up by property name).
    func render(_ name: String, _ context: Any) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}
