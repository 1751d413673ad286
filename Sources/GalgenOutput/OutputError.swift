public import GalgenCore

/// Why the output folder could not be prepared, or the new site not put in its place: what went
/// wrong, at which path, in which phase. Nothing was published: the output folder is as it was.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The class of failure:
    /// - `containsInputs`: the output folder would contain the config, the templates or a source;
    /// - `notGalgenOutput`: it is not empty and has no marker file (galgen did not write it);
    /// - `notAFolder`: something other than a folder is at the output path;
    /// - `lock`: the lock file beside it could not be opened or locked;
    /// - `fileSystem`: a file or folder could not be read, written, moved or removed (``cause`` holds why).
    public enum Code: String, Sendable {
        case containsInputs, notGalgenOutput, notAFolder, lock, fileSystem
    }

    /// When it happened; a build reports the error under this name as its step.
    public enum Phase: String, Sendable {
        /// Checking, locking and preparing the folders (``OutputStager/init(output:protecting:cache:clean:known:remember:fileSystem:processID:isProcessAlive:)``
        /// and ``OutputStager/prepare(_:)``).
        case output
        /// Putting the new site in place of the output folder (``OutputStager/publish()``).
        case publish
    }

    /// The class of failure.
    public var code: Code
    /// When it happened.
    public var phase: Phase
    /// The folder or file involved.
    public var path: String
    /// What went wrong and what to do, for people (the path is in it).
    public var message: String
    /// The file system's error, for ``Code/fileSystem``.
    public var cause: FileSystemError?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of failure.
    ///   - phase: When it happened.
    ///   - path: The folder or file involved.
    ///   - message: What went wrong and what to do.
    public init(_ code: Code, phase: Phase, path: String, message: String) {
        self.code = code
        self.phase = phase
        self.path = path
        self.message = message
    }

    /// A file system error, its message unchanged.
    /// - Parameters:
    ///   - phase: When it happened.
    ///   - cause: The file system's error.
    public init(phase: Phase, cause: FileSystemError) {
        self.init(.fileSystem, phase: phase, path: cause.path, message: cause.description)
        self.cause = cause
    }

    public var description: String { message }
}
