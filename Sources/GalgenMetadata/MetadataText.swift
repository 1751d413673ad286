/// Turns the raw bytes and strings the libraries hand back into the clean values ``PhotoMetadata`` holds.
enum MetadataText {
    /// Text from stored bytes: cut at the first NUL, invalid UTF-8 replaced, trimmed, capped; nil when empty.
    static func clean<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        return clean(String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self))
    }

    /// IPTC text: UTF-8 when the block says so or the bytes are valid UTF-8, else ISO 8859-1 (the old default).
    static func cleanIPTC(_ bytes: [UInt8], declaredUTF8: Bool) -> String? {
        if declaredUTF8 || String(validating: bytes, as: UTF8.self) != nil { return clean(bytes) }
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        return clean(String(String.UnicodeScalarView(bytes[..<end].map { Unicode.Scalar($0) })))
    }

    /// A string trimmed of whitespace and control characters at both ends, cut at a NUL, capped; nil when empty.
    static func clean(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars
        if let nul = scalars.firstIndex(of: "\0") { scalars = scalars[..<nul] }
        let trimmable: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
        guard let first = scalars.firstIndex(where: { !trimmable($0) }),
              let last = scalars.lastIndex(where: { !trimmable($0) }) else { return nil }
        let trimmed = String(scalars[first...last])
        guard trimmed.count > MetadataReader.maximumTextLength else { return trimmed }
        return String(trimmed.prefix(MetadataReader.maximumTextLength))
    }

    /// The text of a C `char` array imported as a tuple.
    static func clean<T>(tuple: T) -> String? {
        withUnsafeBytes(of: tuple) { clean($0) }
    }

    /// An exposure time as photographers write it: `1/250` below a second, else seconds (`2.5`, `30`).
    static func exposureText(seconds: Double, numerator: UInt32, denominator: UInt32) -> String {
        if seconds >= 1 || seconds <= 0 { return decimal(seconds) }
        if numerator == 1 { return "1/\(denominator)" }
        let inverse = 1 / seconds
        if abs(inverse - inverse.rounded()) < 0.05 || inverse >= 10 { return "1/\(Int(inverse.rounded()))" }
        return decimal(seconds)
    }

    /// A number with at most three decimals and no trailing zeros: `2.5`, `30`, `0.3`.
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
