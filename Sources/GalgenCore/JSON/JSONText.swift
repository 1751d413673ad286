/// Writes JSON text by hand: fixed member order (so output is byte-identical run to run) and
/// strings escaped so the text is also safe inside HTML and `<script>` (`<`, `>`, `&`, U+2028 and
/// U+2029 become `\u` escapes).
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    /// - Parameters:
    ///   - text: Any string.
    ///   - htmlSafe: Also escape `<`, `>`, `&`, U+2028 and U+2029 (on by default).
    public static func string(_ text: String, htmlSafe: Bool = true) -> String {
        // Most text needs no escape: no control character, quote, backslash, `<>&`, and no byte
        // 0xE2 (which starts U+2028 and U+2029, among others): copied whole.
        if text.utf8.allSatisfy({ JSONBytes.isPlain($0) }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                if htmlSafe { out += unicodeEscape(scalar.value) } else { out.unicodeScalars.append(scalar) }
            default:
                if scalar.value < 0x20 { out += unicodeEscape(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        out += "\""
        return out
    }

    /// Appends what ``string(_:htmlSafe:)`` puts between the quotes, without making the string when
    /// nothing needs escaping (most text): a JSON string of several texts one after another is
    /// their contents between one pair of quotes.
    /// - Parameters:
    ///   - text: Any text.
    ///   - out: The bytes.
    public static func appendContent(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.allSatisfy({ JSONBytes.isPlain($0) }) {
            out.append(contentsOf: utf8)
        } else {
            let quoted = string(text).utf8
            out.append(contentsOf: quoted.dropFirst().dropLast())
        }
    }

    /// A JSON object from members already written as JSON values, in the given order.
    /// - Parameter members: Key and JSON text of each value.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON array from elements already written as JSON values.
    /// - Parameter elements: JSON text of each element.
    public static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
