public import GalgenCore
import Foundation
import Mustache

/// The site's Mustache templates, loaded from a folder, parsed and checked for unsafe tags.
///
/// Every `*.mustache` file in the folder is registered under its name without the extension, so
/// any of them can be used as a partial (`{{> cell}}`). `index`, `gallery` and `item` are required.
/// Templates may not use unescaped output (`{{{x}}}`, `{{& x}}`), change delimiters (`{{= =}}`)
/// or switch the content type: all record text must go through HTML escaping.
public struct TemplateSet: Sendable {
    /// Templates every site needs.
    public static let requiredTemplates = ["index", "gallery", "item"]

    let library: MustacheLibrary
    /// The folder the templates came from.
    public let directory: String
    /// Names of the loaded templates, sorted.
    public let names: [String]

    /// Loads and checks the templates of a folder.
    /// - Parameters:
    ///   - directory: Absolute path of the templates folder.
    ///   - fileSystem: Where files are read from.
    /// - Throws: ``RenderingError``.
    public init(directory: String, fileSystem: any FileSystem) throws(RenderingError) {
        guard fileSystem.kind(at: directory) == .directory else {
            throw RenderingError(.templatesNotFound, location: directory,
                                 message: "the templates folder does not exist; set \"templates\" in the config or restore Templates/")
        }
        let entries: [String]
        do { entries = try fileSystem.listDirectory(at: directory) } catch {
            throw RenderingError(.templatesNotFound, location: directory, message: error.reason)
        }
        var templates: [String: MustacheTemplate] = [:]
        for file in entries where file.hasSuffix(".mustache") {
            let path = directory + "/" + file
            guard fileSystem.kind(at: path) == .file else { continue }
            let text: String
            do { text = String(decoding: try fileSystem.readFile(at: path), as: UTF8.self) } catch {
                throw RenderingError(.assetUnreadable, location: path, message: error.reason)
            }
            try Self.lint(text, path: path)
            do {
                templates[String(file.dropLast(".mustache".count))] = try MustacheTemplate(string: text)
            } catch let error as MustacheTemplate.ParserError {
                throw RenderingError(.templateSyntax, location: "\(path):\(error.context.lineNumber):\(error.context.columnNumber)",
                                     message: "Mustache syntax error: \(error.error)")
            } catch {
                throw RenderingError(.templateSyntax, location: path, message: "Mustache syntax error: \(error)")
            }
        }
        for name in Self.requiredTemplates where templates[name] == nil {
            throw RenderingError(.missingTemplate, location: directory, message: "missing template \(name).mustache")
        }
        self.directory = directory
        self.names = templates.keys.sorted()
        self.library = MustacheLibrary(templates: templates)
    }

    /// Rejects tags that would bypass HTML escaping.
    static func lint(_ text: String, path: String) throws(RenderingError) {
        let forbidden: [(String, String)] = [
            ("{{{", "unescaped output {{{…}}}"), ("{{&", "unescaped output {{&…}}"),
            ("{{=", "changed delimiters {{=…=}}"), ("{{%", "a pragma {{%…}}"),
        ]
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // White space after the braces makes the same tag: `{{ & x }}` is `{{& x}}`.
            let compact = line.replacingOccurrences(of: "{{ ", with: "{{").replacingOccurrences(of: "{{\t", with: "{{")
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
