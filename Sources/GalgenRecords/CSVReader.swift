/// An RFC 4180 CSV reader fed piece by piece, so a file of any size is read in bounded memory:
/// quoted fields with doubled quotes and line breaks inside, CRLF, LF or CR line ends, a leading
/// UTF-8 byte-order mark skipped. Each row comes out with the line it starts on; a row with bad
/// quoting or bytes that are not UTF-8 comes out as a problem with that line, and reading goes on
/// with the next row. Blank lines are skipped.
///
/// ```swift
/// var reader = CSVReader()
/// reader.feed(chunk) { event in … }   // as often as there are pieces
/// reader.finish { event in … }
/// ```
public struct CSVReader: Sendable {
    /// A row, or why one was refused.
    public enum Event: Sendable, Equatable {
        /// The cells of a row that starts on `line`.
        case row([String], line: Int)
        /// The row starting on `line` was refused.
        case problem(String, line: Int)
    }

    /// The longest field kept (a longer one is a problem, usually a quote that was never closed).
    public static let maxFieldBytes = 16 << 20

    private enum State { case fieldStart, unquoted, quoted, quoteSeen }

    private var state = State.fieldStart
    private var field: [UInt8] = []
    private var cells: [String] = []
    private var line = 1
    private var rowLine = 1
    private var problem: String?
    private var skipLF = false
    private var head: [UInt8] = []
    private var started = false

    /// Creates a reader at the start of a file.
    public init() {}

    /// Reads the next piece of the file.
    /// - Parameters:
    ///   - bytes: The bytes that follow the previous piece.
    ///   - emit: Takes each row or problem completed by this piece, in file order.
    public mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (Event) -> Void) {
        for byte in bytes {
            if !started {
                head.append(byte)
                if head.count < 3 { continue }
                startBody(emit)
                continue
            }
            step(byte, emit)
        }
    }

    /// Ends the file: the last row, or the quoted field that was never closed.
    /// - Parameter emit: Takes the last row or problem.
    public mutating func finish(_ emit: (Event) -> Void) {
        if !started { startBody(emit) }
        switch state {
        case .quoted:
            emit(.problem("a quoted field (field \(cells.count + 1)) is never closed: the file ends inside it", line: rowLine))
            reset()
        case .fieldStart where cells.isEmpty:
            break
        default:
            endRow(emit)
        }
    }

    private mutating func startBody(_ emit: (Event) -> Void) {
        started = true
        let bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        head = []
        for byte in bytes { step(byte, emit) }
    }

    private mutating func step(_ byte: UInt8, _ emit: (Event) -> Void) {
        if skipLF {
            skipLF = false
            if byte == 0x0A { return }
        }
        switch (state, byte) {
        case (.quoted, 0x22): state = .quoteSeen
        case (.quoted, _):
            if byte == 0x0A { line += 1 }
            append(byte)
        case (.fieldStart, 0x22): state = .quoted
        case (.quoteSeen, 0x22):
            append(0x22)
            state = .quoted
        case (_, 0x2C): endField()
        case (_, 0x0A), (_, 0x0D):
            skipLF = byte == 0x0D
            if state != .fieldStart || !cells.isEmpty { endRow(emit) }  // else a blank line
            line += 1
            rowLine = line
        case (.quoteSeen, _):
            note("text after the closing quote of field \(cells.count + 1); a quote inside a field is written twice, \"\"")
            append(byte)
            state = .unquoted
        case (.unquoted, 0x22):
            note("a quote inside the unquoted field \(cells.count + 1); quote the whole field and write the quote twice, \"\"")
            append(byte)
        default:
            append(byte)
            state = .unquoted
        }
    }

    private mutating func append(_ byte: UInt8) {
        if field.count < Self.maxFieldBytes {
            field.append(byte)
        } else {
            note("field \(cells.count + 1) is longer than \(Self.maxFieldBytes >> 20) MB")
        }
    }

    private mutating func note(_ message: String) {
        if problem == nil { problem = message }
    }

    private mutating func endField() {
        if let text = String(validating: field, as: UTF8.self) {
            cells.append(text)
        } else {
            note("field \(cells.count + 1) is not UTF-8 text")
            cells.append("")
        }
        field.removeAll(keepingCapacity: true)
        state = .fieldStart
    }

    private mutating func endRow(_ emit: (Event) -> Void) {
        endField()
        if let problem {
            emit(.problem(problem, line: rowLine))
        } else {
            emit(.row(cells, line: rowLine))
        }
        reset()
    }

    private mutating func reset() {
        cells.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        problem = nil
        state = .fieldStart
    }
}
