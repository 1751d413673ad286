/// A parsed JSON value that remembers where it came from, so errors can point at `file:line:column`.
public struct JSONNode: Sendable {
    /// The value itself.
    public var value: JSONValue
    /// Byte offset of the value's first character in the source text.
    public var offset: Int

    /// Creates a node.
    /// - Parameters:
    ///   - value: The value.
    ///   - offset: Byte offset in the source text.
    public init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// One member of a JSON object, in source order.
public struct JSONMember: Sendable {
    /// The member's key.
    public var key: String
    /// Byte offset of the key in the source text.
    public var keyOffset: Int
    /// The member's value.
    public var node: JSONNode

    /// Creates a member.
    /// - Parameters:
    ///   - key: The key.
    ///   - keyOffset: Byte offset of the key.
    ///   - node: The value.
    public init(key: String, keyOffset: Int, node: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.node = node
    }
}

/// A JSON value. Numbers keep their literal text, so ids beyond 2^53 survive unchanged.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// A short name of the value's kind, for error messages ("a string", "an object").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The first member with the given key, if this is an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.node
    }

    /// The scalar value as text: strings as they are, numbers as written, booleans as `true`/`false`.
    public var scalarText: String? {
        switch self {
        case .string(let s): s
        case .number(let n): n
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }
}
