import GalgenCore

/// Reads one JSON object of the config strictly: typed getters that know their key path,
/// and a `finish()` that rejects every key nobody asked for.
struct ConfigReader {
    let document: JSONDocument
    let members: [JSONMember]
    let path: String
    let node: JSONNode
    private var known: [String] = []

    init(_ node: JSONNode, path: String, document: JSONDocument) throws(ConfigError) {
        self.document = document
        self.path = path
        self.node = node
        guard case .object(let members) = node.value else {
            throw Self.error(.wrongType, at: node.offset, path: path, document: document,
                             message: "expected an object, found \(node.value.kindName)",
                             hint: "write it as { \"key\": value, … }")
        }
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                throw Self.error(.duplicateKey, at: member.keyOffset, path: Self.join(path, member.key), document: document,
                                 message: "the key \"\(member.key)\" appears twice", hint: "keep one of them")
            }
        }
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    static func error(
        _ code: ConfigError.Code, at offset: Int, path: String, document: JSONDocument, message: String, hint: String? = nil
    ) -> ConfigError {
        ConfigError(code, file: document.sourceName, position: document.lineColumn(of: offset),
                    keyPath: path, message: message, hint: hint)
    }

    func error(_ code: ConfigError.Code, _ node: JSONNode, key: String, message: String, hint: String? = nil) -> ConfigError {
        Self.error(code, at: node.offset, path: Self.join(path, key), document: document, message: message, hint: hint)
    }

    /// The node for `key`, remembering that the key is known.
    mutating func node(_ key: String) -> JSONNode? {
        known.append(key)
        guard let node = members.first(where: { $0.key == key })?.node else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    mutating func require(_ key: String, _ what: String) throws(ConfigError) -> JSONNode {
        guard let node = node(key) else {
            // A misspelt required key is more useful to report than the missing one.
            if let typo = members.first(where: { $0.key != key && Self.closest($0.key, in: [key]) != nil }) {
                throw Self.error(.unknownKey, at: typo.keyOffset, path: Self.join(path, typo.key), document: document,
                                 message: "unknown key \"\(typo.key)\"", hint: "did you mean \"\(key)\"?")
            }
            throw Self.error(.missingKey, at: self.node.offset, path: Self.join(path, key), document: document,
                             message: "missing required key \"\(key)\"", hint: "add \"\(key)\": \(what)")
        }
        return node
    }

    mutating func string(_ key: String, required: Bool = false, example: String = "\"…\"") throws(ConfigError) -> String? {
        let found: JSONNode?
        if required { found = try require(key, example) } else { found = node(key) }
        guard let found else { return nil }
        guard case .string(let s) = found.value else {
            throw error(.wrongType, found, key: key, message: "expected a string, found \(found.value.kindName)",
                        hint: "write it in double quotes, e.g. \"\(key)\": \(example)")
        }
        return s
    }

    mutating func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let found = node(key) else { return nil }
        guard case .bool(let value) = found.value else {
            throw error(.wrongType, found, key: key, message: "expected true or false, found \(found.value.kindName)",
                        hint: "write \"\(key)\": true or \"\(key)\": false, without quotes")
        }
        return value
    }

    mutating func int(_ key: String, range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let found = node(key) else { return nil }
        return try Self.integer(found, path: Self.join(path, key), range: range, document: document)
    }

    static func integer(_ node: JSONNode, path: String, range: ClosedRange<Int>, document: JSONDocument) throws(ConfigError) -> Int {
        guard case .number(let text) = node.value else {
            throw error(.wrongType, at: node.offset, path: path, document: document,
                        message: "expected a whole number, found \(node.value.kindName)",
                        hint: "use a number without quotes between \(range.lowerBound) and \(range.upperBound)")
        }
        guard let value = Int(text) else {
            throw error(.invalidValue, at: node.offset, path: path, document: document,
                        message: "expected a whole number, found \(text)",
                        hint: "use a whole number between \(range.lowerBound) and \(range.upperBound)")
        }
        guard range.contains(value) else {
            throw error(.invalidValue, at: node.offset, path: path, document: document,
                        message: "\(value) is out of range",
                        hint: "use a value between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }

    /// A duration in seconds: a number (`2.5`) or a string with a unit (`"500ms"`, `"30s"`, `"15m"`, `"12h"`, `"7d"`).
    mutating func seconds(_ key: String, range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let found = node(key) else { return nil }
        let value: Double?
        switch found.value {
        case .number(let text): value = Double(text)
        case .string(let text): value = Self.parseDuration(text)
        default: value = nil
        }
        guard let value, range.contains(value) else {
            throw error(.invalidValue, found, key: key, message: "expected a duration between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))",
                        hint: "write seconds as a number (\"\(key)\": 2.5) or a string with a unit: \"500ms\", \"30s\", \"15m\", \"12h\", \"7d\"")
        }
        return value
    }

    static func parseDuration(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number) else { continue }
            return value * scale
        }
        return nil
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// Rejects keys that no getter asked for, suggesting the closest known key.
    func finish() throws(ConfigError) {
        for member in members where !known.contains(member.key) {
            var hint = "remove it; known keys here: \(known.sorted().joined(separator: ", "))"
            if let guess = Self.closest(member.key, in: known) { hint = "did you mean \"\(guess)\"?" }
            throw Self.error(.unknownKey, at: member.keyOffset, path: Self.join(path, member.key), document: document,
                             message: "unknown key \"\(member.key)\"", hint: hint)
        }
    }

    static func closest(_ key: String, in candidates: [String]) -> String? {
        let lower = key.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = editDistance(lower, candidate.lowercased())
            if d <= max(2, key.count / 4), d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
