import GalgenCore
import GalgenConfig

/// Turns record nodes into ``Record``s one by one, collecting diagnostics, dropping duplicate
/// ids and giving every record a unique slug.
struct RecordMapper {
    let config: SourceConfig
    let baseDirectory: String
    private(set) var records: [Record] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var idIndex: [String: Int] = [:]
    private var usedSlugs = UniqueNames(reserved: ["page"])  // `page/` holds the gallery's later pages
    /// Local image paths as written (untrimmed) → resolved (records share a few images; checking and resolving costs).
    private var resolvedPaths: [String: String] = [:]

    init(config: SourceConfig, baseDirectory: String) {
        self.config = config
        self.baseDirectory = baseDirectory
    }

    /// Names a record in messages; written out only when there is a message.
    struct Subject: CustomStringConvertible {
        let source: String
        let origin: RecordOrigin
        var description: String { "\(source): record \(origin)" }
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ code: String, _ subject: Subject, _ message: String) {
        diagnostics.append(Diagnostic(severity, code: code, subject: subject.description, message: message))
    }

    /// What the records of one file or page share in their origins.
    /// - Parameter name: The file's path as shown, or the page's URL.
    func origins(in name: String) -> RecordOrigin.Source {
        RecordOrigin.Source(name: name, items: config.items.segments.isEmpty ? "items" : "\(config.items)")
    }

    /// Maps one record node.
    /// - Parameters:
    ///   - node: The record.
    ///   - index: Its index in the document's items array.
    ///   - source: The file or page it is in, with the items path, as messages name them.
    ///   - cursor: Finds the record's line and column in that text (records come front to back).
    /// - Returns: Whether a record was added (false when it was skipped or a duplicate).
    @discardableResult
    mutating func add(_ node: JSONNode, index: Int, in source: RecordOrigin.Source, cursor: inout JSONLocator.Cursor) -> Bool {
        let (line, column) = cursor.lineColumn(of: node.offset)
        return add(node, origin: RecordOrigin(source, line: line, column: column, index: index))
    }

    /// Maps one record named by `origin`; `slug`, when given, is used as it is (the caller keeps it unique
    /// where it must be: a folder source's slugs are unique within their album).
    @discardableResult
    mutating func add(_ node: JSONNode, origin: RecordOrigin, slug givenSlug: String? = nil, imageExpected: Bool = true) -> Bool {
        let subject = Subject(source: config.name, origin: origin)
        let fields = config.fields

        guard let idNode = FieldLookup.node(at: fields.id, in: node) else {
            report(.error, "record.missing-id", subject, "no id at \"\(fields.id)\"; record skipped")
            return false
        }
        guard let rawID = idNode.value.scalarText.map({ TextCleaner.clean($0).text }), !rawID.isEmpty else {
            report(.error, "record.bad-id", subject, "the id at \"\(fields.id)\" is \(idNode.value.kindName), not a string or number; record skipped")
            return false
        }
        if let first = idIndex[rawID] {
            report(.error, "record.duplicate-id", subject,
                   "duplicate id \"\(rawID)\" (first seen at \(records[first].origin)); only the first is kept")
            return false
        }

        var title = join(fields.title, in: node, separator: " ", subject: subject, field: "title")
        if title.isEmpty {
            report(.warning, "record.missing-title", subject, "no title at \(fields.title.map { "\"\($0)\"" }.joined(separator: ", ")); the id is shown instead")
            title = rawID
        }
        let subtitle = join(fields.subtitle, in: node, separator: ", ", subject: subject, field: "subtitle")
        // A record whose missing image is already reported (an unreadable video's poster) is not reported again.
        let image = imageExpected || fields.image.flatMap({ FieldLookup.node(at: $0, in: node) }) != nil
            ? imageReference(in: node, subject: subject) : nil
        let link = link(in: node, subject: subject)

