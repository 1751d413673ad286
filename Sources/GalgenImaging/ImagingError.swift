/// Why an image could not be turned into variants.
public struct ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of problem.
    public enum Code: String, Sendable, Hashable {
        /// Bytes of another format (PNG, GIF, WebP, HTML, …) or no image at all.
        case unsupportedFormat
        /// libjpeg could not decode it.
        case corrupt
        /// More pixels or bytes than the configured limits.
        case tooLarge
        /// Encoding or resampling failed.
        case processingFailed
    }

    /// The class of problem.
    public var code: Code
    /// What is wrong, in words.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of problem.
    ///   - message: What is wrong.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
