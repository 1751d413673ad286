import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the CLI writes: standard output and standard error, or buffers in tests.
public struct Console: Sendable {
    /// Writes a line to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes a line to standard error.
    public var err: @Sendable (String) -> Void
    /// Writes text to standard error as it is, without adding a newline (a progress line that
    /// redraws itself with `\r`).
    public var errText: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress redraws in place only there; see ``ProgressStyle``).
    public var isTerminal: Bool

    /// Creates a console.
    /// - Parameters:
    ///   - out: Standard output writer.
    ///   - err: Standard error writer.
    ///   - errText: Standard error writer that adds no newline; `err` when nil.
    ///   - isTerminal: Whether standard error is a terminal.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                errText: (@Sendable (String) -> Void)? = nil, isTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.errText = errText ?? err
        self.isTerminal = isTerminal
    }

    /// The process's standard output and error.
    public static let standard = Console(
        out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
        err: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) },
        errText: { text in FileHandle.standardError.write(Data(text.utf8)) },
        isTerminal: isatty(STDERR_FILENO) == 1)
}
