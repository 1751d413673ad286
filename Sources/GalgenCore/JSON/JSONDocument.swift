public import Foundation

/// A parsed JSON text together with a line table that turns byte offsets into `line:column`.
public struct JSONDocument: Sendable {
    /// The root value.
    public let root: JSONNode
    /// Where the text came from (a path), used in messages.
    public let sourceName: String
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Characters (UTF-8 lead bytes) before each multiple of ``stride`` bytes, so a column is
    /// counted in O(stride) even on a one-line file of 100,000 records.
    private let checkpoints: [Int]
    private static let stride = 4096

    /// Parses JSON text.
    /// - Parameters:
    ///   - data: UTF-8 bytes (a leading byte-order mark is skipped).
    ///   - sourceName: A path or URL used in messages.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    public init(data: Data, sourceName: String) throws(JSONSyntaxError) {
        let bytes = [UInt8](data)
        var starts = [0]
        var marks = [0]
        marks.reserveCapacity(bytes.count / Self.stride + 1)
        var characters = 0
        for (i, b) in bytes.enumerated() {
            if i > 0 && i % Self.stride == 0 { marks.append(characters) }
            if b == UInt8(ascii: "\n") { starts.append(i + 1) }
            if b & 0xC0 != 0x80 { characters += 1 }
        }
        self.bytes = bytes
        self.lineStarts = starts
        self.checkpoints = marks
        self.sourceName = sourceName
        var parser = JSONParser(bytes: bytes)
        do {
            self.root = try parser.parseDocument()
        } catch {
            let (line, column) = Self.lineColumn(error.offset, bytes: bytes, lineStarts: starts, checkpoints: marks)
            throw JSONSyntaxError(sourceName: sourceName, line: line, column: column, message: error.message)
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    /// - Parameter offset: A byte offset into the text.
    /// - Returns: Line and column, both counted from 1.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        Self.lineColumn(offset, bytes: bytes, lineStarts: lineStarts, checkpoints: checkpoints)
    }

    /// `name:line:column` for a byte offset.
    /// - Parameter offset: A byte offset into the text.
    public func location(of offset: Int) -> String {
        let (line, column) = lineColumn(of: offset)
        return "\(sourceName):\(line):\(column)"
    }

    private static func lineColumn(_ offset: Int, bytes: [UInt8], lineStarts: [Int], checkpoints: [Int]) -> (line: Int, column: Int) {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = lineStarts[lo]
        let end = min(max(offset, start), bytes.count)
        // Count characters, not bytes: skip UTF-8 continuation bytes.
        func charactersBefore(_ position: Int) -> Int {
            let mark = min(position / stride, checkpoints.count - 1)
            return bytes[(mark * stride)..<position].reduce(checkpoints[mark]) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
        }
        return (lo + 1, charactersBefore(end) - charactersBefore(start) + 1)
    }
}

/// Malformed JSON: where and what.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// The path or URL of the text.
    public var sourceName: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// What is wrong.
    public var message: String

    public var description: String { "\(sourceName):\(line):\(column): malformed JSON: \(message)" }
}
