/// A dotted path into a JSON record, such as `name.first` or `pictures.0.url`.
///
/// Segments that are whole numbers index arrays; the empty path is the value itself.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The path's segments.
    public let segments: [String]

    /// Parses a dotted path.
    /// - Parameter text: The path; empty for the root.
    /// - Returns: nil when a segment is empty (`a..b`, `.a`, `a.`).
    public init?(_ text: String) {
        if text.isEmpty {
            segments = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        segments = parts
    }

    public var description: String { segments.joined(separator: ".") }
}
