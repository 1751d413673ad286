public import Foundation

/// A parsed JSON text together with a line table that turns byte offsets into `line:column`.
public struct JSONDocument: Sendable {
    /// The root value.
    public let root: JSONNode
    /// Turns byte offsets into `line:column`.
    public let locator: JSONLocator
    /// Whether the array at the streamed path was found and handed out element by element (it is
    /// an empty array in ``root`` then).
    public let streamed: Bool

    /// Where the text came from (a path), used in messages.
    public var sourceName: String { locator.sourceName }

    /// Parses JSON text.
    /// - Parameters:
    ///   - data: UTF-8 bytes (a leading byte-order mark is skipped).
    ///   - sourceName: A path or URL used in messages.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    public init(data: Data, sourceName: String) throws(JSONSyntaxError) {
        try self.init(data: data, sourceName: sourceName, streaming: nil, each: { _, _, _ in })
    }

    /// Parses JSON text, handing each element of the array at `path` to `each` as soon as it is
    /// parsed instead of keeping it: a file of a million records never exists as one tree.
    /// - Parameters:
    ///   - data: UTF-8 bytes (a leading byte-order mark is skipped).
    ///   - sourceName: A path or URL used in messages.
    ///   - path: Object keys (array indices as numbers) from the root to the array, looked up as
    ///     ``FieldLookup`` does; nil streams nothing.
    ///   - each: Takes an element, its index in the array and the text's locator.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    public init(data: Data, sourceName: String, streaming path: [String]?,
                each: (JSONNode, Int, JSONLocator) -> Void) throws(JSONSyntaxError) {
        let locator = JSONLocator(bytes: [UInt8](data), sourceName: sourceName)
        let parsed: Result<(JSONNode, Bool), JSONParser.Failure> = withoutActuallyEscaping(each) { each in
            var parser = JSONParser(bytes: locator.bytes, streamPath: path ?? [],
                                    stream: path == nil ? nil : { node, index in each(node, index, locator) })
            do throws(JSONParser.Failure) {
                let root = try parser.parseDocument()
                return .success((root, parser.streamed))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let (root, streamed)):
            self.root = root
            self.streamed = streamed
            self.locator = locator
        case .failure(let error):
            let (line, column) = locator.lineColumn(of: error.offset)
            throw JSONSyntaxError(sourceName: sourceName, line: line, column: column, message: error.message)
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    /// - Parameter offset: A byte offset into the text.
    /// - Returns: Line and column, both counted from 1.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        locator.lineColumn(of: offset)
    }

    /// `name:line:column` for a byte offset.
    /// - Parameter offset: A byte offset into the text.
    public func location(of offset: Int) -> String {
        locator.location(of: offset)
    }
}

/// Turns byte offsets of a JSON text into 1-based `line:column` (columns in characters).
public struct JSONLocator: Sendable {
    /// Where the text came from (a path), used in messages.
    public let sourceName: String
    let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Characters (UTF-8 lead bytes) before each multiple of ``stride`` bytes, so a column is
    /// counted in O(stride) even on a one-line file of 100,000 records.
    private let checkpoints: [Int]
    private static let stride = 4096

    init(bytes: [UInt8], sourceName: String) {
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
    }

    /// `name:line:column` for a byte offset.
    /// - Parameter offset: A byte offset into the text.
    public func location(of offset: Int) -> String {
        let (line, column) = lineColumn(of: offset)
        return "\(sourceName):\(line):\(column)"
    }

    /// Lines and columns of offsets asked for front to back (the records of a file), each counted
    /// on from the one before: one pass over the text for all of them.
    public struct Cursor: Sendable {
        private let locator: JSONLocator
        private var offset = 0
        private var line = 1
        private var column = 1

        /// A cursor at the start of the text.
        public init(_ locator: JSONLocator) {
            self.locator = locator
        }

        /// The 1-based line and column (in characters) of a byte offset; offsets before the last
        /// one asked for are looked up from the line table instead.
        public mutating func lineColumn(of target: Int) -> (line: Int, column: Int) {
            guard target >= offset, target <= locator.bytes.count else { return locator.lineColumn(of: target) }
            for b in locator.bytes[offset..<target] {
                if b == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if b & 0xC0 != 0x80 {
                    column += 1
                }
            }
            offset = target
            return (line, column)
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    /// - Parameter offset: A byte offset into the text.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
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
            let mark = min(position / Self.stride, checkpoints.count - 1)
            return bytes[(mark * Self.stride)..<position].reduce(checkpoints[mark]) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
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
