/// A sidecar file: the `.md` beside a photo (`IMG_0042.md` for `IMG_0042.jpg`) or an album's `index.md`,
/// in sigal's convention.
///
/// Two layouts are read:
///
/// - **Meta lines** (sigal, through Python-Markdown's `meta` extension): `Key: value` lines at the top,
///   then a blank line, then the description in Markdown. Keys are letters, digits, `_` and `-`, after
///   at most three spaces, and are lowercased. A line indented by four or more columns (a tab counts to
///   the next multiple of four) continues the previous key with one more line. The block ends at the
///   first blank line (dropped), at a line starting `---` or `...` (dropped), or at the first line that
///   is neither a key line nor a continuation (kept: the description starts there). A first line that
///   is not a key line therefore means there is no meta block and the whole file is the description.
///   Values are kept as written (quotes included).
/// - **Front matter** (Hugo style): a first line `---`, `key: value` lines, a closing `---` (or `...`),
///   then the Markdown body. See ``parse(_:)`` for the YAML subset read. A first line `---` without a
///   closing line falls back to the meta-line rules (as Python-Markdown does).
///
/// A key met more than once, a continued key and a list all give one value whose lines are joined
/// with `\n`, in file order (Python-Markdown keeps such values as lists).
public struct Sidecar: Sendable, Hashable {
    /// One key and its value.
    public struct Field: Sendable, Hashable {
        /// The key, lowercased.
        public var key: String
        /// The value: several lines joined with `\n` for a continued or repeated key or a list.
        public var value: String

        /// Creates a field.
        /// - Parameters:
        ///   - key: The key, lowercased.
        ///   - value: The value.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The `title` key.
    public var title: String?
    /// The `date` key, as written (not parsed).
    public var date: String?
    /// The `thumbnail` key: in an album's `index.md`, the file name of the album's cover.
    public var thumbnail: String?
    /// Every other key, lowercased, in the order of first appearance.
    public var fields: [Field]
    /// The Markdown body after the meta block, with line ends as `\n` and leading blank lines dropped
    /// (otherwise as written); empty when there is none. Render it with ``Markdown/html(_:allowHTML:)``.
    public var description: String
    /// The line of the file where ``description`` starts, from 1 (1 when there is no description): its
    /// line numbers plus this, less one, are the file's.
    public var descriptionLine = 1

    /// Creates a sidecar.
    /// - Parameters:
    ///   - title: The title.
    ///   - date: The date, as written.
    ///   - thumbnail: The cover's file name.
    ///   - fields: The other keys.
    ///   - description: The Markdown body.
    public init(title: String? = nil, date: String? = nil, thumbnail: String? = nil, fields: [Field] = [], description: String = "") {
        self.title = title
        self.date = date
        self.thumbnail = thumbnail
        self.fields = fields
        self.description = description
    }

    /// The value of one of ``fields`` (not `title`, `date` or `thumbnail`).
    /// - Parameter key: The key, in any letter case.
    public func field(_ key: String) -> String? {
        let wanted = key.lowercased()
        return fields.first { $0.key == wanted }?.value
    }

    /// Reads a sidecar. Never fails: a text without a meta block is all description.
    ///
    /// A leading byte order mark is dropped; CRLF and lone CR line ends are read as LF.
    ///
    /// Front matter reads this YAML subset: `key: value` lines whose value is a plain scalar (a ` #`
    /// comment after it is dropped), a `"double-quoted"` string (escapes `\"`, `\\`, `\/`, `\n`, `\t`,
    /// `\r`, `\0`, `\xXX`, `\uXXXX`, `\UXXXXXXXX`), a `'single-quoted'` string (`''` for a quote), or a
    /// flow list `[a, "b", 'c']`; a key with no value followed by `- item` lines (a block list); indented
    /// lines after a key continue its value (folded with a space, or kept as lines after `|`). Blank
    /// lines and `#` comments are skipped. Not supported: nested maps and lists, flow maps `{…}`, anchors
    /// and tags, quoted strings over several lines, block-scalar indicators beyond plain `|` and `>`,
    /// quoted keys; such lines are skipped or their value is kept as written. Values are not typed:
    /// `true`, `2024-05-01` and `~` stay text.
    /// - Parameter text: The file's text.
    public static func parse(_ text: String) -> Sidecar {
        let bytes = SidecarLines.normalized(text)
        var lines = SidecarLines(bytes: bytes)
        var meta = MetaValues()
        if let first = lines.peek(), SidecarLines.isBeginLine(first) {
            lines.skip()
            if let end = lines.closingLine() {
                FrontMatter.read(&lines, until: end, into: &meta)
            } else {
                meta.readMetaLines(&lines)
            }
        } else {
            meta.readMetaLines(&lines)
        }
        lines.skipBlankLines()
        var sidecar = Sidecar(description: lines.rest())
        if !sidecar.description.isEmpty { sidecar.descriptionLine = lines.lineNumber }
        for (key, values) in meta.entries {
            let value = values.joined(separator: "\n")
            switch key {
            case "title": sidecar.title = value
            case "date": sidecar.date = value
            case "thumbnail": sidecar.thumbnail = value
            default: sidecar.fields.append(Field(key: key, value: value))
            }
        }
        return sidecar
    }
}

/// Keys and their lines, in the order keys first appear.
struct MetaValues {
    private(set) var entries: [(key: String, values: [String])] = []
    private var positions: [String: Int] = [:]

    /// Adds a line to `key`'s value.
    mutating func append(_ value: String, to key: String) {
        if let at = positions[key] {
            entries[at].values.append(value)
        } else {
            positions[key] = entries.count
            entries.append((key, [value]))
        }
    }

    /// Replaces the last line of `key`'s value (which must exist).
    mutating func amendLast(of key: String, _ change: (inout String) -> Void) {
        guard let at = positions[key], !entries[at].values.isEmpty else { return }
        change(&entries[at].values[entries[at].values.count - 1])
    }

    /// Reads sigal's meta lines (Python-Markdown's `meta` rules) from the reader's position; the reader
    /// is left at the description's first line.
    mutating func readMetaLines(_ lines: inout SidecarLines) {
        var current: String?
        while let line = lines.peek() {
            if SidecarLines.isBlank(line) || SidecarLines.isEndLine(line) {
                lines.skip()
                return
            }
            if let (key, value) = SidecarLines.keyLine(line) {
                append(value, to: key)
                current = key
            } else if let key = current, SidecarLines.indentWidth(line) >= 4 {
                append(SidecarLines.text(SidecarLines.trimmed(line)), to: key)
            } else {
                return
            }
            lines.skip()
        }
    }
}
