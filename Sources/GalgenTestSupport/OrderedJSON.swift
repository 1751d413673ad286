import GalgenCore

/// A JSON value with ordered object keys, written deterministically (for samples and fixtures).
public indirect enum OrderedJSON: Sendable {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case number(Int)
    case bool(Bool)
    case null

    /// Pretty-printed text with two-space indentation and a final newline.
    public var text: String { render(indent: 0) + "\n" }

    private func render(indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let end = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { "\(pad)\(Self.quote($0.0)): \($0.1.render(indent: indent + 1))" }.joined(separator: ",\n") + "\n\(end)}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + $0.render(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
        case .string(let s): return Self.quote(s)
        case .number(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A JSON string literal.
    /// - Parameter s: The text.
    public static func quote(_ s: String) -> String {
        JSONText.string(s, htmlSafe: false)
    }
}