        let slug = givenSlug ?? uniqueSlug(for: rawID, subject: subject)
        idIndex[rawID] = records.count
        var record = Record(id: rawID, slug: slug, title: title, subtitle: subtitle.isEmpty ? nil : subtitle,
                            image: image, link: link, origin: origin)
        if case .url = image, let path = fields.fallbackImage, case .string(let text)? = FieldLookup.node(at: path, in: node)?.value {
            record.imageFallback = WebURL.httpURL(text)
        }
        if !fields.extra.isEmpty { record.fields = extras(in: node, subject: subject) }
        records.append(record)
        return true
    }

    /// Adds a diagnostic that concerns the source as a whole (a failed page, a paging stop).
    mutating func note(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    private mutating func join(_ paths: [FieldPath], in node: JSONNode, separator: String, subject: Subject, field: String) -> String {
        var parts: [String] = []
        for path in paths {
            guard let value = FieldLookup.node(at: path, in: node) else { continue }
            guard let text = value.value.scalarText else {
                report(.warning, "record.bad-\(field)", subject, "\(field) field \"\(path)\" is \(value.value.kindName); ignored")
                continue
            }
            let cleaned = TextCleaner.clean(text)
            if cleaned.truncated {
                report(.warning, "record.long-\(field)", subject, "\(field) is longer than \(TextCleaner.maxLength) characters; shortened")
            }
            if !cleaned.text.isEmpty { parts.append(cleaned.text) }
        }
        return parts.joined(separator: separator)
    }

    /// The extra fields, in config order; a value not of its field's type is reported and left out.
    private mutating func extras(in node: JSONNode, subject: Subject) -> [FieldValue?] {
        var values: [FieldValue?] = []
        values.reserveCapacity(config.fields.extra.count)
        for spec in config.fields.extra {
            guard let value = FieldLookup.node(at: spec.path, in: node) else {
                values.append(nil)
                continue
            }
            do throws(FieldReader.Rejection) {
                values.append(try FieldReader.read(value, as: spec))
            } catch {
                report(.warning, "record.bad-field", subject, "field \"\(spec.name)\" at \"\(spec.path)\": \(error.reason); left out")
                values.append(nil)
            }
        }
        return values
    }

    private mutating func imageReference(in node: JSONNode, subject: Subject) -> Record.ImageReference? {
        guard let path = config.fields.image else { return nil }
        guard let value = FieldLookup.node(at: path, in: node) else {
            report(.warning, "record.missing-image", subject, "no image at \"\(path)\"; a placeholder is shown")
            return nil
        }
        // Records share a few images: a path seen before is taken as it was resolved (every check is of the text alone).
        if case .string(let raw) = value.value, let resolved = resolvedPaths[raw] { return .file(resolved) }
        guard case .string(let raw) = value.value, !raw.trimmingWhitespace.isEmpty else {
            report(.warning, "record.bad-image", subject, "the image at \"\(path)\" is \(value.value.kindName), not a path or URL; a placeholder is shown")
            return nil
        }
        let text = raw.trimmingWhitespace
        if let url = WebURL.httpURL(text) { return .url(url) }
        if let scheme = WebURL.scheme(of: text) {
            report(.warning, "record.bad-image-url", subject, "image URL scheme \"\(scheme):\" is not allowed (only http, https or a local path); a placeholder is shown")
            return nil
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            report(.warning, "record.bad-image", subject, "the image path contains control characters; a placeholder is shown")
            return nil
        }
        let resolved = Paths.resolve(text, against: baseDirectory)
        resolvedPaths[raw] = resolved
        return .file(resolved)
    }

    private mutating func link(in node: JSONNode, subject: Subject) -> String? {
        guard let path = config.fields.link, let value = FieldLookup.node(at: path, in: node) else { return nil }
        guard case .string(let raw) = value.value else {
            report(.warning, "record.bad-link", subject, "the link at \"\(path)\" is \(value.value.kindName), not a URL; no link shown")
            return nil
        }
        if raw.trimmingWhitespace.isEmpty { return nil }
        guard let url = WebURL.httpURL(raw) else {
            let scheme = WebURL.scheme(of: raw.trimmingWhitespace).map { "\"\($0):\" " } ?? ""
            report(.warning, "record.bad-link", subject, "link \(scheme)is not an absolute http(s) URL; no link shown")
            return nil
        }
        return url
    }

    private mutating func uniqueSlug(for id: String, subject: Subject) -> String {
        let base = Slug.make(id)
        let slug = usedSlugs.claim(base)
        if slug != base {
            report(.warning, "record.slug-collision", subject,
                   "id \"\(id)\" makes the URL name \"\(base)\", which is taken; using \"\(slug)\"")
        }
        return slug
    }
}
